import type { SearchField } from './documents.js';

/**
 * Every ranking knob in one place, each with the reason for its value. The labelled query set
 * (test/search/queries.ts) and the benchmark are how a change here is judged.
 */

/**
 * Field boosts. An entry's own names must beat any mention in prose: a name hit is worth
 * eight description hits. Package ids are pasted verbatim, so they rank almost like names.
 * Tags, kind and maker are short curated labels ("python", "SDK", "Helius"), better evidence
 * than a passing word in a sentence, but evidence about the topic, not the identity.
 */
export const FIELD_BOOSTS: Readonly<Record<SearchField, number>> = {
  name: 8,
  aliases: 6,
  package: 5,
  tags: 2.5,
  kind: 2,
  maker: 2,
  category: 1.5,
  description: 1,
};

/**
 * Where a half-typed last word is completed: names, aliases, packages, makers and tags, the
 * short fields people type from. Not prose, where a three-letter start such as "pro" or "han"
 * matches a large share of all entries (program, protocol, handles…): it costs the most and
 * means the least. Not kind or category either: their few values each cover many entries.
 */
export const PREFIX_FIELDS: readonly SearchField[] = ['name', 'aliases', 'package', 'maker', 'tags'];

/**
 * The last word counts as a prefix from three letters ("anc" → "anchor"). Two letters expand
 * to a large share of the vocabulary ("so" → solana, sol, solid, …) and rank noise; the
 * autocomplete answers two letters from its sorted name list instead.
 */
export const PREFIX_FROM = 3;

/**
 * A prefix match is a fair guess at what is being typed, a fuzzy match a weaker one; both
 * weigh less than an exact term so an exact word wins a tie. (Minisearch's defaults, 0.375
 * and 0.45, rank a one-edit typo above a prefix: the wrong way round for autocomplete, where
 * the last word is nearly always a prefix.)
 */
export const MATCH_WEIGHTS = { prefix: 0.6, fuzzy: 0.3 };

/**
 * Typo tolerance by term length: none under 4 letters (3-letter terms have too many
 * neighbours: "kit" would match "kin", "git", "sit"), one edit up to 7 letters ("ancor"),
 * two from 8 ("pinnochio" is two edits from "pinocchio"), never more (MAX_FUZZY bounds the
 * cost of a long pasted word). Terms with digits are versions or standards ("x402", "2022"):
 * a near miss there is a different thing, so they are not fuzzed.
 */
export const MAX_FUZZY = 2;
export function fuzzyDistance(term: string): number {
  if (term.length < 4 || /\d/.test(term)) return 0;
  return term.length >= 8 ? MAX_FUZZY : 1;
}

/**
 * A name the query is at least this share of, from its start, ranks as a near-exact name:
 * "anch" → "Anchor", "pinoc" → "Pinocchio"; but "ide" does not pull up "Identity Kit".
 */
export const NEAR_NAME_SHARE = 0.5;

/**
 * Featured entries are the maintainers' first recommendations: they win close calls
 * ("typescript sdk" → Solana Kit over a vendor's TypeScript SDK), not clear ones.
 */
export const FEATURED_BOOST = 1.3;

/** How many of the best full-text hits are checked for being a typo of the whole query. */
export const TYPO_NAME_CANDIDATES = 50;

/**
 * On large catalogues, a query term found in more than this share of entries ("api",
 * "payments", "sdk") is common. When a query also has rarer terms ("briair payments api"),
 * the rarer terms choose the candidates and the common ones only rank them: a result must
 * match something distinctive the user typed. This bounds the work a common word causes;
 * small catalogues (below SELECTIVE_FROM entries) are always searched in full.
 */
export const COMMON_SHARE = 0.01;
export const SELECTIVE_FROM = 2000;

/**
 * A query term found in at most this share of entries says what is wanted ("python" in
 * "python sdk"); a more common one ("sdk", "api") only narrows it down. Ranking puts entries
 * that match more of the distinctive terms first, so a Python SDK beats any other SDK.
 */
export const DISTINCTIVE_SHARE = 0.1;
