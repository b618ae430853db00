import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineCounter, parseDocument, isMap, type Document } from 'yaml';
import { CONCEPTS_FILE, NO_CONCEPTS, parseConceptsFile, type Concepts } from './concepts.js';
import { crossCheck, type LineOf } from './cross-checks.js';
import { fastRead, type FastRead } from './fast-read.js';
import { danglingRelations, maintainerRules, nearIdenticalAsks } from './maintainer-rules.js';
import { languageFileLocale, parseLanguageFile, type Glossary } from './languages.js';
import { explainIssue, fieldName, describeValue, type Problem } from './problems.js';
import { readCatalogueFiles } from './read.js';
import { REGISTRY_EXPECTED, registriesFileSchema, registrySchema, resolvePackage, type Registry } from './registries.js';
import { catalogueFileSchema, entrySchema, tabularEntrySchema, cardEntrySchema, type Entry } from './schema.js';
import {
  VERIFICATION_EXPECTED,
  VERIFICATION_FILE,
  verificationFileSchema,
  verificationRecordSchema,
  type VerificationRecord,
} from './verification.js';
import { nestingProblem, toData, yamlErrorMessage } from './yaml-guards.js';

/** The file that lists the package registries; concepts.yaml and verification.yaml have their own loaders too. */
export const REGISTRIES_FILE = 'registries.yaml';
/** Files that hold no entries, read by name. */
const NOT_ENTRIES: ReadonlySet<string> = new Set([REGISTRIES_FILE, VERIFICATION_FILE, CONCEPTS_FILE]);

/** A validated catalogue: every entry, in file order, the files it came from, and the data beside them. */
export interface Catalogue {
  readonly entries: readonly Entry[];
  /** The entry files and concepts.yaml, in the order they were read. */
  readonly files: readonly string[];
  /** The registries entries name, by id (from registries.yaml). */
  readonly registries?: ReadonlyMap<string, Registry>;
  /** What `catalogue:verify --write` recorded, by entry id; records of ids no longer in the catalogue are left out. */
  readonly verification?: ReadonlyMap<string, VerificationRecord>;
  /** Absent when the folder has no concepts.yaml. */
  readonly concepts?: Concepts;
  /** Members' words in other languages, one glossary per language.<locale>.yaml file. */
  readonly languages?: readonly Glossary[];
}

/** `digest` identifies the bytes that were read (see readCatalogueFiles); empty when nothing could be read. */
export type LoadResult =
  | { ok: true; catalogue: Catalogue; digest: string; /** Worth fixing, not a reason to refuse the catalogue. */ warnings: Problem[] }
  | { ok: false; problems: Problem[]; digest: string };

const TABULAR_FIELDS = Object.keys(tabularEntrySchema.shape);
const CARD_FIELDS = Object.keys(cardEntrySchema.shape);
const FILE_FIELDS = Object.keys(catalogueFileSchema.shape);
const REGISTRY_FIELDS = Object.keys(registrySchema.shape);
const RECORD_FIELDS = Object.keys(verificationRecordSchema.shape);

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

/** A parsed YAML file and where its nodes are, or the syntax problems that stopped it. */
type YamlFile = { ok: true; data: unknown; at: (keys: readonly PropertyKey[]) => number } | { ok: false; problems: Problem[] };

function readYaml(text: string, file: string, expectedTop: readonly string[]): YamlFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((err) => {
        const pos = err.linePos?.[0] ?? counter.linePos(err.pos[0]);
        return { file, line: pos.line, column: pos.col, message: yamlErrorMessage(err.message) };
      }),
    };
  }
  // Checked before toJS: its recursion, and what an alias bomb expands to, are what these guard.
  const tooDeep = nestingProblem(doc, counter, file);
  const plain = tooDeep ? { problem: tooDeep } : toData(doc, counter, file);
  if ('problem' in plain) return { ok: false, problems: [plain.problem] };
  const data = plain.data;
  if (!isMap(doc.contents)) {
    const message = `is not a catalogue file (expected a mapping with ${expectedTop.join(' and ')}, got ${describeValue(data)})`;
    return { ok: false, problems: [{ file, line: 1, message }] };
  }
  return { ok: true, data, at: (keys) => lineIn(doc, counter, keys) };
}

interface ParsedFile {
  entries: Entry[];
  problems: Problem[];
  lineOf: Map<Entry, (field: string) => number>;
}

/** Parses and validates one entry file on its own; cross-entry rules come later. */
export function parseCatalogueFile(text: string, file: string): ParsedFile {
  const fast = fastRead(text);
  return (fast && parseFast(fast, text, file)) ?? parseCarefully(text, file);
}

/**
 * A file read the fast way, when every entry is valid; undefined otherwise, so the careful way names each
 * problem's line. Field lines (for cross-entry problems) are found the careful way, and only when asked for.
 */
function parseFast(fast: FastRead, text: string, file: string): ParsedFile | undefined {
  const head = catalogueFileSchema.safeParse(fast.data);
  if (!head.success) return undefined;
  const result: ParsedFile = { entries: [], problems: [], lineOf: new Map() };
  let careful: YamlFile | undefined;
  const at = (keys: readonly PropertyKey[]) => {
    careful ??= readYaml(text, file, FILE_FIELDS);
    return careful.ok ? careful.at(keys) : 1;
  };
  for (const [index, raw] of fast.data.entries.entries()) {
    const parsed = entrySchema.safeParse(raw);
    if (!parsed.success) return undefined;
    const entry: Entry = { ...parsed.data, category: head.data.category, source: { file, line: fast.entryLines[index] ?? 1 } };
    result.entries.push(entry);
    result.lineOf.set(entry, (field) => at(['entries', index, ...fieldPath(field)]));
  }
  return result;
}

/** "aliases[2]" → ["aliases", 2]: a field as a path into the YAML document. */
const fieldPath = (field: string) => field.split(/[.[\]]+/).filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k));

/** Parses and validates one entry file through the yaml library's document model, which knows every node's line. */
export function parseCarefully(text: string, file: string): ParsedFile {
  const result: ParsedFile = { entries: [], problems: [], lineOf: new Map() };
  const yaml = readYaml(text, file, FILE_FIELDS);
  if (!yaml.ok) return { ...result, problems: yaml.problems };
  const { data, at } = yaml;

  const head = catalogueFileSchema.safeParse(data);
  if (!head.success) {
    for (const issue of head.error.issues) {
      for (const fi of explainIssue(issue, data, FILE_FIELDS)) {
        result.problems.push({ file, line: at(fi.path), field: fieldName(fi.path), message: fi.message });
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
            line: at([...base, ...fi.path]),
            entry: label,
            field: fieldName(fi.path) || 'entry',
            message: fi.path.length ? fi.message : `is not an entry (expected a mapping with id, name, form and description, got ${describeValue(raw)})`,
          });
        }
      }
      return;
    }
    const entry: Entry = { ...parsed.data, category, source: { file, line: at(base) } };
    result.entries.push(entry);
    result.lineOf.set(entry, (field) => at([...base, ...fieldPath(field)]));
  });
  return result;
}

/** Parses and validates registries.yaml: each registry's fields, and ids used once. */
export function parseRegistriesFile(text: string, file: string): { registries: Map<string, Registry>; problems: Problem[] } {
  const registries = new Map<string, Registry>();
  const yaml = readYaml(text, file, ['registries']);
  if (!yaml.ok) return { registries, problems: yaml.problems };
  const { data, at } = yaml;
  const problems: Problem[] = [];
  const head = registriesFileSchema.safeParse(data);
  if (!head.success) {
    for (const issue of head.error.issues)
      for (const fi of explainIssue(issue, data, ['registries'], REGISTRY_EXPECTED))
        problems.push({ file, line: at(fi.path), field: fieldName(fi.path), message: fi.message });
    return { registries, problems };
  }
  const firstLine = new Map<string, number>();
  head.data.registries.forEach((raw, index) => {
    const base = ['registries', index];
    const id = (raw as { id?: unknown } | null)?.id;
    const label = typeof id === 'string' && id.trim() ? id : `#${index + 1}`;
    const parsed = registrySchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        for (const fi of explainIssue(issue, raw, REGISTRY_FIELDS, REGISTRY_EXPECTED))
          problems.push({ file, line: at([...base, ...fi.path]), entry: label, subject: 'registry', field: fieldName(fi.path) || 'registry', message: fi.message });
      return;
    }
    const first = firstLine.get(parsed.data.id);
    if (first !== undefined) {
      problems.push({
        file,
        line: at([...base, 'id']),
        entry: label,
        subject: 'registry',
        field: 'id',
        message: `is already used (expected a unique registry id, got ${describeValue(parsed.data.id)}, also at ${file}:${first})`,
      });
      return;
    }
    firstLine.set(parsed.data.id, at(base));
    registries.set(parsed.data.id, parsed.data);
  });
  return { registries, problems };
}

/** Parses and validates verification.yaml, the records `catalogue:verify --write` keeps. */
export function parseVerificationFile(text: string, file: string): { records: Map<string, VerificationRecord>; problems: Problem[] } {
  const records = new Map<string, VerificationRecord>();
  const yaml = readYaml(text, file, ['records']);
  if (!yaml.ok) return { records, problems: yaml.problems };
  const { data, at } = yaml;
  const problems: Problem[] = [];
  const head = verificationFileSchema.safeParse(data);
  if (!head.success) {
    for (const issue of head.error.issues)
      for (const fi of explainIssue(issue, data, ['records'], VERIFICATION_EXPECTED))
        problems.push({ file, line: at(fi.path), field: fieldName(fi.path), message: fi.message });
    return { records, problems };
  }
  for (const [id, raw] of Object.entries(head.data.records)) {
    const parsed = verificationRecordSchema.safeParse(raw);
    if (parsed.success) records.set(id, parsed.data);
    else
      for (const issue of parsed.error.issues)
        for (const fi of explainIssue(issue, raw, RECORD_FIELDS, VERIFICATION_EXPECTED))
          problems.push({ file, line: at(['records', id, ...fi.path]), entry: id, subject: 'record', field: fieldName(fi.path) || 'record', message: fi.message });
  }
  return { records, problems };
}

/** The registries.yaml shipped with the bot: beside the package.json above this module, in source and in dist alike. */
export function shippedRegistriesFile(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) {
      const file = path.join(dir, 'catalogue', REGISTRIES_FILE);
      return existsSync(file) ? file : undefined;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** File order, then line order: the order a maintainer fixes things in. */
function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.file.localeCompare(b.p.file) || a.p.line - b.p.line || a.i - b.i)
    .map(({ p }) => p);
}

/** Parses registries.yaml as read from the folder, or reads the shipped one when the folder has none. */
async function loadRegistries(own: { file: string; text: string } | undefined, shownDir: string) {
  let source = own;
  if (!source) {
    const file = shippedRegistriesFile();
    if (file === undefined) {
      const message = `has no ${REGISTRIES_FILE} and the shipped one cannot be found (expected ${REGISTRIES_FILE} in the folder, got none)`;
      return { registries: undefined, problems: [{ file: shownDir, line: 0, message }] };
    }
    const read = await readCatalogueFiles(shownDir, [{ path: file, file: displayPath(path.resolve(file)) }]);
    source = read.texts[0];
    if (!source) return { registries: undefined, problems: read.problems };
  }
  const parsed = parseRegistriesFile(source.text, source.file);
  return { registries: parsed.problems.length > 0 ? undefined : parsed.registries, problems: parsed.problems };
}

/**
 * Reads a catalogue folder: registries.yaml (or the shipped one), concepts.yaml and verification.yaml
 * when present, and every other .yaml as an entry file. Validates each file and the whole, and
 * reports every problem.
 */
export async function loadCatalogue(dir: string): Promise<LoadResult> {
  const shownDir = displayPath(path.resolve(dir));
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
    const message = `${reason} (expected a folder of catalogue .yaml files, got ${describeValue(dir)})`;
    return { ok: false, problems: [{ file: shownDir, line: 0, message }], digest: '' };
  }
  if (!names.some((n) => !NOT_ENTRIES.has(n) && languageFileLocale(n) === undefined)) {
    const message = 'holds no catalogue files (expected at least one .yaml file of entries, got none)';
    return { ok: false, problems: [{ file: shownDir, line: 0, message }], digest: '' };
  }

  // Sizes, encodings and binary content are checked here, before the YAML parser sees a byte.
  const read = await readCatalogueFiles(
    shownDir,
    names.map((name) => ({ path: path.join(dir, name), file: displayPath(path.resolve(dir, name)) })),
  );
  const byName = new Map(read.texts.map((t) => [path.basename(t.file), t]));
  const { registries, problems } = await loadRegistries(byName.get(REGISTRIES_FILE), shownDir);
  problems.unshift(...read.problems);
  const entries: Entry[] = [];
  const lineFns = new Map<Entry, (field: string) => number>();
  const files: string[] = [];
  for (const { file, text } of read.texts) {
    const name = path.basename(file);
    if (NOT_ENTRIES.has(name) || languageFileLocale(name) !== undefined) continue;
    files.push(file);
    const parsed = parseCatalogueFile(text, file);
    problems.push(...parsed.problems);
    entries.push(...parsed.entries);
    for (const [entry, fn] of parsed.lineOf) lineFns.set(entry, fn);
  }
  const lineOf: LineOf = (entry, field) => lineFns.get(entry)?.(field) ?? entry.source.line;
  problems.push(...crossCheck(entries, lineOf, registries), ...maintainerRules(entries, lineOf));
  const conceptsSource = byName.get(CONCEPTS_FILE);
  if (conceptsSource) files.push(conceptsSource.file);
  const vocabulary = conceptsSource ? parseConceptsFile(conceptsSource.text, conceptsSource.file, entries) : undefined;
  if (vocabulary) problems.push(...vocabulary.problems);

  const languages: Glossary[] = [];
  for (const { file, text } of read.texts) {
    const name = path.basename(file);
    if (languageFileLocale(name) === undefined) continue;
    files.push(file);
    const parsed = parseLanguageFile(text, file, name);
    problems.push(...parsed.problems);
    if (parsed.glossary) languages.push(parsed.glossary);
  }

  let records = new Map<string, VerificationRecord>();
  const verificationSource = byName.get(VERIFICATION_FILE);
  if (verificationSource) {
    const parsed = parseVerificationFile(verificationSource.text, verificationSource.file);
    problems.push(...parsed.problems);
    records = parsed.records;
  }

  if (problems.length > 0 || !registries) return { ok: false, problems: sortProblems(problems), digest: read.digest };
  const ids = new Set(entries.map((e) => e.id));
  const resolved = entries.map((e) => {
    const registry = e.registry === undefined ? undefined : registries.get(e.registry);
    if (e.package === undefined || !registry) return e;
    const ref = resolvePackage(e.package, registry);
    // Only a tabular SDK row takes its install line from the registry; a card says its own.
    if (e.form === 'card') delete ref.install;
    return { ...e, packageRef: ref };
  });
  const verification = new Map([...records].filter(([id]) => ids.has(id)));
  const warnings = sortProblems([...(vocabulary?.warnings ?? []), ...nearIdenticalAsks(entries, lineOf), ...danglingRelations(entries, lineOf)]);
  return {
    ok: true,
    catalogue: { entries: resolved, files, registries, verification, concepts: vocabulary?.concepts ?? NO_CONCEPTS, languages },
    digest: read.digest,
    warnings,
  };
}
