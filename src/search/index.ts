/** The search layer: an immutable, queryable index over one catalogue, and a holder that swaps it atomically. */
import { pageKey } from '../base/url.js';
import { NO_CONCEPTS } from '../catalogue/concepts.js';
import type { Catalogue } from '../catalogue/load.js';
import type { Entry, Kind } from '../catalogue/schema.js';
import {
  answer,
  lookup,
  search,
  type LookupResult,
  type MatchState,
  type Nearest,
  type SearchAnswer,
  type SearchHit,
  type SearchOptions,
  type Snapshot,
} from './answer.js';
import { Engine } from './engine.js';
import { browseKind, kindGroup } from './kinds.js';
import { Translator } from './languages.js';

import { NameIndex } from './names.js';
import { defaultSearchSettings, type SearchSettings } from './options.js';
import { shippedModels, TermWeights, type Models } from './rank.js';
import { QueryReader } from './read.js';
import { MAX_CHOICES, suggest } from './suggest.js';

export type { LookupResult, MatchState, Nearest, SearchAnswer, SearchHit, SearchOptions, Snapshot };
export { browseKind, kindGroup };

/** Every entry browsed under a kind (with its near-synonym), in listing order. */
export interface KindListing {
  kind: Kind;
  entries: Entry[];
  /** Unused since near-synonyms are listed together; kept for renderers that still read it. */
  synonym?: { kind: Kind; count: number };
}

/** An immutable, queryable snapshot of one catalogue. */
export interface ResourceIndex {
  readonly catalogue: Catalogue;
  /** What the query path reads; the fitting command and the evaluation use it directly. */
  readonly snapshot: Snapshot;
  search(query: string, options?: SearchOptions): SearchHit[];
  /** The search's full answer: results, how sure it is of them, and what to suggest when nothing answers (`message` for a whole message). */
  answer(query: string, options?: SearchOptions): SearchAnswer;
  /** Entries for what a member is typing, best first, at most MAX_CHOICES. */
  suggest(partial: string): readonly Entry[];
  byKind(kind: Kind): KindListing;
  lookup(text: string): LookupResult;
  get(id: string): Entry | undefined;
}

interface SortKey {
  featured: boolean;
  name: string;
  entry: Entry;
}

/**
 * Featured first, then names compared without case and without the host's locale, so every
 * machine lists the catalogue in the same order (localeCompare would follow ICU data and the
 * process locale), then ids to break ties.
 */
function compareKeys(a: SortKey, b: SortKey): number {
  if (a.featured !== b.featured) return a.featured ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0;
}

const keyOf = (entry: Entry): SortKey => ({ featured: entry.featured, name: entry.name.toLowerCase(), entry });

/** `entries` featured first, then by name: the order of every unranked list. Keys are computed once, not per comparison. */
export function featuredThenName(entries: readonly Entry[]): Entry[] {
  return entries
    .map(keyOf)
    .sort(compareKeys)
    .map((k) => k.entry);
}

/** The first `count` entries in featuredThenName order, without sorting the whole catalogue. */
export function firstInOrder(entries: readonly Entry[], count: number): Entry[] {
  const best: SortKey[] = [];
  for (const entry of entries) {
    const key = keyOf(entry);
    const worst = best[best.length - 1];
    if (best.length === count && worst && compareKeys(key, worst) >= 0) continue;
    let at = best.length;
    while (at > 0 && compareKeys(key, best[at - 1] as SortKey) < 0) at--;
    best.splice(at, 0, key);
    if (best.length > count) best.pop();
  }
  return best.map((k) => k.entry);
}

/**
 * Entries grouped by the kind they are browsed under: a tabular entry's own kind, a card's
 * `browse` kind. A listing shows a kind together with its near-synonym (DOCS with DOCUMENTATION,
 * TOOL with TOOLING, GITHUB with REPO): a member browsing docs wants every kind of doc. A group is
 * sorted (featured first, then by name) the first time it is listed and kept: sorting every kind
 * up front would spend build time on lists nobody may ask for. The result for a kind never
 * changes, so the snapshot stays immutable in every way a caller can see.
 */
export class KindLists {
  readonly #groups = new Map<Kind, Entry[]>();
  readonly #sorted = new Map<Kind, readonly Entry[]>();

  constructor(entries: readonly Entry[]) {
    for (const entry of entries) {
      const kind = browseKind(entry);
      if (kind === undefined) continue;
      const group = this.#groups.get(kind);
      if (group) group.push(entry);
      else this.#groups.set(kind, [entry]);
    }
  }

  /** Every entry browsed under `kind` or its near-synonym, featured first, then by name. */
  listing(kind: Kind): KindListing {
    let list = this.#sorted.get(kind);
    if (!list) {
      list = Object.freeze(featuredThenName(kindGroup(kind).flatMap((k) => this.#groups.get(k) ?? [])));
      this.#sorted.set(kind, list);
    }
    return { kind, entries: [...list] };
  }
}

/**
 * Holds the live index and swaps it in one assignment. A request reads `current` once and
 * keeps that snapshot to the end, so it sees the old catalogue or the new one, never a mix;
 * an old snapshot stays whole and usable for as long as someone holds it.
 */
export class IndexHolder {
  #current: ResourceIndex;

  constructor(initial: ResourceIndex) {
    this.#current = initial;
  }

  /** The snapshot new requests should use. */
  get current(): ResourceIndex {
    return this.#current;
  }

  /** Makes `next` the snapshot for every later request; requests already running keep theirs. */
  replace(next: ResourceIndex): void {
    this.#current = next;
  }
}

/**
 * The last results by what was asked, most recent last; the oldest go first when full. A snapshot
 * never changes, so what it answered once it answers again: many members type the same first
 * letters ("s", "so", "sol") and ask the same things ("anchor", "python sdk") at once, and each
 * snapshot keeps its own (a reload starts afresh). Results are frozen: callers share them.
 */
export class Recent<T> {
  readonly #byKey = new Map<string, T>();

  constructor(
    private readonly capacity: number,
    /** Longer keys are computed every time, never kept (a pasted essay would only push out useful ones). */
    private readonly maxKeyLength = 100,
  ) {}

  /** The result for `key`, remembered, or computed and remembered. */
  get(key: unknown, compute: () => T): T {
    if (typeof key !== 'string' || key.length > this.maxKeyLength) return compute();
    const known = this.#byKey.get(key);
    if (known !== undefined) {
      this.#byKey.delete(key);
      this.#byKey.set(key, known);
      return known;
    }
    const fresh = Object.freeze(compute());
    this.#byKey.set(key, fresh);
    if (this.#byKey.size > this.capacity) {
      const oldest = this.#byKey.keys().next();
      if (!oldest.done) this.#byKey.delete(oldest.value);
    }
    return fresh;
  }
}

/** Inputs whose suggestions a snapshot remembers: the prefixes members type most, at a few kB each. */
const RECENT_SUGGESTIONS = 1000;
/** Questions whose answers a snapshot remembers (a few kB each: ranked hits point at shared entries). */
const RECENT_ANSWERS = 500;
/** Discord's longest query option, with room for the options in the key. */
const ANSWER_KEY_LENGTH = 140;

/**
 * Builds an immutable, queryable snapshot of `catalogue`. Everything a query needs is computed
 * here, once, so queries only read: a snapshot can be shared by any number of requests and
 * replaced wholesale (see IndexHolder) when the catalogue is reloaded.
 */
export function createResourceIndex(
  catalogue: Catalogue,
  settings: SearchSettings = defaultSearchSettings,
  models: Models = shippedModels(),
): ResourceIndex {
  const frozen = frozenCopy(catalogue);
  return indexOver(frozen, Engine.build(frozen.entries, settings), settings, models);
}

/**
 * The same index, built in turns that give the event loop back (see runInTurns): a reload of a large
 * catalogue on a bot that is answering. The full-text engine is nearly all of the work.
 */
export async function createResourceIndexInTurns(
  catalogue: Catalogue,
  settings: SearchSettings = defaultSearchSettings,
  models: Models = shippedModels(),
): Promise<ResourceIndex> {
  const frozen = frozenCopy(catalogue);
  const engine = await Engine.buildInTurns(frozen.entries, settings);
  await new Promise<void>((resolve) => setImmediate(resolve));
  return indexOver(frozen, engine, settings, models);
}

/** The catalogue as a snapshot keeps it: nothing a request could change. */
function frozenCopy(catalogue: Catalogue): Catalogue {
  const vocabulary = catalogue.concepts ?? NO_CONCEPTS;
  // Registries and verification records go along: replies show a package's registry and what verification found.
  return Object.freeze({
    entries: Object.freeze([...catalogue.entries]),
    files: Object.freeze([...catalogue.files]),
    concepts: vocabulary,
    languages: Object.freeze([...(catalogue.languages ?? [])]),
    ...(catalogue.registries ? { registries: catalogue.registries } : {}),
    ...(catalogue.verification ? { verification: catalogue.verification } : {}),
  });
}

/** The queryable index over a frozen catalogue and its built engine. */
function indexOver(frozen: Catalogue, engine: Engine, settings: SearchSettings, models: Models): ResourceIndex {
  const { entries } = frozen;
  const snapshot = snapshotOf(frozen, engine, settings, models);
  const kinds = new KindLists(entries);
  const recent = new Recent<readonly Entry[]>(RECENT_SUGGESTIONS);
  const answers = new Recent<SearchAnswer>(RECENT_ANSWERS, ANSWER_KEY_LENGTH);
  const answerKey = (query: unknown, o: SearchOptions = {}) =>
    typeof query === 'string' ? `${o.kind ?? ''}|${String(o.limit ?? '')}|${o.message ? 'm' : ''}|${o.locale ?? ''}|${query}` : undefined;

  return Object.freeze({
    catalogue: frozen,
    snapshot,
    search: (query, options) => search(snapshot, query, options),
    answer: (query, options) =>
      answers.get(answerKey(query, options), () => {
        const found = answer(snapshot, query, options);
        Object.freeze(found.hits);
        return found;
      }),
    suggest: (partial) => recent.get(partial, () => suggest(snapshot, partial)),
    byKind: (kind: Kind) => kinds.listing(kind),
    lookup: (text) => lookup(snapshot, text),
    get: (id) => (typeof id === 'string' ? entries[snapshot.positions.get(id) ?? -1] : undefined),
  } satisfies ResourceIndex);
}

/** Everything a query reads, computed once per catalogue: the full-text engine, names, pages, the vocabulary and the glossaries. */
function snapshotOf(catalogue: Catalogue, engine: Engine, settings: SearchSettings, models: Models): Snapshot {
  const { entries } = catalogue;
  const vocabulary = catalogue.concepts ?? NO_CONCEPTS;
  const pages = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    const key = entry.url === undefined ? undefined : pageKey(entry.url);
    if (key !== undefined) pages.set(key, [...(pages.get(key) ?? []), i]);
  });
  return Object.freeze({
    entries,
    positions: new Map(entries.map((e, i) => [e.id, i])),
    names: new NameIndex(entries),
    engine,
    defaultEntries: Object.freeze(firstInOrder(entries, MAX_CHOICES)),
    reader: new QueryReader(
      vocabulary.concepts,
      vocabulary.outside.flatMap((group) => group.words),
      (term) => engine.frequency(term) > 0,
      {
        shorthand: vocabulary.shorthand,
        chatter: vocabulary.chatter,
        everyday: vocabulary.outside.flatMap((group) => group.everyday ?? []),
      },
    ),
    translator: new Translator(catalogue.languages ?? [], settings.everydayEnglish),
    concepts: new Map(vocabulary.concepts.map((c) => [c.id, { label: c.label, kind: c.browse, query: c.search }])),
    pages,
    settings,
    models,
    weights: new TermWeights(engine, settings),
  });
}
