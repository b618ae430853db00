import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerableThreshold, fitModels, inputsDigest, prepare } from '../../scripts/fit/ranker.js';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import { EMPTY_MODELS, fits, shippedModels } from '../../src/search/rank.js';
import { TRAINING_SETS } from './sets.js';

const stored = () => JSON.parse(readFileSync('src/search/weights.json', 'utf8')) as unknown;

describe('the fitted weights (src/search/weights.json)', () => {
  it('name exactly the features the code computes', () => {
    const models = shippedModels();
    expect(models).not.toBe(EMPTY_MODELS);
    expect(fits(models)).toBe(true);
  });

  it("were fitted on today's catalogue, vocabulary, glossaries and training sets (else: npm run ranker:fit)", () => {
    expect(shippedModels().inputs, 'the stored weights are stale: run npm run ranker:fit').toBe(inputsDigest('catalogue', TRAINING_SETS));
  });

  it('are what fitting again gives, number for number: the fit is deterministic', async () => {
    const index = await buildIndex('catalogue');
    const items = TRAINING_SETS.flatMap((set) => set.items());
    const refit = fitModels(index.snapshot, prepare(index.snapshot, items), inputsDigest('catalogue', TRAINING_SETS));
    expect(JSON.parse(JSON.stringify(refit))).toEqual(stored());
  }, 120_000);
});

describe('where "answerable" starts', () => {
  const yes = [0.55, 0.6, 0.9, 0.95];
  it('spends the false-"nothing" budget only as far as it buys an honest "nothing", halfway to the next answerable question', () => {
    expect(answerableThreshold(yes, [0.2, 0.52, 0.58], 1)).toBeCloseTo(0.59);
    expect(answerableThreshold(yes, [0.2, 0.52], 1)).toBeCloseTo(0.535);
  });
  it('never goes past the budget, and stays at 0.5 when nothing is caught above it', () => {
    expect(answerableThreshold(yes, [0.2, 0.52, 0.58], 0)).toBeCloseTo(0.535);
    expect(answerableThreshold(yes, [0.2, 0.7], 1)).toBe(0.5);
  });
});
