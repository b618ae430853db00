/**
 * `npm run eval:questions`: how well search answers members' questions, set by set: first answer right,
 * right answer in the top five, answerable questions answered "nothing", no-answer questions answered
 * honestly, questions shown as an answer (not as the nearest matches) that are wrong, and the plain
 * minisearch floor. Training sets list their misses (at most 40, or all with `--verbose`); measuring sets print figures only, so nobody tunes on them (`--show-measuring` lists their
 * misses too, and makes them training sets from then on; `--training` skips them, for checking a change while
 * working). `-- --file set.json` scores a set labelled elsewhere.
 */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIndex } from '../src/runtime/catalogue-service.js';
import { plainHitAt5, plainIndex } from '../test/search/baseline.js';
import { byLocale, score, summary } from '../test/search/evaluate.js';
import { LABELLED_SETS, LabelledFileError, readLabelledFile, unknownIds, type LabelledSet } from '../test/search/sets.js';

const { values } = parseArgs({
  options: {
    verbose: { type: 'boolean', default: false },
    'show-measuring': { type: 'boolean', default: false },
    training: { type: 'boolean', default: false },
    file: { type: 'string', multiple: true },
  },
});
const index = await buildIndex(process.env.CATALOGUE_DIR ?? 'catalogue');
const plain = plainIndex(index.catalogue.entries);

/** The sets of a labelled file, named after it; a bad file is named with what is wrong, and nothing is scored. */
function fileSets(file: string): LabelledSet[] {
  try {
    const { questions, phrases } = readLabelledFile(file);
    const unknown = unknownIds([...questions, ...phrases], (id) => index.get(id) !== undefined);
    if (unknown.length) throw new LabelledFileError(`${file}: no entry has the id ${unknown.join(', ')}`);
    const name = path.basename(file);
    return [
      { name: `${name} questions`, role: 'training' as const, files: [file], items: () => questions },
      { name: `${name} phrases`, role: 'training' as const, files: [file], items: () => phrases },
    ].filter((set) => set.items().length > 0);
  } catch (err) {
    if (!(err instanceof LabelledFileError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}

const sets = values.file?.length ? values.file.flatMap(fileSets) : LABELLED_SETS.filter((s) => !values.training || s.role === 'training');
if (sets.some((set) => set.role === 'training'))
  // The shipped models keep the training questions as examples, where each finds itself: judge by the measuring sets.
  process.stdout.write('[training] figures are on questions the models keep as examples; npm run ranker:fit cross-validates\n');
for (const set of sets) {
  const items = set.items();
  if (items.length === 0) continue;
  const s = await score(index, items);
  const floor = s.answerable > 0 ? `; plain minisearch hit@5 ${plainHitAt5(plain, items).toFixed(3)}` : '';
  process.stdout.write(`${summary(`[${set.role}] ${set.name}`, s)}${floor}\n`);
  // Each language on its own: a good average can hide one language the glossaries serve badly.
  for (const [locale, own] of byLocale(items)) process.stdout.write(`${summary(`    ${locale}`, await score(index, own))}\n`);
  const show = set.role === 'training' || values['show-measuring'];
  if (show && (values.verbose || s.misses.length + s.dishonest.length <= 40)) {
    for (const miss of s.misses) process.stdout.write(`  not first: ${miss}\n`);
    for (const d of s.dishonest) process.stdout.write(`  answered, should be nothing: ${d}\n`);
  }
}
