/**
 * `npm run ranker:fit`: fits the search's models on the training sets (never the measuring ones), prints
 * k-fold cross-validation figures, and writes src/search/weights.json. Run it after editing the catalogue, the
 * vocabulary, a glossary or a training set; `-- --check` only says whether the stored weights are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildIndex } from '../src/runtime/catalogue-service.js';
import { TRAINING_SETS } from '../test/search/sets.js';
import type { Models } from '../src/search/rank.js';
import { crossValidate, fitModels, inputsDigest, prepare, type Figures } from './fit/ranker.js';

const WEIGHTS_FILE = 'src/search/weights.json';
const CATALOGUE_DIR = process.env.CATALOGUE_DIR ?? 'catalogue';
const FOLDS = 5;

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const inputs = inputsDigest(CATALOGUE_DIR, TRAINING_SETS);
const stored = (JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as { inputs?: string }).inputs;
if (values.check) {
  process.stdout.write(stored === inputs ? 'weights are up to date\n' : `weights are stale: run npm run ranker:fit\n`);
  process.exit(stored === inputs ? 0 : 1);
}

const index = await buildIndex(CATALOGUE_DIR);
const items = TRAINING_SETS.flatMap((set) => set.items());
const prepared = prepare(index.snapshot, items);
const line = (name: string, f: Figures) =>
  `${name}: first ${(f.top1 / f.answerable).toFixed(3)}, top five ${(f.hitAt5 / f.answerable).toFixed(3)} over ${f.answerable}; ` +
  `answered "nothing" ${f.falseNothing}/${f.answerable}; honest ${f.honest}/${f.noAnswer}; ` +
  `shown as an answer but wrong ${f.confidentWrong}/${f.answerable + f.noAnswer}`;

/** The models as JSON, readable in a diff: the weights indented, one example a line. */
function weightsFile(models: Models): string {
  const { examples, ...weights } = models;
  const head = JSON.stringify(weights, null, 2).replace(/\n}$/, '');
  return `${head},\n  "examples": [\n${examples.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]\n}\n`;
}

const cv = crossValidate(index.snapshot, prepared, FOLDS);
cv.perFold.forEach((f, k) => process.stdout.write(`${line(`fold ${k + 1}`, f)}\n`));
process.stdout.write(`${line(`${FOLDS}-fold cross-validation`, cv.total)}\n`);

const models = fitModels(index.snapshot, prepared, inputs);
writeFileSync(WEIGHTS_FILE, weightsFile(models));
process.stdout.write(`wrote ${WEIGHTS_FILE} (${items.length} labelled questions)\n`);
