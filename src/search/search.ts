import type { Kind } from '../catalogue/schema.js';
import { engineRanking, mergeRanked, typoNames, withSuccessors } from './rank.js';
import type { Snapshot } from './snapshot.js';
import { queryTerms } from './terms.js';
import { cleanInput, compactKey } from './text.js';
import { NEAR_NAME_SHARE, PREFIX_FROM } from './tuning.js';
import type { SearchHit, SearchOptions } from './types.js';

export const DEFAULT_LIMIT = 10;
/** A search answers a person, not a bulk export: byKind is there for whole lists. */
export const MAX_LIMIT = 100;

function limitOf(limit: unknown): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) return DEFAULT_LIMIT;
  return Math.max(0, Math.min(MAX_LIMIT, Math.floor(limit)));
}

/** A test that keeps tabular entries of `kind`; cards have no kind, so they never pass. */
export function kindFilter(snapshot: Snapshot, kind: Kind | undefined): ((i: number) => boolean) | undefined {
  if (kind === undefined) return undefined;
  const { entries } = snapshot;
  return (i) => {
    const entry = entries[i];
    return entry?.form === 'tabular' && entry.kind === kind;
  };
}

/** Ranked hits for `query`: exact names, near names and typos of names first, then full-text matches by score. */
export function search(snapshot: Snapshot, query: unknown, options: SearchOptions = {}): SearchHit[] {
  const text = cleanInput(query);
  const limit = limitOf(options.limit);
  if (text === '' || limit === 0) return [];
  const accept = kindFilter(snapshot, options.kind);
  const compact = compactKey(text);
  const near = compact.length >= PREFIX_FROM ? snapshot.names.nearCompletions(compact, NEAR_NAME_SHARE) : [];
  const terms = queryTerms(text);
  // Single letters match too much to rank anything; only an exact name can answer them.
  const ranked = terms.some((t) => t.length > 1) ? engineRanking(snapshot, { terms, prefixFrom: PREFIX_FROM, ...(accept && { accept }) }) : [];
  const exact = snapshot.names.exact(text);
  // A typo of a name only matters when no name matched as typed.
  const typos = exact.length === 0 ? typoNames(snapshot, compact, ranked) : [];
  const tiers = [...exact, ...near, ...typos].filter((i) => !accept || accept(i));
  return withSuccessors(snapshot, mergeRanked(tiers, ranked), accept)
    .slice(0, limit)
    .flatMap(({ i, score }) => {
      const entry = snapshot.entries[i];
      return entry ? [{ entry, score }] : [];
    });
}
