import type { Catalogue } from '../catalogue/load.js';
import type { Entry, Kind } from '../catalogue/schema.js';
import { Engine } from './engine.js';
import { KindLists } from './kinds.js';
import { toChoice } from './label.js';
import { lookup } from './lookup.js';
import { firstInOrder } from './order.js';
import { NameIndex } from './names.js';
import { search } from './search.js';
import type { Snapshot } from './snapshot.js';
import { MAX_CHOICES, suggest } from './suggest.js';
import type { Choice, ResourceIndex } from './types.js';

/** Autocomplete answers on every keystroke and must never fail the interaction: an error means no choices. */
function safeSuggest(snapshot: Snapshot, partial: unknown): Choice[] {
  try {
    return suggest(snapshot, partial);
  } catch {
    return [];
  }
}

/**
 * Builds an immutable, queryable snapshot of `catalogue`. Everything a query needs is computed
 * here, once, so queries only read: a snapshot can be shared by any number of requests and
 * replaced wholesale (see IndexHolder) when the catalogue is reloaded.
 */
export function createResourceIndex(catalogue: Catalogue): ResourceIndex {
  const entries: readonly Entry[] = Object.freeze([...catalogue.entries]);
  const frozen: Catalogue = Object.freeze({ entries, files: Object.freeze([...catalogue.files]) });
  const positions: ReadonlyMap<string, number> = new Map(entries.map((e, i) => [e.id, i]));
  const snapshot: Snapshot = Object.freeze({
    entries,
    positions,
    names: new NameIndex(entries),
    engine: new Engine(entries),
    defaultChoices: Object.freeze(firstInOrder(entries, MAX_CHOICES).map(toChoice)),
  });
  const kinds = new KindLists(entries);

  return Object.freeze({
    catalogue: frozen,
    search: (query, options) => search(snapshot, query, options),
    suggest: (partial) => safeSuggest(snapshot, partial),
    byKind: (kind: Kind) => kinds.listing(kind),
    lookup: (text) => lookup(snapshot, text),
    get: (id) => (typeof id === 'string' ? entries[positions.get(id) ?? -1] : undefined),
  } satisfies ResourceIndex);
}
