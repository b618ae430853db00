import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed, APIInteraction } from 'discord.js';
import { expect } from 'vitest';
import {
  chatInputInteraction,
  componentMessage,
  option,
  type DiscordStandIn,
  type InteractionOptions,
  type LeafOption,
  type RecordedRequest,
  type StoredMessage,
  waitUntil,
} from '../support/discord/index.js';

export const CALLBACK = '/interactions/:id/:token/callback';
export const ORIGINAL = '/webhooks/:app/:token/messages/@original';
export const PIN = '/channels/:channel/messages/pins/:message';

/** Discord's window for the first answer to an interaction. */
export const DISCORD_DEADLINE_MS = 3_000;
export const EPHEMERAL = 64;

/** The `data` of a message callback (types 4 and 7) as discord.js sends it. */
export interface MessageData {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowed_mentions: { parse: []; users?: string[] };
  flags?: number;
  [field: string]: unknown;
}

export interface CallbackBody {
  type: number;
  data?: unknown;
}

/** One answered interaction: the callback request as the stand-in recorded it. */
export interface Answer {
  request: RecordedRequest;
  body: CallbackBody;
  /** `performance.now()` when the interaction was dispatched over the gateway. */
  sentAt: number;
  /** Dispatch → callback arrival at the stand-in. */
  latencyMs: number;
}

/** Every callback request for one interaction, in arrival order (retries included). */
export function callbacksFor(discord: DiscordStandIn, interactionId: string): RecordedRequest[] {
  return discord.rest.findRequests({ method: 'POST', route: CALLBACK }).filter((r) => r.path.split('/')[2] === interactionId);
}

/** Dispatches an interaction over the gateway; returns the dispatch time. */
export function dispatch(discord: DiscordStandIn, payload: APIInteraction): number {
  const sentAt = performance.now();
  discord.gateway.sendInteraction(payload);
  return sentAt;
}

/** Waits for the callback to an already dispatched interaction (by default the first accepted one). */
export async function answerTo(
  discord: DiscordStandIn,
  payload: APIInteraction,
  sentAt: number,
  { timeoutMs = 5_000, accepted = true } = {},
): Promise<Answer> {
  const request = await discord.rest.waitForRequest(
    (r) => r.method === 'POST' && r.path.split('/')[2] === payload.id && r.path.endsWith('/callback') && (!accepted || r.status < 300),
    timeoutMs,
  );
  return { request, body: request.body as CallbackBody, sentAt, latencyMs: request.at - sentAt };
}

/**
 * Waits for the first callback (accepted or not) of every interaction in a batch with one
 * poll, rather than one waiter per interaction.
 */
export async function answersTo(
  discord: DiscordStandIn,
  payloads: readonly APIInteraction[],
  sentAt: ReadonlyMap<string, number>,
  timeoutMs: number,
): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  const pending = new Set(payloads.map((p) => p.id));
  let seen = 0;
  await waitUntil(
    () => {
      const requests = discord.rest.requests;
      for (; seen < requests.length; seen++) {
        const request = requests[seen]!;
        const id = request.method === 'POST' && request.path.endsWith('/callback') ? request.path.split('/')[2] : undefined;
        if (id === undefined || !pending.has(id)) continue;
        pending.delete(id);
        const at = sentAt.get(id) ?? Number.NaN;
        answers.set(id, { request, body: request.body as CallbackBody, sentAt: at, latencyMs: request.at - at });
      }
      return pending.size === 0 ? true : undefined;
    },
    {
      timeoutMs,
      describe: () => `${pending.size} of ${payloads.length} interactions unanswered. ${discord.rest.requests.length} requests so far`,
    },
  );
  return answers;
}

/** Dispatches an interaction and resolves with its accepted callback. */
export async function ask(discord: DiscordStandIn, payload: APIInteraction, timeoutMs = 5_000): Promise<Answer> {
  const sentAt = dispatch(discord, payload);
  return answerTo(discord, payload, sentAt, { timeoutMs });
}

/** The message data of a type 4 or 7 callback. */
export function messageData(answer: Answer): MessageData {
  const data = answer.body.data as MessageData | undefined;
  if (!data) throw new Error(`callback type ${answer.body.type} carries no data`);
  return data;
}

/** `/resource <subcommand>` with string options and optional member, mention and hide. */
export function resourceCommand(
  subcommand: 'search' | 'kind' | 'show',
  options: Record<string, string>,
  extra: InteractionOptions & { leaves?: LeafOption[] } = {},
) {
  const { leaves = [], ...rest } = extra;
  return chatInputInteraction({
    command: 'resource',
    subcommand,
    options: [...Object.entries(options).map(([name, value]) => option.string(name, value)), ...leaves],
    ...rest,
  });
}

/**
 * The message a reply became in the channel, as a later button click carries it: the
 * components, content and flags the bot actually sent.
 */
export function sentMessage(data: MessageData): StoredMessage {
  const message = componentMessage(data.components, data.content ?? '');
  // Wire flags are a plain number; StoredMessage is an APIMessage, whose flags TypeScript types as the MessageFlags enum.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- a number is what Discord sends
  return { ...message, embeds: data.embeds, flags: data.flags ?? 0 };
}

/** The custom ids of every component in a message, row by row. */
export function customIds(data: MessageData): (string | undefined)[][] {
  return data.components.map((row) => row.components.map((c) => ('custom_id' in c ? c.custom_id : undefined)));
}

/** Asserts nobody can be pinged by a message: no parse, and at most the listed users. */
export function expectNoPings(data: MessageData, users: string[] = []): void {
  expect(data.allowed_mentions).toEqual(users.length ? { parse: [], users } : { parse: [] });
}

/** p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}
