import { search } from './search.js';
import type { Snapshot } from './snapshot.js';
import { cleanInput } from './text.js';
import type { LookupResult } from './types.js';

/** How many "did you mean" candidates a failed lookup offers. */
export const MAX_CANDIDATES = 5;

/**
 * The entry `text` names exactly (id, name, alias or package id, compared like catalogue
 * names), or up to five close candidates from the fuzzy search.
 */
export function lookup(snapshot: Snapshot, text: unknown): LookupResult {
  const cleaned = cleanInput(text);
  if (cleaned === '') return { candidates: [] };
  // Autocomplete sends the chosen entry's id, so that is the common case.
  const byId = snapshot.entries[snapshot.positions.get(cleaned.toLowerCase()) ?? -1];
  if (byId) return { entry: byId };
  const named = snapshot.names.named(cleaned);
  const entry = named === undefined ? undefined : snapshot.entries[named];
  if (entry) return { entry };
  return { candidates: search(snapshot, cleaned, { limit: MAX_CANDIDATES }).map((hit) => hit.entry) };
}
