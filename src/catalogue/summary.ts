import { CONCEPTS_FILE } from './concepts.js';
import type { Catalogue } from './load.js';
import { KINDS } from './schema.js';

/** Counts by form, kind, browse kind (kind for rows, browse for cards), registry and category: what the check prints and notes report. */
export function catalogueCounts(catalogue: Catalogue) {
  const byKind: Record<string, number> = {};
  const byBrowse: Record<string, number> = {};
  const byRegistry: Record<string, number> = {};
  const byCategory: Record<string, number> = {};
  let cards = 0;
  for (const e of catalogue.entries) {
    const listedAs = e.form === 'card' ? e.browse : e.kind;
    if (listedAs !== undefined) byBrowse[listedAs] = (byBrowse[listedAs] ?? 0) + 1;
    if (e.form === 'card') cards++;
    else byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
    if (e.registry !== undefined) byRegistry[e.registry] = (byRegistry[e.registry] ?? 0) + 1;
    byCategory[e.category] = (byCategory[e.category] ?? 0) + 1;
  }
  return {
    entries: catalogue.entries.length,
    tabular: catalogue.entries.length - cards,
    cards,
    byKind,
    byBrowse,
    byRegistry,
    byCategory,
    files: catalogue.files.filter((f) => !f.endsWith(CONCEPTS_FILE) && !/language\.[^/]+\.yaml$/.test(f)).length,
    concepts: catalogue.concepts?.concepts.length ?? 0,
  };
}

/** The one-line summary printed by a passing check. */
export function summaryLine(catalogue: Catalogue): string {
  const c = catalogueCounts(catalogue);
  // A card counts under the kind it is listed as, as members browse it.
  const kinds = KINDS.filter((k) => c.byBrowse[k])
    .map((k) => `${k} ${c.byBrowse[k]}`)
    .join(', ');
  const used = KINDS.filter((k) => c.byBrowse[k]).length;
  const packages = Object.entries(c.byRegistry)
    .sort(([, a], [, b]) => b - a)
    .map(([registry, n]) => `${registry} ${n}`)
    .join(', ');
  const vocabulary = c.concepts ? `; ${c.concepts} concepts in the vocabulary` : '';
  const languages = catalogue.languages?.length ? `; members' words in ${catalogue.languages.length} other languages` : '';
  return `catalogue OK: ${c.entries} entries (${c.tabular} tabular, ${c.cards} cards) in ${c.files} files; ${used} of ${KINDS.length} kinds: ${kinds}; packages: ${packages || 'none'}${vocabulary}${languages}`;
}
