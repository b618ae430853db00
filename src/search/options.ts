/**
 * The search's knobs, in one typed object with documented defaults (after minisearch's
 * `defaultSearchOptions`). Only how text is found and weighed is set by hand here; how the
 * evidence is combined into a ranking, and when to say "nothing", is fitted from labelled
 * questions (`npm run ranker:fit`) and stored in `weights.json`.
 */
import type { SearchField } from './build.js';

export interface SearchSettings {
  /**
   * How much a word found in each field counts toward the full-text score that picks the
   * candidates (minisearch's `boost`). Names are what people type, so they weigh most; asks are
   * written in members' words, so they weigh more than the description. Range 0.5–10.
   */
  readonly boost: Readonly<Record<SearchField, number>>;
  /**
   * A prefix or typo match, against an exact one (minisearch's `weights`). Both below 1 so that an
   * exact word wins a tie; prefix above fuzzy, since the last word typed is nearly always a prefix.
   */
  readonly matchWeights: { readonly prefix: number; readonly fuzzy: number };
  /** The last word counts as a prefix from this many letters ("anc" → anchor); two letters expand to too much. */
  readonly prefixFrom: number;
  /** At most this many edits for a typo (two from 8 letters, one from 4, none below: see `fuzzyDistance`). */
  readonly maxFuzzy: number;
  /** How many full-text hits are ranked by the fitted model: enough for recall, few enough to stay cheap. */
  readonly candidates: number;
  /** A catalogue word reached through the concept vocabulary weighs this much of the member's own word, in retrieval. */
  readonly bridgeWeight: number;
  /** Another form of the member's word ("signing" for "sign") weighs this much of the word as typed, in retrieval. */
  readonly formWeight: number;
  /** At most this many words of a question (the last ones typed): more words only cost time. */
  readonly maxTerms: number;
  /** At most this many words of a long message become its question: its rarest ones. */
  readonly messageTerms: number;
  /** Text longer than this (or with line breaks) is read as a whole message: code, logs and links set aside. */
  readonly messageFrom: number;
  /** The most of a message that is read: Discord's longest message. */
  readonly messageChars: number;
  /**
   * Words the catalogue does not use, judged by their rank in spoken English: up to `everydayEnglish`
   * ("talk", "copy") they are incidental; other English words weigh like a word in `uncommonShare` of
   * entries; a word that is no English at all ("django") weighs `unknownWeight` × the rarest word's weight.
   */
  readonly everydayEnglish: number;
  readonly commonEnglish: number;
  readonly uncommonShare: number;
  readonly unknownWeight: number;
  /** A word in more than this share of entries ("sdk", "api") only narrows a question down. */
  readonly commonShare: number;
  /** A whole question at least this share of a name, from its start, nearly completes it ("anch" → Anchor). */
  readonly nearNameShare: number;
}

export const defaultSearchSettings: SearchSettings = Object.freeze({
  boost: Object.freeze({ name: 8, aliases: 6, package: 5, asks: 3, tags: 2.5, kind: 2, maker: 2, category: 1.5, description: 1 }),
  matchWeights: Object.freeze({ prefix: 0.6, fuzzy: 0.3 }),
  prefixFrom: 3,
  maxFuzzy: 2,
  candidates: 50,
  bridgeWeight: 0.6,
  formWeight: 0.8,
  maxTerms: 12,
  messageTerms: 30,
  messageFrom: 200,
  messageChars: 4_000,
  everydayEnglish: 3_000,
  commonEnglish: 20_000,
  uncommonShare: 0.02,
  unknownWeight: 1.25,
  commonShare: 0.1,
  nearNameShare: 0.5,
});

/**
 * Typo tolerance by word length: none under 4 letters ("kit" would match "kin", "git"), one edit up
 * to 7, two from 8 ("pinnochio"). Words with digits are versions or standards ("x402"): a near miss
 * there is a different thing.
 */
export function fuzzyDistance(term: string, max = defaultSearchSettings.maxFuzzy): number {
  if (term.length < 4 || /\d/.test(term)) return 0;
  return term.length >= 8 ? max : 1;
}
