import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument, isMap, type Document } from 'yaml';
import { crossCheck, type LineOf } from './cross-checks.js';
import { explainIssue, fieldName, describeValue, type Problem } from './problems.js';
import { catalogueFileSchema, entrySchema, tabularEntrySchema, cardEntrySchema, type Entry } from './schema.js';

/** A validated catalogue: every entry, in file order, and the files it came from. */
export interface Catalogue {
  readonly entries: readonly Entry[];
  readonly files: readonly string[];
}

export type LoadResult = { ok: true; catalogue: Catalogue } | { ok: false; problems: Problem[] };

const TABULAR_FIELDS = Object.keys(tabularEntrySchema.shape);
const CARD_FIELDS = Object.keys(cardEntrySchema.shape);
const FILE_FIELDS = Object.keys(catalogueFileSchema.shape);

/** Paths as a maintainer would type them: relative to the working directory when inside it. */
function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

/** The 1-based line of the node at `keys` in the document, falling back to its nearest parent. */
function lineIn(doc: Document, counter: LineCounter, keys: readonly PropertyKey[]): number {
  for (let n = keys.length; n >= 0; n--) {
    const node = doc.getIn(keys.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
    // For a key whose value is missing, the value node is null; the pair's key still has a range.
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

function entryLabel(raw: unknown, index: number): string {
  if (raw && typeof raw === 'object') {
    const { name, id } = raw as { name?: unknown; id?: unknown };
    if (typeof name === 'string' && name.trim()) return name;
    if (typeof id === 'string' && id.trim()) return id;
  }
  return `#${index + 1}`;
}

interface ParsedFile {
  entries: Entry[];
  problems: Problem[];
  lineOf: Map<Entry, (field: string) => number>;
}

/** Parses and validates one file on its own; cross-entry rules come later. */
export function parseCatalogueFile(text: string, file: string): ParsedFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const result: ParsedFile = { entries: [], problems: [], lineOf: new Map() };

  if (doc.errors.length > 0) {
    for (const err of doc.errors) {
      const pos = err.linePos?.[0] ?? counter.linePos(err.pos[0]);
      const what = err.message.split('\n')[0] ?? 'invalid YAML';
      result.problems.push({ file, line: pos.line, column: pos.col, message: `is not valid YAML: ${what}` });
    }
    return result;
  }

  const data: unknown = doc.toJS();
  if (!isMap(doc.contents)) {
    result.problems.push({ file, line: 1, message: `is not a catalogue file (expected a mapping with ${FILE_FIELDS.join(' and ')}, got ${describeValue(data)})` });
    return result;
  }
  const head = catalogueFileSchema.safeParse(data);
  if (!head.success) {
    for (const issue of head.error.issues) {
      for (const fi of explainIssue(issue, data, FILE_FIELDS)) {
        result.problems.push({ file, line: lineIn(doc, counter, fi.path), field: fieldName(fi.path), message: fi.message });
      }
    }
    if (!Array.isArray((data as { entries?: unknown }).entries)) return result;
  }

  const category = typeof (data as { category?: unknown }).category === 'string' ? (data as { category: string }).category : '';
  const rawEntries = (data as { entries: unknown[] }).entries;
  rawEntries.forEach((raw, index) => {
    const base = ['entries', index];
    const label = entryLabel(raw, index);
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) {
      const form = (raw as { form?: unknown } | null)?.form;
      const allowed = form === 'card' ? CARD_FIELDS : form === 'tabular' ? TABULAR_FIELDS : [...new Set([...TABULAR_FIELDS, ...CARD_FIELDS])];
      for (const issue of parsed.error.issues) {
        for (const fi of explainIssue(issue, raw, allowed)) {
          result.problems.push({
            file,
            line: lineIn(doc, counter, [...base, ...fi.path]),
            entry: label,
            field: fieldName(fi.path) || 'entry',
            message: fi.path.length ? fi.message : `is not an entry (expected a mapping with id, name, form and description, got ${describeValue(raw)})`,
          });
        }
      }
      return;
    }
    const entry: Entry = { ...parsed.data, category, source: { file, line: lineIn(doc, counter, base) } };
    result.entries.push(entry);
    result.lineOf.set(entry, (field) => lineIn(doc, counter, [...base, ...field.split(/[.[\]]+/).filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k))]));
  });
  return result;
}

/** File order, then line order: the order a maintainer fixes things in. */
function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.file.localeCompare(b.p.file) || a.p.line - b.p.line || a.i - b.i)
    .map(({ p }) => p);
}

/** Reads every .yaml file in `dir`, validates each entry and the whole, and reports every problem. */
export async function loadCatalogue(dir: string): Promise<LoadResult> {
  const shownDir = displayPath(path.resolve(dir));
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    return { ok: false, problems: [{ file: shownDir, line: 0, message: `${reason} (expected a folder of catalogue .yaml files, got ${describeValue(dir)})` }] };
  }
  if (names.length === 0) {
    return { ok: false, problems: [{ file: shownDir, line: 0, message: 'holds no catalogue files (expected at least one .yaml file, got none)' }] };
  }

  const problems: Problem[] = [];
  const entries: Entry[] = [];
  const lineFns = new Map<Entry, (field: string) => number>();
  const files: string[] = [];
  for (const name of names) {
    const file = displayPath(path.resolve(dir, name));
    files.push(file);
    const parsed = parseCatalogueFile(await readFile(path.join(dir, name), 'utf8'), file);
    problems.push(...parsed.problems);
    entries.push(...parsed.entries);
    for (const [entry, fn] of parsed.lineOf) lineFns.set(entry, fn);
  }
  const lineOf: LineOf = (entry, field) => lineFns.get(entry)?.(field) ?? entry.source.line;
  problems.push(...crossCheck(entries, lineOf));

  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };
  return { ok: true, catalogue: { entries, files } };
}
