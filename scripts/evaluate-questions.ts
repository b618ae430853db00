/** `npm run eval:questions`: how well search answers members' questions and short phrases, with every miss. */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
import { buildIndex } from '../src/runtime/catalogue-service.js';
import { score, summary } from '../test/search/evaluate.js';
import { HELDOUT_PHRASES, HELDOUT_QUESTIONS } from '../test/search/heldout.js';
import { LABELLED_QUERIES } from '../test/search/queries.js';
import { QUESTIONS } from '../test/search/questions.js';

const index = await buildIndex(process.env.CATALOGUE_DIR ?? 'catalogue');
const verbose = process.argv.includes('--verbose');
const sets = [
  { name: 'questions', items: QUESTIONS.map((q) => ({ text: q.question, expect: q.expect })) },
  { name: 'short phrases', items: LABELLED_QUERIES.map((q) => ({ text: q.query, expect: q.expect })) },
  { name: 'held-out questions', items: HELDOUT_QUESTIONS.map((q) => ({ text: q.question, expect: q.expect })) },
  { name: 'held-out phrases', items: HELDOUT_PHRASES.map((q) => ({ text: q.question, expect: q.expect })) },
];
for (const set of sets) {
  const s = await score(index, set.items);
  process.stdout.write(`${summary(set.name, s)}\n`);
  if (verbose || s.misses.length + s.dishonest.length <= 40) {
    for (const miss of s.misses) process.stdout.write(`  not first: ${miss}\n`);
    for (const d of s.dishonest) process.stdout.write(`  answered, should be nothing: ${d}\n`);
  }
}
