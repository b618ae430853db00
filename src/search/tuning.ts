import type { SearchField } from './build.js';

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

/**
 * A catalogue word reached through the concept vocabulary ("charge per request" → x402) weighs
 * this much of a word the member typed: enough to find the entries that meet the need, not so
 * much that an entry merely tagged with the concept outranks one matching the member's own words.
 */
export const CONCEPT_WEIGHT = 0.6;

/**
 * Another form of a member's word that the catalogue writes ("signing" for "sign", "connect" for "connecting")
 * weighs this much of the word as typed: the same word, so it counts as the member's own, but an entry using
 * the very form typed still wins a tie.
 */
export const FORM_WEIGHT = 0.8;

/**
 * A word no entry uses (or one naming something the catalogue does not cover, such as another
 * chain) weighs this many times the weight of the rarest word the catalogue holds: in "telegram
 * bot framework", "telegram" is what the question is about, and no entry knows it.
 */
export const UNKNOWN_WEIGHT = 1.25;

/** Results are ordered by the share of the need they cover in steps this size, then by relevance. */
export const COVERAGE_STEP = 0.05;

/** A result covering this share of the question's distinctive words (weighted) answers it fully. */
export const FULL_COVERAGE = 0.999;

/**
 * The least share of a question's need (weighted by rarity) a result must cover to be listed at
 * all. Below it, for every result, the honest answer is "nothing in the catalogue". Half: a
 * question is about what its rarest words name, and an entry matching only its common words is
 * a coincidence, not an answer.
 */
export const ANSWER_SHARE = 0.5;

/**
 * A long message carries context no entry names ("for my hackathon", "our dao", "been stuck for
 * hours"), which dilutes the share of its need an entry can cover. So a result covering at least
 * PARTIAL_SHARE is listed too, as a partial match, when its labels (name, aliases, package, tags)
 * hold at least PARTIAL_LABEL_SHARE of the question's words: the entry is about part of what is
 * asked, not a passing mention of it. Never when the question names something outside the catalogue.
 * Measured on fresh labelled sets: top five 0.60 → 0.70 on chatty questions, every honest "nothing"
 * of 128 no-answer questions kept but two ("tailwind in nextjs" now lists the nextjs templates, marked partial).
 */
export const PARTIAL_SHARE = 0.4;
export const PARTIAL_LABEL_SHARE = 0.3;

/** How many categories a no-answer reply suggests. */
export const MAX_NEAREST = 3;

/**
 * How results that cover the same share of a question are ordered (the parts sum to 1, so a band
 * is never crossed): an entry the question names outright (every word of a two-word-or-longer
 * name: "the anchor docs"); the share of its words found in the entry's labels rather than in
 * passing (Jupiter's Price API is tagged "usd" and "price"; an asset API only mentions them); the
 * share of its distinctive words; the maintainers'
 * featured picks (the answer to a generic "which typescript library?"); then relevance.
 */
export const TIE_WEIGHTS = { named: 0.25, label: 0.2, distinctive: 0.2, featured: 0.15, relevance: 0.2 } as const;

/**
 * Words the catalogue does not use, judged by spoken English (their rank in word frequency). Up to
 * EVERYDAY_ENGLISH ("talk", "copy", "store", "button") they are incidental to a question and do not
 * count against an answer; any other English word ("laptop", "cheaply", "format") weighs like a word
 * in UNCOMMON_SHARE of entries; a word that is not English at all, a name or a technical term
 * ("django", "kubernetes", "postgres"), weighs most (UNKNOWN_WEIGHT). COMMON_ENGLISH bounds which
 * words count as common when they appear only in passing, in a description.
 */
export const EVERYDAY_ENGLISH = 3_000;
export const COMMON_ENGLISH = 20_000;
export const UNCOMMON_SHARE = 0.02;

/** How much a passing mention (a common word in a description, a vocabulary match on one word) counts towards covering a word. */
export const WEAK_EVIDENCE = 0.5;
