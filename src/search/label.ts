import type { Entry } from '../catalogue/schema.js';
import type { Choice } from './types.js';
import { DISCORD_LIMITS } from '../render/limits.js';
import { truncate } from '../render/text.js';
import { cleanInput } from './text.js';

/** Discord's limit on an autocomplete choice's name (and value), from the one list of limits. */
export const CHOICE_NAME_MAX = DISCORD_LIMITS.choiceName;
const SEPARATOR = ' — ';
const MIN_HINT = 8;

/** "SDK · Solana Foundation": what the entry is and who makes it. Cards have no kind, so their topic stands in. */
function hintOf(entry: Entry): string {
  const what = entry.form === 'tabular' ? entry.kind : entry.category;
  const maker = entry.maker === undefined ? '' : cleanInput(entry.maker);
  return [cleanInput(what), maker].filter(Boolean).join(' · ');
}

/**
 * "Anchor — SDK · Solana Foundation", at most 100 characters. The name matters most: the hint
 * is dropped before the name is cut, and a name that cannot be shown falls back to the id.
 */
export function choiceLabel(entry: Entry): string {
  const name = cleanInput(entry.name) || cleanInput(entry.id) || '?';
  if (name.length > CHOICE_NAME_MAX) return truncate(name, CHOICE_NAME_MAX);
  const hint = hintOf(entry);
  const room = CHOICE_NAME_MAX - name.length - SEPARATOR.length;
  // A hint cut to a few letters says nothing; show the name alone instead.
  return hint && room >= MIN_HINT ? `${name}${SEPARATOR}${truncate(hint, room)}` : name;
}

/** The autocomplete choice for an entry: its label, and its id as the value. */
export function toChoice(entry: Entry): Choice {
  return { name: choiceLabel(entry), value: entry.id.slice(0, CHOICE_NAME_MAX) };
}
