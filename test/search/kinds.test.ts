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

  it('never lists cards', () => {
    const index = createResourceIndex(catalogueOf([card({ id: 'c', name: 'C' }), tabular({ id: 't', name: 'T', kind: 'SDK' })]));
    expect(index.byKind('SDK').entries.map((e) => e.id)).toEqual(['t']);
  });

  it.each<[Kind, Kind]>([
    ['DOCS', 'DOCUMENTATION'],
    ['DOCUMENTATION', 'DOCS'],
    ['TOOL', 'TOOLING'],
    ['TOOLING', 'TOOL'],
    ['GITHUB', 'REPO'],
  ])('points %s to its near-synonym %s when that kind has entries', (kind, other) => {
    const count = index.byKind(other).entries.length;
    if (count > 0) expect(index.byKind(kind).synonym).toEqual({ kind: other, count });
    else expect(index.byKind(kind).synonym).toBeUndefined();
  });

  it('sets no synonym when the other kind is empty or has no synonym', () => {
    expect(index.byKind('GITHUB')).not.toHaveProperty('synonym');
    expect(index.byKind('API')).not.toHaveProperty('synonym');
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
