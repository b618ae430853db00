import type { APIInteraction } from 'discord.js';
import type { Catalogue } from '../src/catalogue/load.js';
import { autocompleteInteraction, chatInputInteraction, option, plainMember, world } from '../test/support/discord/index.js';
import { burstInputs } from './burst-inputs.js';
import { benchQueries } from './queries.js';
import { Rng } from './rng.js';

/** What one request to the Interactions Endpoint asks. */
export type HttpKind = 'search' | 'show' | 'autocomplete';
export const HTTP_KINDS: readonly HttpKind[] = ['search', 'show', 'autocomplete'];

/** One interaction as Discord would POST it, and what a member typed into it. */
export interface HttpInput {
  kind: HttpKind;
  text: string;
  interaction: APIInteraction;
}

/** Mostly searches; some shows (an entry picked from autocomplete, or a name typed out) and autocompletes as members type. */
const MIX: readonly (readonly [HttpKind, number])[] = [
  ['search', 60],
  ['show', 15],
  ['autocomplete', 25],
];

/** burstInputs derives distinct inputs; the catalogue offers this many of 1-3 characters at most, so the pool stays below. */
const TYPED_POOL = 600;

const members = Object.values(world.users)
  .filter((user) => !user.bot)
  .map((user) => plainMember(user));

/**
 * `count` interactions in a fixed mix: `/resource search query:` with the search benchmark's
 * queries (prefixes, slips, exact names and packages, description words, one and two letters),
 * `/resource show name:` with an entry's id (as autocomplete fills it in) or its name typed out,
 * and autocompletes of `query` and `name` with the burst benchmark's typed inputs. Every
 * interaction has its own id and token; the same seed gives the same list.
 */
export function httpInputs(catalogue: Catalogue, count: number, seed: number): HttpInput[] {
  const rng = new Rng(seed);
  const queries = benchQueries(catalogue, count, seed);
  const typed = burstInputs(catalogue, Math.min(count, TYPED_POOL), seed);
  const inputs: HttpInput[] = [];
  for (let k = 0; k < count; k++) {
    const member = rng.pick(members);
    const kind = rng.weighted(MIX);
    if (kind === 'search') {
      const text = (queries[k] ?? rng.pick(queries)).text;
      const interaction = chatInputInteraction({
        command: 'resource',
        subcommand: 'search',
        member,
        options: [option.string('query', text)],
      });
      inputs.push({ kind, text, interaction });
    } else if (kind === 'show') {
      const entry = rng.pick(catalogue.entries);
      const text = rng.chance(0.8) ? entry.id : entry.name;
      const interaction = chatInputInteraction({ command: 'resource', subcommand: 'show', member, options: [option.string('name', text)] });
      inputs.push({ kind, text, interaction });
    } else {
      const { text } = rng.pick(typed);
      const onShow = rng.chance(0.5);
      const interaction = autocompleteInteraction({
        command: 'resource',
        subcommand: onShow ? 'show' : 'search',
        member,
        focused: { name: onShow ? 'name' : 'query', value: text },
      });
      inputs.push({ kind, text, interaction });
    }
  }
  return inputs;
}
