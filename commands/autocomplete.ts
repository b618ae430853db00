import { DISCORD_LIMITS as L } from '../src/render/limits.js';
import { plainLabel } from '../src/render/text.js';
import type { Choice, ResourceIndex } from '../src/search/types.js';

/**
 * Choices for what a member is typing. `show` offers entries (value = id). `search` first offers
 * the typed words themselves, so a free-text search stays one keypress away, then entries.
 */
export function autocompleteChoices(index: ResourceIndex, subcommand: string | null, typed: string): Choice[] {
  const entries = index.suggest(typed);
  const text = plainLabel(typed, L.choiceValue);
  if (subcommand !== 'search' || text.length < 2 || text === '—') return entries.slice(0, L.autocompleteChoices);
  const own: Choice = { name: plainLabel(`🔎 Search for “${text}”`, L.choiceName), value: text };
  return [own, ...entries.filter((c) => c.value !== text)].slice(0, L.autocompleteChoices);
}
