import { describe, expect, it } from 'vitest';
import { syntheticCatalogue } from '../../bench/generate.js';
import type { Entry } from '../../src/catalogue/schema.js';
import MiniSearch from 'minisearch';
import {
  SEARCH_FIELDS,
  buildMiniSearch,
  fieldValue,
  minisearchOptions,
  type BuildOptions,
  type SearchField,
} from '../../src/search/build.js';
import { fieldTerms } from '../../src/search/words.js';
import { SAMPLE } from './fixtures.js';

const build: BuildOptions<Entry> = {
  fields: SEARCH_FIELDS,
  proseFields: ['description'],
  valueOf: (entry, field) => fieldValue(entry, field as SearchField),
  tokenize: (text) => fieldTerms(text),
  options: { storeFields: [] },
};

/** minisearch's own way to build an index, one document at a time: the reference. */
function addAllBuild(entries: readonly Entry[]): MiniSearch<{ i: number }> {
  const mini = new MiniSearch<{ i: number }>(minisearchOptions(build));
  mini.addAll(
    entries.map((entry, i) => {
      const document: Record<string, unknown> = { i };
      for (const field of build.fields) {
        const value = build.valueOf(entry, field);
        document[field] = typeof value === 'string' ? value : value.join('\n');
      }
      return document as { i: number };
    }),
  );
  return mini;
}

describe('the fast minisearch build', () => {
  it.each([
    ['the sample catalogue', SAMPLE],
    ['a synthetic catalogue of 500 entries', syntheticCatalogue(500).entries],
  ])('produces the same index as addAll for %s', (_, entries) => {
    const fast = buildMiniSearch(entries, build).mini;
    const slow = addAllBuild(entries);
    expect(fast.termCount).toBe(slow.termCount);
    expect(fast.toJSON()).toEqual(slow.toJSON());
  });

  it('answers queries exactly as addAll would', () => {
    const entries = syntheticCatalogue(500).entries;
    const fast = buildMiniSearch(entries, build).mini;
    const slow = addAllBuild(entries);
    for (const query of ['swap api', 'rust sdk', 'walet', 'pri', 'token2022']) {
      const options = { prefix: true, fuzzy: 0.2, boost: { name: 3 } };
      expect(fast.search(query, options)).toEqual(slow.search(query, options));
    }
  });

  it('counts the documents holding each term, in any field and in the labels', () => {
    const { counts } = buildMiniSearch(SAMPLE, build);
    expect(counts.all.get('pinocchio')).toBe(1);
    expect(counts.labels.get('pinocchio')).toBe(1);
    const inProseOnly = [...counts.all.keys()].find((term) => !counts.labels.has(term));
    expect(inProseOnly).toBeDefined();
  });

  it('builds an empty index from no entries', () => {
    expect(buildMiniSearch([], build).mini.documentCount).toBe(0);
  });
});
