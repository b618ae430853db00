import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import { createResourceIndex, type ResourceIndex } from '../../src/search/index.js';
import { defaultSearchSettings } from '../../src/search/options.js';
import { shippedModels } from '../../src/search/rank.js';
import { plainHitAt5, plainIndex } from './baseline.js';
import { byLocale, listedFor, score, summary, type Scores } from './evaluate.js';
import { LABELLED_SETS, MEASURING_SETS, unknownIds } from './sets.js';

/**
 * Floors under the search's answers, measured as `npm run eval:questions` measures them (through the search
 * subcommand, on the shipped catalogue), a little below this commit's figures. The measuring sets' floors
 * are the ones that matter: nothing was tuned on them. falseNothing is a share of the answerable questions.
 */
const FLOORS: Readonly<Record<string, { top1?: number; hitAt5?: number; honesty?: number; falseNothing?: number }>> = {
  // A new set since stop 29 (the one before became fresh set G). First reading 0.800, 0.914, "nothing" 9/105, honest
  // 24/25; after the lower false-nothing budget (chosen on cross-validation): 0.810, 0.952, 5/105, 24/25; at the end
  // of stop 30 (more training questions, five more asks an entry): 0.838, 0.990, 1/105, 24/25; at the end of stop 31
  // (page-grounded asks for the most needed docs and libraries, new features, two more training sets): 0.857, 1.000,
  // 0/105, 24/25; at the end of stop 32 (questions answered before): 0.924, 0.990, 0/105, 24/25.
  'new English questions (measuring)': { top1: 0.89, hitAt5: 0.97, honesty: 0.9, falseNothing: 0.04 },
  // Honesty 19 -> 17 of 22 when the third real collection joined training (the "nothing" threshold fell with it),
  // 16 with five more asks an entry (more no-answer questions meet an ask halfway).
  'fresh set G questions': { top1: 0.78, hitAt5: 0.94, honesty: 0.7 },
  // Measuring (end of stop 30: 0.875, 0.986, 0/72, 18/18; end of stop 31: 0.889, 0.986, 0/72, 17/18; end of stop 32:
  // 0.847, 0.986, 0/72, 17/18; each language below).
  'other languages (measuring)': { top1: 0.8, hitAt5: 0.95, honesty: 0.85, falseNothing: 0.02 },
  // A new collection since stop 29 (the one before trains now); first reading: 0.303, 0.624, 3/109; 0.294, 0.606,
  // 6/109 at the end of stop 29; 0.339, 0.661, 2/109 at the end of stop 30; 0.404, 0.697, 2/109 at the end of stop 31;
  // 0.477, 0.771, 1/109 at the end of stop 32. First place is below the 0.55, held so it cannot slip.
  'real questions (measuring part)': { top1: 0.44, hitAt5: 0.74, falseNothing: 0.04 },
  // Training sets.
  questions: { top1: 0.86, hitAt5: 0.97, honesty: 0.88 },
  'short phrases': { top1: 0.95, hitAt5: 0.98 },
  'older held-out questions': { top1: 0.86, hitAt5: 0.97, honesty: 0.9 },
  'older held-out phrases': { top1: 0.94, hitAt5: 0.98 },
  'other languages (training)': { top1: 0.68, hitAt5: 0.85 },
  // With the third and fourth collections (stop 30), harder than the first two: 0.387, 0.696; 0.456, 0.738 at the end
  // of stop 31, with its collection. Since stop 32 each of these questions is among the models' examples, so it finds
  // itself: its figures run high and say little.
  'real questions (training part)': { top1: 0.42, hitAt5: 0.71 },
};

/** Every language of the measuring set on its own: the right entry in the top five this often (the issue asks 0.8). */
const EACH_LANGUAGE_HIT_AT_5 = 0.8;

let index: ResourceIndex;
const scores = new Map<string, Scores>();

beforeAll(async () => {
  index = await buildIndex('catalogue');
  const lines: string[] = [];
  for (const set of LABELLED_SETS) {
    const items = set.items();
    if (items.length === 0) continue;
    const s = await score(index, items);
    scores.set(set.name, s);
    lines.push(summary(`[${set.role}] ${set.name}`, s));
  }
  console.info(lines.join('\n'));
}, 180_000); // thousands of questions: seconds here, far longer on a busy machine

describe('answers to members questions, on the shipped catalogue', () => {
  it('labels only ids that exist in the catalogue, in every set', () => {
    for (const set of LABELLED_SETS)
      expect(
        unknownIds(set.items(), (id) => index.get(id) !== undefined),
        set.name,
      ).toEqual([]);
  });

  it('keeps a measuring set that no rule, wording or weight was tuned on', () => {
    expect(MEASURING_SETS.map((s) => s.name)).toContain('new English questions (measuring)');
  });

  it('holds the floors on every set', () => {
    for (const [name, floor] of Object.entries(FLOORS)) {
      const s = scores.get(name);
      expect(s, name).toBeDefined();
      if (!s) continue;
      if (floor.top1 !== undefined) expect(s.top1, name).toBeGreaterThanOrEqual(floor.top1);
      if (floor.hitAt5 !== undefined) expect(s.hitAt5, name).toBeGreaterThanOrEqual(floor.hitAt5);
      if (floor.honesty !== undefined) expect(s.honesty, name).toBeGreaterThanOrEqual(floor.honesty);
      if (floor.falseNothing !== undefined)
        expect(s.falseNothing / Math.max(1, s.answerable), name).toBeLessThanOrEqual(floor.falseNothing);
    }
  });

  it('holds every language of the measuring set on its own', async () => {
    const set = LABELLED_SETS.find((x) => x.name === 'other languages (measuring)');
    expect(set).toBeDefined();
    const languages = byLocale(set?.items() ?? []);
    expect(languages.size).toBe(9);
    for (const [locale, items] of languages)
      expect((await score(index, items)).hitAt5, locale).toBeGreaterThanOrEqual(EACH_LANGUAGE_HIT_AT_5);
  });

  // Searching every labelled set again with the plain index takes seconds, and several times that on a busy machine.
  it('puts a right answer in the top five at least as often as a plain minisearch index, on every set', { timeout: 180_000 }, () => {
    const plain = plainIndex(index.catalogue.entries);
    for (const set of LABELLED_SETS) {
      const s = scores.get(set.name);
      if (!s || s.answerable === 0) continue;
      expect(s.hitAt5, set.name).toBeGreaterThanOrEqual(plainHitAt5(plain, set.items()));
    }
  });

  it('reads members shorthand as the word it stands for and skips chat words (from concepts.yaml)', async () => {
    // Read alike, they rank alike. Questions answered before are compared by the words as written ("tx" is not
    // "transaction" there), so this compares the reading with that memory left out.
    const shipped = shippedModels();
    const reading = createResourceIndex(index.catalogue, defaultSearchSettings, { ...shipped, examples: [] });
    const same = async (typed: string, meant: string) => {
      expect(await listedFor(reading, typed)).toEqual(await listedFor(reading, meant));
    };
    await same('how do i stream every tx touching my program', 'how do i stream every transaction touching my program');
    await same('parse a TXN', 'parse a transaction');
    await same('lol whats the best way to test anchor programs tbh', 'whats the best way to test anchor programs');
    expect(await listedFor(reading, 'lol')).toEqual([]);
  });
});
