import { describe, expect, it } from 'vitest';
import { createResourceIndex } from '../../src/search/index.js';
import { SAMPLE_CATALOGUE, card, catalogueOf, tabular } from './fixtures.js';

const index = createResourceIndex(SAMPLE_CATALOGUE);
const ids = (query: string, options?: Parameters<typeof index.search>[1]) => index.search(query, options).map((h) => h.entry.id);
const first = (query: string) => ids(query)[0];

describe('search', () => {
  describe('exact names', () => {
    it('puts an exact name first', () => {
      expect(first('Anchor')).toBe('anchor');
      expect(first('Solana Playground')).toBe('solana-playground');
    });

    it('puts an exact id, alias or package id first', () => {
      expect(first('solana-test-validator')).toBe('solana-test-validator');
      expect(first('solpg')).toBe('solana-playground');
      expect(first('@solana/kit')).toBe('solana-kit');
      expect(first('kinobi')).toBe('codama');
    });

    it('ignores case, spaces and punctuation in names', () => {
      expect(first('solana kit')).toBe('solana-kit');
      expect(first('SolanaKit')).toBe('solana-kit');
      expect(first('web3js')).toBe('web3js');
      expect(first('@solana/web3.js')).toBe('web3js');
      expect(first('spl token')).toBe('spl-token-js');
    });

    it('keeps an exact name first even when a fuzzy variant is rarer', () => {
      const index = createResourceIndex(
        catalogueOf([
          tabular({ id: 'kora', name: 'Kora', kind: 'TOOL', description: 'Fee payer node.' }),
          tabular({ id: 'korra', name: 'Korra', kind: 'TOOL', description: 'Kora kora kora kora, as the name says.' }),
        ]),
      );
      expect(index.search('kora')[0]?.entry.id).toBe('kora');
    });

    it('ranks an alias that names another version above the entry it mentions', () => {
      expect(ids('web3.js 2').slice(0, 2)).toEqual(['solana-kit', 'web3js']);
    });
  });

  describe('partial and misspelt words', () => {
    it('matches the start of a name', () => {
      expect(first('anch')).toBe('anchor');
      expect(first('pinoc')).toBe('pinocchio');
      expect(first('litesv')).toBe('litesvm');
    });

    it('tolerates typos in words of four letters or more', () => {
      expect(ids('ancor').slice(0, 2)).toContain('anchor');
      expect(first('pinnochio')).toBe('pinocchio');
      expect(first('playgorund')).toBe('solana-playground');
    });

    it('does not fuzz three-letter words into unrelated ones', () => {
      expect(ids('ids')).not.toContain('codama');
    });
  });

  describe('questions in people’s words', () => {
    it.each([
      ['swap quote api', 'jupiter-swap-api'],
      ['local validator for tests', 'solana-test-validator'],
      ['python sdk', 'solana-py'],
      ['in-browser ide', 'solana-playground'],
      ['mcp server', 'solana-mcp'],
      ['402 payments', 'x402'],
      ['is there a replacement for bankrun', 'litesvm'],
      ['generate a client from an idl', 'codama'],
    ])('answers "%s" with %s first', (query, id) => {
      expect(first(query)).toBe(id);
    });

    it('ranks name matches above description matches', () => {
      // "Anchor Docs" and the MCP server mention Anchor in prose; Anchor is the name.
      expect(ids('anchor').indexOf('solana-mcp')).toBeGreaterThan(ids('anchor').indexOf('anchor-docs'));
    });

    it('still searches when every word is a question word', () => {
      expect(ids('solana').length).toBeGreaterThan(0);
    });
  });

  describe('kind filter', () => {
    it('keeps only entries of that kind', () => {
      const hits = index.search('solana', { kind: 'SDK' });
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.entry.form === 'tabular' && hit.entry.kind).toBe('SDK');
    });

    it('never returns cards, which have no kind', () => {
      expect(ids('python', { kind: 'SDK' })).not.toContain('solana-py');
    });

    it('applies to exact names too', () => {
      expect(ids('Anchor', { kind: 'DOCUMENTATION' })[0]).toBe('anchor-docs');
      expect(ids('Anchor', { kind: 'DOCUMENTATION' })).not.toContain('anchor');
    });
  });

  describe('results', () => {
    it('returns at most ten hits by default and honours a limit', () => {
      const big = createResourceIndex(
        catalogueOf(Array.from({ length: 30 }, (_, n) => tabular({ id: `wallet-${n}`, name: `Wallet ${n}`, kind: 'SDK' }))),
      );
      expect(big.search('wallet')).toHaveLength(10);
      expect(big.search('wallet', { limit: 3 })).toHaveLength(3);
      expect(big.search('wallet', { limit: 0 })).toEqual([]);
    });

    it('carries descending scores', () => {
      const scores = index.search('solana sdk').map((h) => h.score);
      expect(scores.length).toBeGreaterThan(1);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it('returns nothing for an empty or blank query', () => {
      expect(index.search('')).toEqual([]);
      expect(index.search('   \t\n ')).toEqual([]);
      expect(index.search('\u200b\u200f')).toEqual([]);
    });

    it('ignores zero-width and direction characters inside words', () => {
      expect(first('anc\u200bhor')).toBe('anchor');
      expect(first('\u202epinocchio\u202c')).toBe('pinocchio');
    });

    it('survives hostile input', () => {
      for (const query of ['a'.repeat(6000), '🚀'.repeat(3000), '.*+?^${}()|[]\\', '\u0000\u0001\u0007', '\ud800', '(((((']) {
        expect(() => index.search(query)).not.toThrow();
      }
    });

    it('finds cards by their package id', () => {
      const index = createResourceIndex(catalogueOf([card({ id: 'anchor-lang', name: 'anchor-lang crate', package: 'anchor-lang' })]));
      expect(index.search('anchor-lang')[0]?.entry.id).toBe('anchor-lang');
    });
  });
});

describe('answers a snapshot remembers', () => {
  it('gives the same frozen answer to the same question and options, and works out a new one otherwise', () => {
    const fresh = createResourceIndex(SAMPLE_CATALOGUE);
    const first = fresh.answer('local validator for tests');
    expect(fresh.answer('local validator for tests')).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.hits)).toBe(true);
    expect(fresh.answer('local validator for tests', { kind: 'TOOL' })).not.toBe(first);
    expect(fresh.answer('local validator for tests', { limit: 3 })).not.toBe(first);
    // The same words in another order are another question (ranking may differ), and a new snapshot starts afresh.
    expect(fresh.answer('tests local validator')).not.toBe(first);
    expect(createResourceIndex(SAMPLE_CATALOGUE).answer('local validator for tests')).not.toBe(first);
    expect(createResourceIndex(SAMPLE_CATALOGUE).answer('local validator for tests')).toEqual(first);
  });
});
