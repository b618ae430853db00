import type { Entry } from '../catalogue/schema.js';

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
  return entries.map(keyOf).sort(compareKeys).map((k) => k.entry);
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
