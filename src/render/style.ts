/**
 * What colour means in a reply, for both entry forms alike: the colour bar says how far the
 * member can rely on the answer, never how the catalogue stores it.
 */
import type { Freshness } from '../catalogue/freshness.js';
import type { Entry } from '../catalogue/schema.js';

export const COLOURS = {
  /** An answer from the catalogue: an entry, a list of matches, a kind's page (Solana's purple). */
  answer: 0x9945ff,
  /** An answer to read with care: a deprecated entry, or matches for only part of the query (amber). */
  caution: 0xf0b232,
  /** No answer: nothing in the catalogue matched (Discord's own grey, so it recedes). */
  none: 0x4e5058,
} as const;

/** Badges that make an entry one to use with care: its package is deprecated, gone, yanked or renamed, or unreleased for long. */
const CAUTION_BADGES = new Set(['deprecated', 'missing', 'yanked', 'renamed', 'stale']);

/** The colour of an entry's embed: the answer colour, or caution when the entry is deprecated or verification found trouble. */
export function entryColour(entry: Entry, freshness?: Freshness): number {
  const trouble = entry.status === 'deprecated' || freshness?.badges.some((b) => CAUTION_BADGES.has(b.kind));
  return trouble ? COLOURS.caution : COLOURS.answer;
}
