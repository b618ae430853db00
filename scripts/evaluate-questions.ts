/**
 * `npm run eval:questions`: how well search answers members' questions and short phrases, with every miss.
 * `-- --file set.json` scores a set labelled elsewhere instead (see the README); `-- --verbose` lists every miss.
 */
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { buildIndex } from '../src/runtime/catalogue-service.js';
import { score, summary, type Labelled } from '../test/search/evaluate.js';
import { HELDOUT_PHRASES, HELDOUT_QUESTIONS } from '../test/search/heldout.js';
import { LABELLED_QUERIES } from '../test/search/queries.js';
import { QUESTIONS } from '../test/search/questions.js';

const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false }, file: { type: 'string', multiple: true } } });
const index = await buildIndex(process.env.CATALOGUE_DIR ?? 'catalogue');
const verbose = values.verbose;

/** One labelled item of a file: a question (or phrase) and the ids any of which is a right first answer. */
const FileItem = z.object({ question: z.string().min(1), expect: z.array(z.string()) }).strict();
const LabelledFile = z.object({ questions: z.array(FileItem).default([]), phrases: z.array(FileItem).default([]) }).strict();

/**
 * A set someone labelled outside the repository (`--file set.json`: {"questions": [{"question", "expect"}],
 * "phrases": [...]}), scored like ours. Ids the catalogue does not hold are refused: a typo there would count as a miss.
 */
function fileSets(file: string): { name: string; items: Labelled[] }[] {
  let parsed;
  try {
    parsed = LabelledFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (err) {
    process.stderr.write(`${file}: ${(err as Error).message}\n`);
    process.exit(2);
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) process.stderr.write(`${file}: ${issue.path.join('.')}: ${issue.message}\n`);
    process.exit(2);
  }
  const unknown = [...parsed.data.questions, ...parsed.data.phrases].flatMap((q) => q.expect.filter((id) => !index.get(id)));
  if (unknown.length) {
    process.stderr.write(`${file}: no entry has the id ${[...new Set(unknown)].join(', ')}\n`);
    process.exit(2);
  }
  const items = (list: typeof parsed.data.questions) => list.map((q) => ({ text: q.question, expect: q.expect }));
  const base = path.basename(file);
  return [
    { name: `${base} questions`, items: items(parsed.data.questions) },
    { name: `${base} phrases`, items: items(parsed.data.phrases) },
  ].filter((set) => set.items.length > 0);
}

const sets = values.file?.length
  ? values.file.flatMap(fileSets)
  : [
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
