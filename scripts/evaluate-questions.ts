/**
 * `npm run eval:questions`: how well search answers members' questions and short phrases, with every miss.
 * `-- --file set.json` scores a set labelled elsewhere instead (see the README); `-- --verbose` lists every miss.
 * Misses are listed for a set with at most 40 of them.
 */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIndex } from '../src/runtime/catalogue-service.js';
import { FRESH_SETS, LabelledFileError, readLabelledFile, score, summary, type Labelled } from '../test/search/evaluate.js';
import { HELDOUT_PHRASES, HELDOUT_QUESTIONS } from '../test/search/heldout.js';
import { LABELLED_QUERIES } from '../test/search/queries.js';
import { QUESTIONS } from '../test/search/questions.js';

const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, file: { type: 'string', multiple: true } } });
const index = await buildIndex(process.env.CATALOGUE_DIR ?? 'catalogue');
const verbose = values.verbose;

/** The sets of a labelled file, named after it; a bad file is named with what is wrong, and nothing is scored. */
function fileSets(file: string, name = path.basename(file)): { name: string; items: Labelled[] }[] {
  try {
    const { questions, phrases } = readLabelledFile(file, index);
    return [
      { name: `${name} questions`, items: questions },
      { name: `${name} phrases`, items: phrases },
    ].filter((set) => set.items.length > 0);
  } catch (err) {
    if (!(err instanceof LabelledFileError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
}

const sets = values.file?.length
  ? values.file.flatMap((file) => fileSets(file))
  : [
      { name: 'questions', items: QUESTIONS.map((q) => ({ text: q.question, expect: q.expect })) },
      { name: 'short phrases', items: LABELLED_QUERIES.map((q) => ({ text: q.query, expect: q.expect })) },
      { name: 'held-out questions', items: HELDOUT_QUESTIONS.map((q) => ({ text: q.question, expect: q.expect })) },
      { name: 'held-out phrases', items: HELDOUT_PHRASES.map((q) => ({ text: q.question, expect: q.expect })) },
      ...FRESH_SETS.flatMap((set) => fileSets(set.file, set.name)),
    ];
for (const set of sets) {
  const s = await score(index, set.items);
  process.stdout.write(`${summary(set.name, s)}\n`);
  if (verbose || s.misses.length + s.dishonest.length <= 40) {
    for (const miss of s.misses) process.stdout.write(`  not first: ${miss}\n`);
    for (const d of s.dishonest) process.stdout.write(`  answered, should be nothing: ${d}\n`);
  }
}
