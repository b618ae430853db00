import { describe, expect, it } from 'vitest';
import { syntheticCatalogue } from '../../bench/generate.js';
import type { Entry } from '../../src/catalogue/schema.js';
import { buildMiniSearch, slowBuild, type BuildOptions } from '../../src/search/build.js';
import { SEARCH_FIELDS, fieldValue, type SearchField } from '../../src/search/build.js';
import { fieldTerms } from '../../src/search/words.js';
import { SAMPLE } from './fixtures.js';

const build: BuildOptions<Entry> = {
  fields: SEARCH_FIELDS,
  valueOf: (entry, field) => fieldValue(entry, field as SearchField),
  tokenize: (text) => fieldTerms(text),
  options: { storeFields: [] },
};

describe('the fast minisearch build', () => {
  it.each([
    ['the sample catalogue', SAMPLE],
    ['a synthetic catalogue of 500 entries', syntheticCatalogue(500).entries],
  ])('produces the same index as addAll for %s', (_, entries) => {
    const fast = buildMiniSearch(entries, build).mini;
    const slow = slowBuild(entries, build).mini;
    expect(fast.termCount).toBe(slow.termCount);
    expect(fast.toJSON()).toEqual(slow.toJSON());
  });

  it('answers queries exactly as addAll would', () => {
    const entries = syntheticCatalogue(500).entries;
    const fast = buildMiniSearch(entries, build).mini;
    const slow = slowBuild(entries, build).mini;
    for (const query of ['swap api', 'rust sdk', 'walet', 'pri', 'token2022']) {
      const options = { prefix: true, fuzzy: 0.2, boost: { name: 3 } };
      expect(fast.search(query, options)).toEqual(slow.search(query, options));
    }
  });

  it('keeps the postings it built, for term statistics', () => {
    const { postings } = buildMiniSearch(SAMPLE, build);
    expect(postings?.get('pinocchio')?.get(SEARCH_FIELDS.indexOf('name'))?.size).toBe(1);
  });

  it('builds an empty index from no entries', () => {
    expect(buildMiniSearch([], build).mini.documentCount).toBe(0);
  });
});
