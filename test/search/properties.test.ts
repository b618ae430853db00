import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../helpers/property-runs.js';
import { KINDS } from '../../src/catalogue/schema.js';
import { browseKind, createResourceIndex, kindGroup } from '../../src/search/index.js';
import { toChoice } from '../../src/render/choices.js';
import { cleanInput, MAX_QUERY_CHARS } from '../../src/base/text.js';
import { SAMPLE_CATALOGUE } from './fixtures.js';

const index = createResourceIndex(SAMPLE_CATALOGUE);

/** Any text, weighted towards what breaks search code: invisible characters, surrogates, regex syntax, huge pastes. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({
    unit: fc.constantFrom('\u200b', '\u202e', '\u0000', '\ud800', '\udc00', '🚀', '.', '*', '(', '[', '\\', ' ', 'a', 'n', 'c'),
    maxLength: 80,
  }),
  fc.string({ unit: 'binary', minLength: 5000, maxLength: 7000 }),
  fc.constantFrom('anchor', 'ancor', 'web3.js', '@solana/kit', 'x402', 'local validator for tests'),
);
const hasLoneSurrogate = (s: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

describe('for any input', () => {
  it('search never throws and respects the limit and the kind', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.option(fc.constantFrom(...KINDS), { nil: undefined }),
        fc.integer({ min: -5, max: 40 }),
        (query, kind, limit) => {
          const hits = index.search(query, { limit, ...(kind && { kind }) });
          expect(hits.length).toBeLessThanOrEqual(Math.max(0, limit));
          for (const hit of hits) {
            expect(Number.isFinite(hit.score)).toBe(true);
            if (kind) expect(kindGroup(kind)).toContain(browseKind(hit.entry));
          }
        },
      ),
      propertyRuns(400),
    );
  });

  it('suggest never throws and returns at most 25 valid choices', () => {
    fc.assert(
      fc.property(hostileText, (partial) => {
        const choices = index.suggest(partial).map(toChoice);
        expect(choices.length).toBeLessThanOrEqual(25);
        expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
        for (const choice of choices) {
          expect(choice.name.length).toBeGreaterThan(0);
          expect(choice.name.length).toBeLessThanOrEqual(100);
          expect(hasLoneSurrogate(choice.name)).toBe(false);
          expect(index.get(choice.value)).toBeDefined();
        }
      }),
      propertyRuns(400),
    );
  });

  it('lookup never throws and offers at most five candidates', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const result = index.lookup(text);
        if (!result.entry) expect(result.candidates.length).toBeLessThanOrEqual(5);
      }),
      propertyRuns(400),
    );
  });

  it('cleaning leaves no invisible characters, no lone surrogates and at most 200 characters', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const clean = cleanInput(text);
        expect(clean.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
        expect(clean).not.toMatch(/[\p{Cc}\p{Cf}]/u);
        expect(hasLoneSurrogate(clean)).toBe(false);
        expect(clean).toBe(clean.trim());
      }),
      propertyRuns(400),
    );
  });

  it('an entry is always found by its own name, first', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SAMPLE_CATALOGUE.entries), fc.constantFrom('search', 'suggest', 'lookup'), (entry, how) => {
        if (how === 'search') expect(index.search(entry.name)[0]?.entry.id).toBe(entry.id);
        if (how === 'suggest') expect(index.suggest(entry.name)[0]?.id).toBe(entry.id);
        if (how === 'lookup') expect(index.lookup(entry.name).entry?.id).toBe(entry.id);
      }),
      propertyRuns(100),
    );
  });
});
