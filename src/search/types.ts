import type { Catalogue } from '../catalogue/load.js';
import type { Entry, Kind } from '../catalogue/schema.js';

/** One ranked search result. */
export interface SearchHit {
  entry: Entry;
  score: number;
}

export interface SearchOptions {
  /** Restrict results to tabular entries of this kind. */
  kind?: Kind;
  /** At most this many hits (default 10). */
  limit?: number;
}

/** An autocomplete choice as Discord takes it: label ≤ 100 characters, value = entry id. */
export interface Choice {
  name: string;
  value: string;
}

/** Every entry of a kind, plus the near-synonym kind's count so a listing can point to it. */
export interface KindListing {
  kind: Kind;
  entries: Entry[];
  /** Set when the near-synonym (DOCS/DOCUMENTATION, TOOL/TOOLING, GITHUB/REPO) has entries. */
  synonym?: { kind: Kind; count: number };
}

/** An exact match, or up to five "did you mean" candidates. */
export type LookupResult = { entry: Entry } | { entry?: undefined; candidates: Entry[] };

/** An immutable, queryable snapshot of one catalogue. */
export interface ResourceIndex {
  readonly catalogue: Catalogue;
  search(query: string, options?: SearchOptions): SearchHit[];
  suggest(partial: string): Choice[];
  byKind(kind: Kind): KindListing;
  lookup(text: string): LookupResult;
  get(id: string): Entry | undefined;
}
