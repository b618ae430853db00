/**
 * The concept vocabulary (`catalogue/concepts.yaml`): the needs the catalogue covers and the many
 * ways members word them, so a question in the member's words reaches entries written in the
 * catalogue's words ("charge per request" → x402, "pay gas in usdc" → paymaster). Also the words
 * for things the catalogue deliberately does not cover (other chains), which count against an answer.
 * Maintainers teach the bot a new wording here, as data; it is validated like the entries.
 */
import { LineCounter, isMap, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { hasInvisible } from '../base/text.js';
import { describeValue, fieldName, type Problem } from './problems.js';
import { nestingProblem, toData, yamlErrorMessage } from './yaml-guards.js';
import { KINDS, kindSchema, type Entry } from './schema.js';

/** The file name the loader reads the vocabulary from, beside the entry files. */
export const CONCEPTS_FILE = 'concepts.yaml';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (max: number) =>
  z
    .string()
    .min(1, { error: 'is empty' })
    .max(max, { error: 'is too long' })
    .refine((s) => !hasInvisible(s), { error: 'contains a control, zero-width or direction character' })
    .refine((s) => s === s.trim(), { error: 'has leading or trailing spaces' });

export const conceptSchema = z.strictObject({
  id: z.string().regex(SLUG, { error: 'is not a lowercase slug' }),
  label: text(60),
  wordings: z.array(text(60)).min(1, { error: 'is empty' }).max(80, { error: 'has too many items' }),
  means: z.array(text(40)).min(1, { error: 'is empty' }).max(40, { error: 'has too many items' }),
  browse: kindSchema.optional(),
  search: text(60).optional(),
});

export const outsideSchema = z
  .strictObject({
    label: text(80),
    words: z.array(text(40)).min(1, { error: 'is empty' }).max(300, { error: 'has too many items' }),
    /** Names among `words` that are also everyday English ("near", "ton", "scroll"): outside only when written as a name. */
    everyday: z.array(text(40)).max(60, { error: 'has too many items' }).optional(),
  })
  .refine((g) => (g.everyday ?? []).every((w) => g.words.includes(w)), {
    error: 'everyday names a word that is not among the words',
    path: ['everyday'],
  });

/** Short forms members type for one of the catalogue's words ("tx" for transaction): read as that word. */
export const shorthandSchema = z.strictObject({
  means: text(40),
  words: z.array(text(20)).min(1, { error: 'is empty' }).max(60, { error: 'has too many items' }),
});

export const conceptsFileSchema = z.strictObject({
  concepts: z.array(z.unknown()),
  outside: z.array(z.unknown()).default([]),
  shorthand: z.array(z.unknown()).default([]),
  chatter: z.unknown().default([]),
});

/** Chat words that never carry a need ("lol", "tbh"): skipped like "please". */
const chatterSchema = z.array(text(20)).max(500, { error: 'has too many items' });

/** One need the catalogue covers, and how members word it. */
export type Concept = z.output<typeof conceptSchema> & { line: number };
/** Words naming things the catalogue does not cover; a question about them gets an honest "nothing". */
export type OutsideGroup = z.output<typeof outsideSchema>;
export type Shorthand = z.output<typeof shorthandSchema>;

export interface Concepts {
  readonly concepts: readonly Concept[];
  readonly outside: readonly OutsideGroup[];
  readonly shorthand: readonly Shorthand[];
  readonly chatter: readonly string[];
}

export const NO_CONCEPTS: Concepts = Object.freeze({ concepts: [], outside: [], shorthand: [], chatter: [] });

/** What each field should hold, in a maintainer's words; appended to every problem. */
const EXPECTED: Record<string, string> = {
  concepts: 'a list of concepts, each with id, label, wordings and means',
  outside: 'a list of groups, each with label and words',
  id: 'a lowercase slug such as "payments"',
  label: 'a short name members would recognise, at most 60 characters, such as "Payments and checkout"',
  wordings: 'a list of the words and phrases members use for this need, such as "get paid" or "checkout"',
  means: 'a list of words the catalogue itself uses for this need (in names, tags or descriptions), such as "x402"',
  browse: `one of the 12 kinds (${KINDS.join(", ")}), the listing to suggest for this need`,
  search: 'a search to suggest for this need, such as "payments"',
  words: 'a list of words naming things the catalogue does not cover, such as "ethereum", or (in shorthand) the short forms, such as "tx"',
  everyday: 'a list of the group\'s words that are also everyday English, such as "near" or "ton": outside only when written as a name',
  shorthand: 'a list of short forms, each with means (the catalogue word they stand for) and words',
  chatter: 'a list of chat words that never carry a need, such as "lol"',
};

const CONCEPT_FIELDS = Object.keys(conceptSchema.shape);
const SHORTHAND_FIELDS = Object.keys(shorthandSchema.shape);

/** A zod issue in a maintainer's words: our own messages as written, zod's replaced by plain ones. */
function wording(code: string, message: string, value: unknown): string {
  if (value === undefined) return 'is required';
  if (code === 'invalid_type') return 'has the wrong type';
  if (code === 'invalid_value') return 'is not allowed';
  return message;
}

function lineIn(doc: Document, counter: LineCounter, keys: readonly PropertyKey[]): number {
  for (let n = keys.length; n >= 0; n--) {
    const node = doc.getIn(keys.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Words as the catalogue check compares them: camelCase split (as search splits it), lower case, letters and digits only. */
function plainWords(value: string): string[] {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every word that occurs anywhere in the entries (names, aliases, package, tags, kinds, descriptions). */
function catalogueWords(entries: readonly Entry[]): Set<string> {
  const words = new Set<string>();
  for (const e of entries) {
    const texts = [e.id, e.name, e.description, e.maker ?? '', e.package ?? '', e.category, ...e.aliases, ...e.tags];
    if (e.form === 'tabular') texts.push(e.kind);
    for (const t of texts) for (const w of plainWords(t)) words.add(w);
  }
  return words;
}

export interface ParsedConcepts {
  concepts: Concepts;
  problems: Problem[];
  /** Worth fixing, never a reason to refuse an edit: a `means` word no entry uses any more reaches nothing. */
  warnings: Problem[];
}

/**
 * Parses and checks the vocabulary: its shape, unique ids, and that every `means` word occurs
 * somewhere in `entries` (a concept that points at words no entry uses reaches nothing).
 */
export function parseConceptsFile(source: string, file: string, entries: readonly Entry[]): ParsedConcepts {
  const counter = new LineCounter();
  const doc = parseDocument(source, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const empty = { concepts: NO_CONCEPTS, problems, warnings };
  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      const pos = err.linePos?.[0] ?? counter.linePos(err.pos[0]);
      problems.push({ file, line: pos.line, column: pos.col, message: yamlErrorMessage(err.message) });
    }
    return empty;
  }
  // The same guards as entry files: bounded nesting and alias expansion, never an exception.
  const tooDeep = nestingProblem(doc, counter, file);
  const plain = tooDeep ? { problem: tooDeep } : toData(doc, counter, file);
  if ('problem' in plain) {
    problems.push(plain.problem);
    return empty;
  }
  const data = plain.data;
  const at = (path: readonly PropertyKey[]) => lineIn(doc, counter, path);
  const fail = (path: readonly PropertyKey[], label: string | undefined, what: string, into: Problem[] = problems) => {
    const inItem = (path[0] === 'concepts' || path[0] === 'outside' || path[0] === 'shorthand') && typeof path[1] === 'number';
    const field = fieldName(inItem ? path.slice(2) : path);
    const top = [...path].reverse().find((k) => typeof k === 'string');
    const expected = typeof top === 'string' ? EXPECTED[top] : undefined;
    const tail = expected === undefined ? '' : ` (expected ${expected}, got ${describeValue(valueAt(data, path))})`;
    into.push({ file, line: at(path), ...(label === undefined ? {} : { entry: label }), field: field || 'file', message: `${what}${tail}` });
  };
  /** Every zod issue of one item at `base`; a field it does not know is named with the fields `item` has. */
  const failIssues = (issues: readonly z.core.$ZodIssue[], base: readonly PropertyKey[], label: string | undefined, item?: { noun: string; fields: readonly string[] }) => {
    for (const issue of issues) {
      if (item && issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) fail([...base, key], label, `is not a field here (a ${item.noun} has only ${item.fields.join(', ')})`);
      } else {
        const path = [...base, ...issue.path];
        fail(path, label, wording(issue.code, issue.message, valueAt(data, path)));
      }
    }
  };
  /** A warning, not a problem: deleting the last entry that used a word must not block that edit. */
  const warnUnused = (path: readonly PropertyKey[], label: string, means: string) => {
    const unused = plainWords(means).filter((w) => !known.has(w));
    if (unused.length) fail(path, label, `names words no entry uses (${unused.join(', ')}), so it reaches nothing`, warnings);
  };

  if (!isMap(doc.contents)) {
    problems.push({ file, line: 1, message: `is not a concept vocabulary (expected a mapping with concepts and outside, got ${describeValue(data)})` });
    return empty;
  }
  const head = conceptsFileSchema.safeParse(data);
  if (!head.success) {
    for (const issue of head.error.issues) {
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fail([key], undefined, 'is not a field here');
      else fail(issue.path, undefined, issue.path.length && valueAt(data, issue.path) === undefined ? 'is required' : 'has the wrong type');
    }
    return empty;
  }

  const concepts: Concept[] = [];
  const ids = new Map<string, number>();
  const known = catalogueWords(entries);
  head.data.concepts.forEach((raw, index) => {
    const base = ['concepts', index] as const;
    const label = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : `#${index + 1}`;
    const parsed = conceptSchema.safeParse(raw);
    if (!parsed.success) {
      failIssues(parsed.error.issues, base, label, { noun: 'concept', fields: CONCEPT_FIELDS });
      return;
    }
    const concept: Concept = { ...parsed.data, line: at(base) };
    const first = ids.get(concept.id);
    if (first !== undefined) fail([...base, 'id'], label, `is already used by the concept at line ${first}`);
    else ids.set(concept.id, concept.line);
    concept.means.forEach((mean, k) => {
      warnUnused([...base, 'means', k], label, mean);
    });
    concepts.push(concept);
  });

  const outside: OutsideGroup[] = [];
  head.data.outside.forEach((raw, index) => {
    const parsed = outsideSchema.safeParse(raw);
    if (parsed.success) outside.push(parsed.data);
    else failIssues(parsed.error.issues, ['outside', index], `outside #${index + 1}`);
  });

  const shorthand: Shorthand[] = [];
  const shortWords = new Map<string, string>();
  head.data.shorthand.forEach((raw, index) => {
    const base = ['shorthand', index] as const;
    const parsed = shorthandSchema.safeParse(raw);
    if (!parsed.success) {
      failIssues(parsed.error.issues, base, `shorthand #${index + 1}`, { noun: 'shorthand', fields: SHORTHAND_FIELDS });
      return;
    }
    const label = parsed.data.means;
    parsed.data.words.forEach((word, k) => {
      // A short form read as two different words would make the reading depend on the file's order.
      const other = shortWords.get(word.toLowerCase());
      if (other !== undefined && other !== label) fail([...base, 'words', k], label, `is already short for "${other}"`);
      shortWords.set(word.toLowerCase(), label);
    });
    warnUnused([...base, 'means'], label, label);
    shorthand.push(parsed.data);
  });

  const chatterParsed = chatterSchema.safeParse(head.data.chatter);
  if (!chatterParsed.success) failIssues(chatterParsed.error.issues, ['chatter'], undefined);
  const chatter = chatterParsed.success ? chatterParsed.data : [];
  return { concepts: { concepts, outside, shorthand, chatter }, problems, warnings };
}

/** The JSON Schema of the vocabulary file, with every field described, for editors. */
export function conceptsJsonSchema(): Record<string, unknown> {
  const describe = (schema: z.ZodObject) =>
    z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).describe(EXPECTED[key] ?? key)])));
  const editorSchema = z.strictObject({
    concepts: z.array(describe(conceptSchema)).describe(EXPECTED.concepts ?? ''),
    outside: z.array(describe(outsideSchema)).optional().describe(EXPECTED.outside ?? ''),
    shorthand: z.array(describe(shorthandSchema)).optional().describe(EXPECTED.shorthand ?? ''),
    chatter: chatterSchema.optional().describe(EXPECTED.chatter ?? ''),
  });
  return {
    ...z.toJSONSchema(editorSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Solana resource catalogue: concept vocabulary',
    description: 'The needs the catalogue covers and how members word them. Run `npm run catalogue:check` after editing.',
  };
}
