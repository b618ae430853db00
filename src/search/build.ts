/** Building the full-text index: which fields of an entry are indexed, and a fast build of minisearch from them. */
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import type { Entry } from '../catalogue/schema.js';

/** The fields minisearch indexes, in a fixed order. */
export const SEARCH_FIELDS = ['name', 'aliases', 'package', 'maker', 'kind', 'tags', 'category', 'description'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A field's text, or its separate values (each analysed on its own, like lines). */
export type FieldValue = string | readonly string[];

/** "@solana/web3.js" → "web3.js": the part people say aloud. */
export function barePackageName(pkg: string): string | undefined {
  const slash = pkg.lastIndexOf('/');
  return slash >= 0 && slash < pkg.length - 1 ? pkg.slice(slash + 1) : undefined;
}

/**
 * What minisearch indexes of an entry, field by field. The id is not indexed: it is a slug of
 * the name, so its words would count twice, and the exact-name lookup already answers a typed
 * id. Whole names written as one word ("solanakit") are not indexed either: the exact-name
 * and name-prefix lookups answer those, and indexing them would double-count every prefix match.
 * Lists stay lists, so a build need not join them only for the tokenizer to split them again.
 */
export function fieldValue(entry: Entry, field: SearchField): FieldValue {
  switch (field) {
    case 'name':
      return entry.name;
    case 'aliases':
      return entry.aliases;
    case 'package': {
      if (entry.package === undefined) return '';
      // The registry is said with the package: "a crate for…", "an npm package that…", "pip install…".
      const registry = [entry.registry, entry.packageRef?.label].filter((r): r is string => r !== undefined);
      const bare = barePackageName(entry.package);
      return bare === undefined ? [entry.package, ...registry] : [entry.package, bare, ...registry];
    }
    case 'maker':
      return entry.maker ?? '';
    case 'kind':
      return entry.form === 'tabular' ? entry.kind : '';
    case 'tags':
      return entry.tags;
    case 'category':
      return entry.category;
    case 'description':
      return entry.description;
  }
}

/** Minisearch's shape for one term: field id → (document id → occurrences). */
export type Postings = Map<number, Map<number, number>>;

/** A field's text, or its separate values. */
type Value = string | readonly string[];

/** A built index, and its postings by term when the fast build could keep them. */
export interface Built<T> {
  mini: MiniSearch<T>;
  postings?: ReadonlyMap<string, Postings>;
}

/** The one piece of minisearch's inside we touch: its term tree, which has a public `set`. */
interface TermTree {
  set(term: string, postings: Postings): unknown;
}

/** Per field, the ids of documents holding the term, once per occurrence, ascending. */
type Occurrences = (number[] | undefined)[];

export interface BuildOptions<T> {
  fields: readonly string[];
  /** The value of `field` for `item`. Each value of a list is tokenized on its own. */
  valueOf: (item: T, field: string) => Value;
  /** The terms of a text, as they are to be indexed; the array is read before the next call. */
  tokenize: (text: string, field: string) => string[];
  /** Everything else minisearch is to be created with (the search options, mostly). */
  options: Omit<Options, 'fields' | 'idField' | 'tokenize' | 'processTerm' | 'extractField'>;
}

/**
 * Builds a minisearch index over `items` equal to the one `addAll` would build (document ids
 * are positions in `items`), several times faster. addAll walks minisearch's radix tree once
 * per term occurrence (~450k walks for 10k realistic entries, 0.3–0.4 s on its own); here
 * occurrences are appended to plain arrays and each distinct term is put in the tree once.
 * Document bookkeeping goes through the public `loadJS`; only the term tree is filled
 * directly. If a future minisearch keeps that tree elsewhere, the term count check fails and
 * we fall back to addAll; a test compares both builds.
 */
export function buildMiniSearch<T>(items: readonly T[], build: BuildOptions<T>): Built<{ i: number }> {
  const { fields, valueOf, tokenize } = build;
  const occurrences = new Map<string, Occurrences>();
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const averageFieldLength: number[] = fields.map(() => 0);

  for (let shortId = 0; shortId < items.length; shortId++) {
    const item = items[shortId] as T;
    documentIds[shortId] = shortId;
    const lengths: number[] = [];
    for (let fieldId = 0; fieldId < fields.length; fieldId++) {
      const field = fields[fieldId] as string;
      const value = valueOf(item, field);
      let distinct = 0;
      if (typeof value === 'string') distinct = record(occurrences, tokenize(value, field), shortId, fieldId);
      else for (const part of value) distinct += record(occurrences, tokenize(part, field), shortId, fieldId);
      lengths[fieldId] = distinct;
      // The same running average addAll keeps, so both builds score identically.
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] ?? 0) * shortId + distinct) / (shortId + 1);
    }
    fieldLength[shortId] = lengths;
  }

  const options = minisearchOptions(build);
  const plain: AsPlainObject = {
    documentCount: items.length,
    nextId: items.length,
    documentIds,
    fieldIds: Object.fromEntries(fields.map((field, id) => [field, id])),
    fieldLength,
    averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
  const mini = MiniSearch.loadJS<{ i: number }>(plain, options);
  const tree = (mini as unknown as { _index?: Partial<TermTree> })._index;
  if (typeof tree?.set !== 'function') return slowBuild(items, build);
  const postings = new Map<string, Postings>();
  for (const [term, byField] of occurrences) {
    const termPostings = toPostings(byField);
    postings.set(term, termPostings);
    tree.set(term, termPostings);
  }
  return mini.termCount === postings.size ? { mini, postings } : slowBuild(items, build);
}

/** Notes each term's occurrence in document `shortId`'s field; returns how many terms were new to that field. */
function record(occurrences: Map<string, Occurrences>, terms: readonly string[], shortId: number, fieldId: number): number {
  let added = 0;
  for (const term of terms) {
    let byField = occurrences.get(term);
    if (!byField) occurrences.set(term, (byField = []));
    const ids = (byField[fieldId] ??= []);
    if (ids[ids.length - 1] !== shortId) added++;
    ids.push(shortId);
  }
  return added;
}

/** Ascending ids with repeats ("3, 3, 7") become minisearch's counts ({3: 2, 7: 1}). */
function toPostings(byField: Occurrences): Postings {
  const out: Postings = new Map();
  for (let fieldId = 0; fieldId < byField.length; fieldId++) {
    const ids = byField[fieldId];
    if (!ids) continue;
    const counts = new Map<number, number>();
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k] as number;
      counts.set(id, id === ids[k - 1] ? (counts.get(id) ?? 0) + 1 : 1);
    }
    out.set(fieldId, counts);
  }
  return out;
}

/** How both builds configure minisearch: lists arrive joined by newlines, which the tokenizer treats as separators. */
function minisearchOptions<T>(build: BuildOptions<T>): Options<{ i: number }> {
  return {
    ...build.options,
    idField: 'i',
    fields: [...build.fields],
    tokenize: (text, field) => [...build.tokenize(text, field ?? '')],
    processTerm: (term) => term,
  };
}

/** The plain addAll build: the reference the fast build must equal, and its fallback. */
export function slowBuild<T>(items: readonly T[], build: BuildOptions<T>): Built<{ i: number }> {
  const mini = new MiniSearch<{ i: number }>(minisearchOptions(build));
  mini.addAll(
    items.map((item, i) => {
      const document: Record<string, unknown> = { i };
      for (const field of build.fields) {
        const value = build.valueOf(item, field);
        document[field] = typeof value === 'string' ? value : value.join('\n');
      }
      return document as { i: number };
    }),
  );
  return { mini };
}
