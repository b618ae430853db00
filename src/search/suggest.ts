/**
 * Autocomplete: the entries to offer for what a member has typed so far, from names alone (names, aliases,
 * ids, packages and their later words), cheap at any catalogue size. The question ranking runs when the
 * command is sent, not on every keystroke.
 */
import { DISCORD_LIMITS } from '../base/limits.js';
import { cleanInput } from '../base/text.js';
import type { Entry } from '../catalogue/schema.js';
import type { Snapshot } from './answer.js';
import { fuzzyDistance } from './options.js';
import { compactKey, wordsOf } from './words.js';

/** Discord shows at most 25 autocomplete choices. */
export const MAX_CHOICES = DISCORD_LIMITS.autocompleteChoices;

/** Collects entry positions in order of first appearance, up to MAX_CHOICES. */
class Picks {
  readonly order: number[] = [];
  readonly #seen = new Set<number>();

  add(positions: Iterable<number>): void {
    for (const i of positions) {
      if (this.order.length >= MAX_CHOICES) return;
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

// Entries are immutable: the compacted words of their names are worked out once, on first use.
const nameKeys = new WeakMap<Entry, string>();

/** Every name of an entry, compacted and joined: what several typed words must each be found in. */
function keysOf(entry: Entry): string {
  let keys = nameKeys.get(entry);
  if (keys === undefined) {
    keys = [entry.name, entry.id, ...entry.aliases, entry.package ?? ''].map(compactKey).join(' ');
    nameKeys.set(entry, keys);
  }
  return keys;
}

/**
 * Autocomplete choices: up to one character, the featured-first list; then names spelt as typed, names (or
 * their later words) starting with the input, names starting with the last word typed that hold the other
 * words too ("python sdk" → "Solana Python SDK"), and from three letters typos of whole names ("ancor").
 */
export function suggest(snapshot: Snapshot, partial: unknown): readonly Entry[] {
  const text = cleanInput(partial);
  const compact = compactKey(text);
  if (compact.length <= 1) return snapshot.defaultEntries;
  const { names, entries } = snapshot;
  const picks = new Picks();
  picks.add(names.exact(text));
  picks.add(names.starting(compact));
  const words = wordsOf(text).map(compactKey).filter(Boolean);
  const last = words[words.length - 1];
  if (!picks.full && words.length > 1 && last !== undefined) {
    const others = words.slice(0, -1);
    picks.add(names.starting(last).filter((i) => others.every((w) => keysOf(entries[i] as Entry).includes(w))));
  }
  if (!picks.full && compact.length > 2) picks.add(names.closeTo(compact, Math.max(1, fuzzyDistance(compact))));
  return picks.order.flatMap((i) => entries[i] ?? []);
}
