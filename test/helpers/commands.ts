/** Runs commands the way every transport does, through the registry's dispatch, with a test caller. */
import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { dispatch } from '../../commands/registry.js';
import type { Caller, CommandContext, Incoming, Response, SharedState } from '../../commands/types.js';
import type { Choice } from '../../src/render/choices.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { MemoryState } from '../../src/runtime/state.js';
import type { ResourceIndex } from '../../src/search/index.js';

/** The bot's usual permissions in a channel. */
export const BOT_PERMISSIONS = P.SendMessages | P.EmbedLinks | P.PinMessages | P.ReadMessageHistory;

export interface Situation {
  caller?: Partial<Caller>;
  state?: SharedState;
  now?: number;
}

export function testCaller(over: Partial<Caller> = {}): Caller {
  return { userId: '111', locale: 'en-US', place: 'guild', memberPermissions: P.SendMessages, appPermissions: BOT_PERMISSIONS, ...over };
}

function contextFor(index: ResourceIndex, s: Situation): CommandContext {
  return { index, caller: testCaller(s.caller), state: s.state ?? new MemoryState(), now: s.now ?? 1_000_000 };
}

/** Dispatches `incoming` (its caller replaced by the situation's) and returns the answer. */
/** An Incoming of any type, without its caller. */
type Uncalled = Incoming extends infer I ? (I extends Incoming ? Omit<I, 'caller'> : never) : never;

export function run(index: ResourceIndex, incoming: Uncalled, s: Situation = {}): Promise<Response> {
  const ctx = contextFor(index, s);
  return dispatch({ ...incoming, caller: ctx.caller }, ctx);
}

/** A /resource subcommand's reply payload. */
export async function runSubcommand(
  index: ResourceIndex,
  subcommand: string,
  options: Record<string, unknown>,
  s: Situation = {},
): Promise<MessagePayload> {
  const answer = await run(index, { type: 'command', command: 'resource', subcommand, options }, s);
  expect(answer.type).toBe('reply');
  if (answer.type !== 'reply') throw new Error('not a reply');
  return answer.payload;
}

/** What pressing a button or choosing in a menu answers. */
export function pressComponent(
  index: ResourceIndex,
  customId: string,
  s: Situation & { values?: string[]; messageIsPrivate?: boolean } = {},
): Promise<Response> {
  return run(
    index,
    { type: 'component', customId, values: s.values ?? [], message: { id: '900', private: s.messageIsPrivate ?? false } },
    s,
  );
}

/** The autocomplete choices for what is typed in a subcommand's option. */
export async function autocomplete(
  index: ResourceIndex,
  subcommand: string,
  typed: unknown,
  option = subcommand === 'show' ? 'name' : 'query',
): Promise<readonly Choice[]> {
  const answer = await run(index, { type: 'autocomplete', command: 'resource', subcommand, focused: { name: option, value: typed } });
  if (answer.type !== 'choices') throw new Error('not choices');
  return answer.choices;
}
