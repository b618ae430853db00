import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fitModels, inputsDigest, prepare } from '../../scripts/fit/ranker.js';
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
