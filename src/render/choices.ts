import { DISCORD_LIMITS } from '../base/limits.js';
import { cleanInput, truncate } from '../base/text.js';
import type { Entry } from '../catalogue/schema.js';
import { DEFAULT_LOCALE, type SupportedLocale } from '../i18n/index.js';
import { kindOf, kindWord } from './words.js';

/** An autocomplete choice as Discord takes it: label ≤ 100 characters, value = entry id. */
export interface Choice {
  name: string;
  value: string;
}

/** Discord's limit on an autocomplete choice's name (and value), from the one list of limits. */
export const CHOICE_NAME_MAX = DISCORD_LIMITS.choiceName;
const SEPARATOR = ' — ';
const MIN_HINT = 8;

/** "SDK · Solana Foundation": what the entry is, in the member's words, and who makes it; a card not yet browsed under a kind shows its topic. */
function hintOf(entry: Entry, locale: SupportedLocale): string {
  const kind = kindOf(entry);
  const what = kind ? kindWord({ locale }, kind) : entry.category;
  const maker = entry.maker === undefined ? '' : cleanInput(entry.maker);
  return [cleanInput(what), maker].filter(Boolean).join(' · ');
}

/**
 * "Anchor — SDK · Solana Foundation", at most 100 characters. The name matters most: the hint
 * is dropped before the name is cut, and a name that cannot be shown falls back to the id.
 */
export function choiceLabel(entry: Entry, locale: SupportedLocale = DEFAULT_LOCALE): string {
  const name = cleanInput(entry.name) || cleanInput(entry.id) || '?';
  if (name.length > CHOICE_NAME_MAX) return truncate(name, CHOICE_NAME_MAX);
  const hint = hintOf(entry, locale);
  const room = CHOICE_NAME_MAX - name.length - SEPARATOR.length;
  // A hint cut to a few letters says nothing; show the name alone instead.
  return hint && room >= MIN_HINT ? `${name}${SEPARATOR}${truncate(hint, room)}` : name;
}

// Entries are immutable and belong to one catalogue snapshot, so each one's choice is built once per language.
const choices = new Map<SupportedLocale, WeakMap<Entry, Choice>>();

/** The autocomplete choices for entries in a member's language: `entries.map(choicesIn(locale))`. */
export function choicesIn(locale: SupportedLocale): (entry: Entry) => Choice {
  let built = choices.get(locale);
  if (!built) choices.set(locale, (built = new WeakMap()));
  const cache = built;
  return (entry) => {
    let choice = cache.get(entry);
    if (!choice)
      cache.set(entry, (choice = Object.freeze({ name: choiceLabel(entry, locale), value: entry.id.slice(0, CHOICE_NAME_MAX) })));
    return choice;
  };
}

/** The autocomplete choice for an entry, in English: its label, and its id as the value. */
export function toChoice(entry: Entry): Choice {
  return choicesIn(DEFAULT_LOCALE)(entry);
}
