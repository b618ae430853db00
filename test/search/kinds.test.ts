import { describe, expect, it } from 'vitest';
import type { Kind } from '../../src/catalogue/schema.js';
import { createResourceIndex } from '../../src/search/index.js';
import { SAMPLE_CATALOGUE, card, catalogueOf, tabular } from './fixtures.js';

const index = createResourceIndex(SAMPLE_CATALOGUE);

describe('byKind', () => {
  it('lists every tabular entry of the kind and nothing else', () => {
    const listing = index.byKind('SDK');
    expect(listing.kind).toBe('SDK');
    expect(listing.entries.map((e) => e.id).sort()).toEqual(['pinocchio', 'solana-kit', 'spl-token-js', 'web3js']);
  });

  it('puts featured entries first, then sorts by name without regard to case or locale', () => {
    const index = createResourceIndex(
      catalogueOf([
        tabular({ id: 'zeta', name: 'zeta', kind: 'TOOL' }),
        tabular({ id: 'beta', name: 'Beta', kind: 'TOOL' }),
        tabular({ id: 'alpha', name: 'alpha', kind: 'TOOL' }),
        tabular({ id: 'umlaut', name: 'Äther', kind: 'TOOL' }),
        tabular({ id: 'omega', name: 'Omega', kind: 'TOOL', featured: true }),
      ]),
    );
    expect(index.byKind('TOOL').entries.map((e) => e.id)).toEqual(['omega', 'alpha', 'beta', 'zeta', 'umlaut']);
  });

  it('lists cards under the kind they are browsed under, and never a card without one', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'c', name: 'C', browse: 'SDK' }),
        card({ id: 'unbrowsed', name: 'Unbrowsed' }),
        tabular({ id: 't', name: 'T', kind: 'SDK' }),
      ]),
    );
    expect(index.byKind('SDK').entries.map((e) => e.id)).toEqual(['c', 't']);
  });

  it.each<[Kind, Kind]>([
    ['DOCS', 'DOCUMENTATION'],
    ['DOCUMENTATION', 'DOCS'],
    ['TOOL', 'TOOLING'],
    ['TOOLING', 'TOOL'],
    ['GITHUB', 'REPO'],
    ['REPO', 'GITHUB'],
  ])('lists %s together with its near-synonym %s, as a member browsing either expects', (kind, other) => {
    const index = createResourceIndex(
      catalogueOf([
        tabular({ id: 'own', name: 'Own', kind }),
        tabular({ id: 'near', name: 'Near', kind: other }),
        tabular({ id: 'api', name: 'Api', kind: 'API' }),
      ]),
    );
    expect(index.byKind(kind).entries.map((e) => e.id)).toEqual(['near', 'own']);
    expect(index.byKind(other).entries.map((e) => e.id)).toEqual(['near', 'own']);
  });

  it('lists a kind without a near-synonym alone', () => {
    expect(index.byKind('API').entries.every((e) => e.form === 'tabular' && e.kind === 'API')).toBe(true);
  });

  it('returns an empty listing for a kind nobody uses', () => {
    expect(index.byKind('WEBSITE')).toEqual({ kind: 'WEBSITE', entries: [] });
  });

  it('returns a copy, so a caller cannot reorder the snapshot', () => {
    index.byKind('SDK').entries.reverse();
    index.byKind('SDK').entries.length = 0;
    expect(index.byKind('SDK').entries[0]?.id).toBe('solana-kit');
  });
});
