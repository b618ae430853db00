/** Kinds as members browse them: near-synonyms listed together, cards under their `browse` kind. */
import type { Entry, Kind } from '../catalogue/schema.js';

/** Kinds a maintainer may use for the same sort of thing; browsing one shows both. */
const NEAR_SYNONYMS: Readonly<Partial<Record<Kind, Kind>>> = {
  DOCS: 'DOCUMENTATION',
  DOCUMENTATION: 'DOCS',
  TOOL: 'TOOLING',
  TOOLING: 'TOOL',
  GITHUB: 'REPO',
  REPO: 'GITHUB',
};

/** A kind and its near-synonym, if it has one: what browsing `kind` shows. */
export function kindGroup(kind: Kind): Kind[] {
  const other = NEAR_SYNONYMS[kind];
  return other === undefined ? [kind] : [kind, other];
}

/** The kind an entry is browsed under: a tabular entry's own kind, a card's `browse` kind. */
export function browseKind(entry: Entry | undefined): Kind | undefined {
  if (!entry) return undefined;
  return entry.form === 'tabular' ? entry.kind : entry.browse;
}

/** A test that keeps entries browsed under `kind` or its near-synonym (cards by their `browse` kind). */
export function kindFilter(entries: readonly Entry[], kind: Kind | undefined): ((i: number) => boolean) | undefined {
  if (kind === undefined) return undefined;
  const group = new Set(kindGroup(kind));
  return (i) => {
    const browse = browseKind(entries[i]);
    return browse !== undefined && group.has(browse);
  };
}
