import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import type { ResourceIndex } from '../../src/search/index.js';
import { FRESH_SETS, listedFor, readLabelledFile, score, summary, type Scores } from './evaluate.js';
import { HELDOUT_PHRASES, HELDOUT_QUESTIONS } from './heldout.js';
import { LABELLED_QUERIES } from './queries.js';
import { QUESTIONS } from './questions.js';

/**
 * Floors under the search's answers to members' questions, measured as `npm run eval:questions`
 * measures them (through the search subcommand, on the shipped catalogue). Set a little below
 * today's figures, so a real regression fails the build and a harmless reordering does not.
 */
const FLOORS = {
  questions: { hitAt5: 0.98, top1: 0.9, mrr: 0.93, honesty: 0.9 },
  phrases: { hitAt5: 0.99, top1: 0.94, mrr: 0.96 },
  /** The targets the questions issue sets for a held-out set, held on ours (written apart from the others). */
  heldout: { hitAt5: 0.98, top1: 0.9, mrr: 0.93, honesty: 0.8, phrasesTop1: 0.9 },
};

let index: ResourceIndex;
let questions: Scores;
let phrases: Scores;
let heldout: Scores;
let heldoutPhrases: Scores;
let fresh: Scores;
let freshPhrases: Scores;

beforeAll(async () => {
  index = await buildIndex('catalogue');
  questions = await score(
    index,
    QUESTIONS.map((q) => ({ text: q.question, expect: q.expect })),
  );
  phrases = await score(
    index,
    LABELLED_QUERIES.map((q) => ({ text: q.query, expect: q.expect })),
  );
  heldout = await score(
    index,
    HELDOUT_QUESTIONS.map((q) => ({ text: q.question, expect: q.expect })),
  );
  heldoutPhrases = await score(
    index,
    HELDOUT_PHRASES.map((q) => ({ text: q.question, expect: q.expect })),
  );
  const freshSets = FRESH_SETS.map((set) => readLabelledFile(set.file, index));
  fresh = await score(
    index,
    freshSets.flatMap((set) => set.questions),
  );
  freshPhrases = await score(
    index,
    freshSets.flatMap((set) => set.phrases),
  );
  console.info(
    [
      summary('questions', questions),
      summary('short phrases', phrases),
      summary('held-out questions', heldout),
      summary('held-out phrases', heldoutPhrases),
      summary('fresh sets A-E', fresh),
      summary('fresh phrases A-D', freshPhrases),
    ].join('\n'),
  );
});

describe('answers to members questions, on the shipped catalogue', () => {
  it('has at least 80 labelled questions, at least 10 of them with no answer in the catalogue', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(80);
    expect(QUESTIONS.filter((q) => q.expect.length === 0).length).toBeGreaterThanOrEqual(10);
  });

  it('labels only ids that exist in the catalogue', () => {
    const missing = [...QUESTIONS.flatMap((q) => q.expect), ...LABELLED_QUERIES.flatMap((q) => q.expect)].filter((id) => !index.get(id));
    expect(missing).toEqual([]);
  });

  it(`puts a right answer in the top five for ≥ ${FLOORS.questions.hitAt5} and first for ≥ ${FLOORS.questions.top1} of the questions`, () => {
    expect(questions.hitAt5, questions.misses.join('\n')).toBeGreaterThanOrEqual(FLOORS.questions.hitAt5);
    expect(questions.top1, questions.misses.join('\n')).toBeGreaterThanOrEqual(FLOORS.questions.top1);
    expect(questions.mrr).toBeGreaterThanOrEqual(FLOORS.questions.mrr);
  });

  it(`answers at least ${FLOORS.questions.honesty * 100}% of the questions the catalogue cannot answer with an honest empty list`, () => {
    expect(questions.honesty, questions.dishonest.join('\n')).toBeGreaterThanOrEqual(FLOORS.questions.honesty);
  });

  it('keeps names, packages, typos and short phrases as good as they were', () => {
    expect(phrases.hitAt5, phrases.misses.join('\n')).toBeGreaterThanOrEqual(FLOORS.phrases.hitAt5);
    expect(phrases.top1, phrases.misses.join('\n')).toBeGreaterThanOrEqual(FLOORS.phrases.top1);
    expect(phrases.mrr).toBeGreaterThanOrEqual(FLOORS.phrases.mrr);
  });

  it('reads members shorthand as the word it stands for and skips chat words (from concepts.yaml)', async () => {
    const same = async (typed: string, meant: string) => {
      expect(await listedFor(index, typed)).toEqual(await listedFor(index, meant));
    };
    await same('how do i stream every tx touching my program', 'how do i stream every transaction touching my program');
    await same('parse a TXN', 'parse a transaction');
    await same('lol whats the best way to test anchor programs tbh', 'whats the best way to test anchor programs');
    // Whole words only: never inside a longer word or a standard's name.
    expect((await listedFor(index, 'x402 paywall'))[0]).toBe((await listedFor(index, 'x402 paywall for my api'))[0]);
    expect(await listedFor(index, 'lol')).toEqual([]);
  });

  // Written without sight of the search or the vocabulary, in a help channel's style (see FRESH_SETS): the
  // nearest thing here to questions nobody tuned for. Floors sit just under what this commit measured.
  it('holds the fresh sets: top five ≥ 0.87, first ≥ 0.70, ≥ 93% of 81 no-answer questions honest, phrases first ≥ 0.94', () => {
    expect(fresh.hitAt5, fresh.misses.join('\n')).toBeGreaterThanOrEqual(0.87);
    expect(fresh.top1, fresh.misses.join('\n')).toBeGreaterThanOrEqual(0.7);
    expect(fresh.honesty, fresh.dishonest.join('\n')).toBeGreaterThanOrEqual(0.93);
    expect(freshPhrases.top1, freshPhrases.misses.join('\n')).toBeGreaterThanOrEqual(0.94);
  });

  it('meets the held-out targets: hit@5 ≥ 0.98, top-1 ≥ 0.90, MRR ≥ 0.93, 8 of 10 honest, phrases top-1 ≥ 0.9', () => {
    const f = FLOORS.heldout;
    expect(heldout.hitAt5, heldout.misses.join('\n')).toBeGreaterThanOrEqual(f.hitAt5);
    expect(heldout.top1, heldout.misses.join('\n')).toBeGreaterThanOrEqual(f.top1);
    expect(heldout.mrr).toBeGreaterThanOrEqual(f.mrr);
    expect(heldout.honesty, heldout.dishonest.join('\n')).toBeGreaterThanOrEqual(f.honesty);
    expect(heldoutPhrases.top1, heldoutPhrases.misses.join('\n')).toBeGreaterThanOrEqual(f.phrasesTop1);
  });
});
