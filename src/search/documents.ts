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
      const bare = barePackageName(entry.package);
      return bare === undefined ? entry.package : [entry.package, bare];
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
