import type { Catalogue } from './load.js';
import { KINDS } from './schema.js';

/** Counts by form, kind and category: what the check prints and what notes report. */
export function catalogueCounts(catalogue: Catalogue) {
  const byKind: Record<string, number> = {};
  const byCategory: Record<string, number> = {};
  let cards = 0;
  for (const e of catalogue.entries) {
    if (e.form === 'card') cards++;
    else byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
    byCategory[e.category] = (byCategory[e.category] ?? 0) + 1;
  }
  return { entries: catalogue.entries.length, tabular: catalogue.entries.length - cards, cards, byKind, byCategory, files: catalogue.files.length };
}

/** The one-line summary printed by a passing check. */
export function summaryLine(catalogue: Catalogue): string {
  const c = catalogueCounts(catalogue);
  const kinds = KINDS.filter((k) => c.byKind[k]).map((k) => `${k} ${c.byKind[k]}`).join(', ');
  const used = KINDS.filter((k) => c.byKind[k]).length;
  return `catalogue OK: ${c.entries} entries (${c.tabular} tabular, ${c.cards} cards) in ${c.files} files; ${used} of ${KINDS.length} kinds: ${kinds}`;
}
