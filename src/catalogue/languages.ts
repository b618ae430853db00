/**
 * Members' words in the bot's other languages (`catalogue/language.<locale>.yaml`): each file maps the
 * words of one language to the English words the search reads ("billetera" → wallet, "钱包" → wallet), and
 * lists the filler a question in that language carries ("cómo", "有没有"). Translators add wordings as
 * data; they are validated like the entries, with file and line.
 */
import { LineCounter, isMap, parseDocument } from 'yaml';
import { z } from 'zod';
import { hasInvisible } from '../base/text.js';
import { SUPPORTED_LOCALES } from '../i18n/index.js';
import { fastData } from './fast-read.js';
import { describeValue, fieldName, type Problem } from './problems.js';
import { nestingProblem, toData, yamlErrorMessage } from './yaml-guards.js';

/** `language.es-ES.yaml` → "es-ES"; undefined for any other file name. */
export function languageFileLocale(name: string): string | undefined {
  return /^language\.([A-Za-z]{2,3}(?:-[A-Za-z]{2})?)\.ya?ml$/.exec(name)?.[1];
}

const wording = z
  .string({ error: 'has the wrong type' })
  .min(1, { error: 'is empty' })
  .max(60, { error: 'is too long' })
  .refine((s) => !hasInvisible(s), { error: 'contains a control, zero-width or direction character' })
  .refine((s) => s === s.trim(), { error: 'has leading or trailing spaces' })
  .refine((s) => !/\*(?!\s|$)/.test(s), { error: 'has "*" inside a word (a "*" ends a word: "any ending")' });

const glossaryItemSchema = z.strictObject({
  means: wording.refine((s) => !s.includes('*'), { error: 'contains "*" (only words may end with it)' }),
  words: z.array(wording).min(1, { error: 'is empty' }).max(80, { error: 'has too many items' }),
});

const languageFileSchema = z.strictObject({
  locale: z.string({ error: 'has the wrong type' }),
  filler: z.array(wording).max(1000, { error: 'has too many items' }).default([]),
  words: z.array(z.unknown()).max(3000, { error: 'has too many items' }),
});

/** One wording of a language and the English it stands for. */
export type GlossaryItem = z.output<typeof glossaryItemSchema>;

/** One language's glossary, as the search reads it. */
export interface Glossary {
  readonly locale: string;
  readonly filler: readonly string[];
  readonly words: readonly GlossaryItem[];
}

const EXPECTED: Record<string, string> = {
  locale: `the file's locale, one of ${SUPPORTED_LOCALES.join(', ')}, as in the file name`,
  filler: 'a list of words that carry no need in a question, such as "cómo" or "吗"',
  words: 'a list of items, each with means (English words) and words (this language\'s wordings)',
  means: 'the English words the wordings stand for, such as "wallet" or "send tokens"',
};

function lineIn(doc: ReturnType<typeof parseDocument>, counter: LineCounter, keys: readonly PropertyKey[]): number {
  for (let n = keys.length; n >= 0; n--) {
    const node = doc.getIn(keys.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

/**
 * Parses and checks one language file; `name` is its file name (which says its locale). A well-formed file
 * is read the fast way (see fast-read.ts); one with a problem is read again the careful way, which knows lines.
 */
export function parseLanguageFile(text: string, file: string, name: string): { glossary?: Glossary; problems: Problem[] } {
  const quick = fastData(text);
  if (quick) {
    const checked = checkLanguageData(quick, file, name, () => 1);
    if (checked.glossary) return checked;
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0)
    return {
      problems: doc.errors.map((err) => {
        const pos = err.linePos?.[0] ?? counter.linePos(err.pos[0]);
        return { file, line: pos.line, column: pos.col, message: yamlErrorMessage(err.message) };
      }),
    };
  const tooDeep = nestingProblem(doc, counter, file);
  const plain = tooDeep ? { problem: tooDeep } : toData(doc, counter, file);
  if ('problem' in plain) return { problems: [plain.problem] };
  if (!isMap(doc.contents))
    return { problems: [{ file, line: 1, message: `is not a language file (expected a mapping with locale, filler and words, got ${describeValue(plain.data)})` }] };
  return checkLanguageData(plain.data, file, name, (path) => lineIn(doc, counter, path));
}

/** Checks a language file's data; `at` finds the line of a path in the file. */
function checkLanguageData(
  data: unknown,
  file: string,
  name: string,
  at: (path: readonly PropertyKey[]) => number,
): { glossary?: Glossary; problems: Problem[] } {
  const problems: Problem[] = [];
  const fail = (path: readonly PropertyKey[], message: string, entry?: string) => {
    const top = [...path].reverse().find((k): k is string => typeof k === 'string');
    const expected = top === undefined ? undefined : EXPECTED[top];
    const field = fieldName(typeof path[1] === 'number' && path[0] === 'words' ? path.slice(2) : path) || 'file';
    problems.push({ file, line: at(path), ...(entry === undefined ? {} : { entry }), field, message: expected ? `${message} (expected ${expected})` : message });
  };
  const head = languageFileSchema.safeParse(data);
  if (!head.success) {
    for (const issue of head.error.issues)
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fail([key], 'is not a field here (a language file has locale, filler and words)');
      else fail(issue.path, issue.message);
    return { problems };
  }
  const wanted = languageFileLocale(name);
  if (head.data.locale !== wanted || !(SUPPORTED_LOCALES as readonly string[]).includes(head.data.locale))
    fail(['locale'], `is ${describeValue(head.data.locale)}, which is not the locale in the file name or not one the bot speaks`);
  const words: GlossaryItem[] = [];
  head.data.words.forEach((raw, index) => {
    const parsed = glossaryItemSchema.safeParse(raw);
    const label = typeof (raw as { means?: unknown } | null)?.means === 'string' ? (raw as { means: string }).means : `#${index + 1}`;
    if (parsed.success) words.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fail(['words', index, key], 'is not a field here (an item has means and words)', label);
        else fail(['words', index, ...issue.path], issue.message, label);
  });
  if (problems.length > 0) return { problems };
  return { glossary: { locale: head.data.locale, filler: head.data.filler, words }, problems };
}

/** The JSON Schema of a language file, with every field described, for editors. */
export function languageJsonSchema(): Record<string, unknown> {
  const editorSchema = z.strictObject({
    locale: z.enum(SUPPORTED_LOCALES as [string, ...string[]]).describe(EXPECTED.locale ?? ''),
    filler: z.array(wording).optional().describe(EXPECTED.filler ?? ''),
    words: z
      .array(z.strictObject({ means: glossaryItemSchema.shape.means.describe(EXPECTED.means ?? ''), words: glossaryItemSchema.shape.words.describe('this language\'s wordings; a final "*" means "any ending"') }))
      .describe(EXPECTED.words ?? ''),
  });
  return {
    ...z.toJSONSchema(editorSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Solana resource catalogue: members\' words in one language',
    description: 'Wordings of one language and the English the search reads them as. Run `npm run catalogue:check` after editing.',
  };
}
