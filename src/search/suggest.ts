/** Autocomplete: the entries to offer for what a member has typed so far, cheap at any catalogue size. */
import { DISCORD_LIMITS } from '../base/limits.js';
import { cleanInput } from '../base/text.js';
import type { Entry } from '../catalogue/schema.js';
import { engineRanking, typoNames, type Snapshot } from './rank.js';
import { PREFIX_FROM } from './tuning.js';
import { compactKey, queryTerms } from './words.js';

/** Discord shows at most 25 autocomplete choices. */
export const MAX_CHOICES = DISCORD_LIMITS.autocompleteChoices;
/** Names that start with the input lead, but leave room below them for ranked matches. */
const NAME_STARTS_SHOWN = 10;

/** Collects entry positions in order of first appearance, up to MAX_CHOICES. */
class Picks {
  readonly order: number[] = [];
  readonly #seen = new Set<number>();

  add(positions: Iterable<number>, max: number = MAX_CHOICES): void {
    for (const i of positions) {
      if (this.order.length >= max) return;
      if (!this.#seen.has(i)) {
        this.#seen.add(i);
        this.order.push(i);
      }
    }
  }

  get full(): boolean {
    return this.order.length >= MAX_CHOICES;
  }
}

/**
 * Autocomplete choices for what has been typed so far. Up to one character: the precomputed
 * featured-first list. Then exact names, then names (or their later words) starting with the
 * input; from three characters typos of whole names, then the search ranking, with the last
 * word as a prefix.
 * Two characters stop at name starts, which is cheap at any catalogue size.
 */
export function suggest(snapshot: Snapshot, partial: unknown): readonly Entry[] {
  const text = cleanInput(partial);
  const compact = compactKey(text);
  if (compact.length <= 1) return snapshot.defaultEntries;

  const picks = new Picks();
  picks.add(snapshot.names.exact(text));
  const starts = snapshot.names.starting(compact);
  picks.add(starts, Math.min(MAX_CHOICES, picks.order.length + NAME_STARTS_SHOWN));
  if (compact.length > 2 && !picks.full) {
    const ranked = engineRanking(snapshot, { terms: queryTerms(text), prefixFrom: PREFIX_FROM }).hits;
    // As in search: a typo of a whole name ("halies checkout") leads, when no name matched as typed.
    if (picks.order.length === 0) picks.add(typoNames(snapshot, compact, ranked));
    picks.add(ranked.map((h) => h.i));
  }
  picks.add(starts);
  return picks.order.flatMap((i) => {
    const entry = snapshot.entries[i];
    return entry ? [entry] : [];
  });
}
