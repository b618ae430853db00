import { describe, expect, it } from 'vitest';
import { createResourceIndex } from '../../src/search/index.js';
import type { LookupResult } from '../../src/search/index.js';
import { SAMPLE_CATALOGUE } from './fixtures.js';

const index = createResourceIndex(SAMPLE_CATALOGUE);
const found = (result: LookupResult) => result.entry?.id;
const candidates = (result: LookupResult) => (result.entry ? [] : result.candidates.map((e) => e.id));

describe('lookup', () => {
  it('finds an entry by id, name, alias or package id', () => {
    expect(found(index.lookup('solana-kit'))).toBe('solana-kit');
    expect(found(index.lookup('Solana Kit'))).toBe('solana-kit');
    expect(found(index.lookup('solpg'))).toBe('solana-playground');
    expect(found(index.lookup('@solana/web3.js'))).toBe('web3js');
  });

  it('compares names like the catalogue does: without case or spaces', () => {
    expect(found(index.lookup('solanakit'))).toBe('solana-kit');
    expect(found(index.lookup('  SOLANA   KIT '))).toBe('solana-kit');
  });

  it('also accepts a name written without its punctuation when only one entry fits', () => {
    expect(found(index.lookup('solanatestvalidator'))).toBe('solana-test-validator');
  });

  it('offers "did you mean" candidates for a misspelt name', () => {
    expect(candidates(index.lookup('pinnochio'))).toEqual(['pinocchio']);
    expect(candidates(index.lookup('solana playgrond'))[0]).toBe('solana-playground');
  });

  it('offers at most five candidates', () => {
    expect(candidates(index.lookup('solana sdk')).length).toBeLessThanOrEqual(5);
    expect(candidates(index.lookup('solana sdk')).length).toBeGreaterThan(0);
  });

  it('answers nonsense and empty input with no candidates', () => {
    expect(index.lookup('')).toEqual({ candidates: [] });
    expect(index.lookup('qqqqzzzz')).toEqual({ candidates: [] });
  });
});

describe('get', () => {
  it('returns the entry with that id, or nothing', () => {
    expect(index.get('anchor')?.name).toBe('Anchor');
    expect(index.get('Anchor')).toBeUndefined();
    expect(index.get('')).toBeUndefined();
  });
});
