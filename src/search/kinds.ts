import type { Entry, Kind } from '../catalogue/schema.js';
import { featuredThenName } from './order.js';
import type { KindListing } from './types.js';

/** Kinds a maintainer may have used for the same thing; a listing points to the other one. */
const NEAR_SYNONYMS: Readonly<Partial<Record<Kind, Kind>>> = {
  DOCS: 'DOCUMENTATION',
  DOCUMENTATION: 'DOCS',
  TOOL: 'TOOLING',
  TOOLING: 'TOOL',
  GITHUB: 'REPO',
  REPO: 'GITHUB',
};

/**
 * Tabular entries grouped by kind. A group is sorted (featured first, then by name) the first
 * time it is listed and kept: sorting every kind up front would spend build time on lists
 * nobody may ask for. The result for a kind never changes, so the snapshot stays immutable
 * in every way a caller can see.
 */
export class KindLists {
  readonly #groups = new Map<Kind, Entry[]>();
  readonly #sorted = new Map<Kind, readonly Entry[]>();

  constructor(entries: readonly Entry[]) {
    for (const entry of entries) {
      if (entry.form !== 'tabular') continue;
      const group = this.#groups.get(entry.kind);
      if (group) group.push(entry);
      else this.#groups.set(entry.kind, [entry]);
    }
  }

  #list(kind: Kind): readonly Entry[] {
    let list = this.#sorted.get(kind);
    if (!list) this.#sorted.set(kind, (list = Object.freeze(featuredThenName(this.#groups.get(kind) ?? []))));
    return list;
  }

  /** Every entry of `kind`, and the near-synonym kind's count when it has entries. */
  listing(kind: Kind): KindListing {
    const entries = [...this.#list(kind)];
    const other = NEAR_SYNONYMS[kind];
    const count = other === undefined ? 0 : (this.#groups.get(other)?.length ?? 0);
    return other !== undefined && count > 0 ? { kind, entries, synonym: { kind: other, count } } : { kind, entries };
  }
}
