import type { APIInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePayload } from '../../src/render/payload.js';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  option,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
} from '../support/discord/index.js';
import { expectChoicesWithinLimits, expectPingsAtMost, expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { startReadyBot, type BotProcess } from './bot-process.js';
import { answersTo, DISCORD_DEADLINE_MS, dispatch, EPHEMERAL, messageData, resourceCommand, type Answer } from './interactions.js';

const { bob } = world.users;
const ROLE = world.roles.moderator.id;

/** Text that tries to break out of formatting, ping people, hide or reorder itself, or overflow limits. */
const HOSTILE: [label: string, text: string][] = [
  [
    '6000 characters of mixed markup and mentions',
    '`@everyone` **anchor** <@1380000000000000303> <@&1380000000000000102> ||x|| [a](https://evil.example) # h\n> q '
      .repeat(100)
      .slice(0, 6000),
  ],
  ['6000 emoji (surrogate pairs)', '😀'.repeat(3000)],
  ['backticks and code fences', '```js\nanchor```` ` `` `````'],
  ['@everyone and @here', '@everyone @here anchor'],
  ['user and role mentions', `<@${bob.id}> <@!${bob.id}> <@&${ROLE}> anchor`],
  ['markdown', '**anchor** __kit__ ~~x~~ *y* # Heading\n- list\n1. item\n> quote [link](https://evil.example) ||spoiler||'],
  ['control characters', '\u0000\u0007\u001b[31manchor\u007f\u0085\r\n\t'],
  ['zero-width characters', 'an\u200bch\u200dor\ufeff\u2060'],
  ['right-to-left characters', '\u202erohcna\u202c \u200fשלום العربية anchor'],
  ['only invisible characters', '\u200b\u200e\u202e\u0000 \t'],
];

/**
 * Half of a surrogate pair is not text: Discord's JSON is UTF-8 and cannot carry it. Only a
 * forged payload can bring one in, and the bot must drop it rather than echo it back.
 */
const LONE_SURROGATE = 'anchor \ud800 kit';

let discord: DiscordStandIn;
let bot: BotProcess;

beforeAll(async () => {
  discord = await startDiscordStandIn({ callbackDeadlineMs: DISCORD_DEADLINE_MS });
  bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id });
}, 30_000);

afterAll(async () => {
  // A failed beforeAll leaves these unassigned: stop only what started.
  await (bot as BotProcess | undefined)?.stop();
  await (discord as DiscordStandIn | undefined)?.close();
});

/** Every string in a JSON value, for checks that must hold everywhere in a reply. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** No half of a surrogate pair on its own (String#isWellFormed, which our ES2022 lib lacks). */
function wellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** A message reply is within Discord's limits, pings nobody and carries only well-formed text. */
function expectSafeMessage(answer: Answer): void {
  expect(answer.request.status).toBe(204);
  expect(answer.body.type).toBe(4);
  expect(answer.latencyMs).toBeLessThan(DISCORD_DEADLINE_MS);
  const data = messageData(answer);
  // Every reply, private notices included, carries embeds and components (possibly empty).
  const payload: MessagePayload = data;
  expectWithinDiscordLimits(payload);
  expectPingsAtMost(payload);
  for (const text of strings(data)) expect(wellFormed(text), `ill-formed UTF-16 in ${JSON.stringify(text.slice(0, 80))}`).toBe(true);
}

/** Autocomplete answers with at most 25 choices of at most 100 characters, well-formed. */
function expectSafeChoices(answer: Answer): void {
  expect(answer.request.status).toBe(204);
  expect(answer.body.type).toBe(8);
  expect(answer.latencyMs).toBeLessThan(DISCORD_DEADLINE_MS);
  const { choices } = answer.body.data as { choices: { name: string; value: string }[] };
  expectChoicesWithinLimits(choices);
  for (const choice of choices) {
    expect(wellFormed(choice.name) && wellFormed(choice.value)).toBe(true);
    // eslint-disable-next-line no-control-regex -- C0 control characters in a choice name are exactly what this rejects.
    expect(choice.name).not.toMatch(/[\u0000-\u001f\u200b-\u200f\u202a-\u202e]/);
  }
}

async function askAll(payloads: APIInteraction[]): Promise<Answer[]> {
  const sentAt = new Map(payloads.map((p) => [p.id, dispatch(discord, p)]));
  const answers = await answersTo(discord, payloads, sentAt, 5_000);
  return payloads.map((p) => answers.get(p.id)!);
}

describe('hostile text through the gateway', () => {
  it.each(HOSTILE)(
    '%s: as search query, show name and autocomplete focus',
    async (_label, text) => {
      const since = bot.mark();
      const [search, searchPublic, showReply, completeShow, completeSearch] = await askAll([
        resourceCommand('search', { query: text }),
        resourceCommand('search', { query: text }, { leaves: [option.boolean('hide', false)] }),
        resourceCommand('show', { name: text }),
        autocompleteInteraction({ command: 'resource', subcommand: 'show', focused: { name: 'name', value: text } }),
        autocompleteInteraction({ command: 'resource', subcommand: 'search', focused: { name: 'query', value: text } }),
      ]);
      for (const answer of [search!, searchPublic!, showReply!]) expectSafeMessage(answer);
      for (const answer of [completeShow!, completeSearch!]) expectSafeChoices(answer);
      // A search or a failed lookup is a private browsing step.
      expect(messageData(search!).flags).toBe(EPHEMERAL);
      if (messageData(searchPublic!).embeds.length) expect(messageData(searchPublic!).flags).toBeUndefined();

      const lines = await bot.waitForLogCount('interaction', 5, { since, timeoutMs: 2_000 });
      expect(lines.map((line) => line.outcome).filter((o) => o !== 'ok' && o !== 'user-error')).toEqual([]);
      expect(bot.logsMatching((line) => line.level >= 50, since)).toEqual([]);
    },
    15_000,
  );

  // Titles, "Nothing in the catalogue for" and autocomplete choices all echo the query: none may carry half a character.
  it('a lone surrogate in a query is not echoed back as ill-formed text', async () => {
    const answers = await askAll([
      resourceCommand('search', { query: LONE_SURROGATE }),
      resourceCommand('show', { name: LONE_SURROGATE }),
      autocompleteInteraction({ command: 'resource', subcommand: 'search', focused: { name: 'query', value: LONE_SURROGATE } }),
    ]);
    const illFormed = answers.flatMap((answer) => strings(answer.body.data)).filter((text) => !wellFormed(text));
    expect(illFormed).toEqual([]);
  }, 15_000);

  it('a hostile search suggested to a member pings only that member', async () => {
    const [answer] = await askAll([
      resourceCommand('search', { query: '@everyone <@&1380000000000000102> anchor' }, { leaves: [option.user('mention', bob)] }),
    ]);
    const data = messageData(answer!);
    expect(data.content).toBe(`Suggested for <@${bob.id}>`);
    expect(data.allowed_mentions).toEqual({ parse: [], users: [bob.id] });
    expectPingsAtMost({ ...data, embeds: data.embeds, components: data.components }, bob.id);
  }, 15_000);

  it('forged option values and custom ids get a private, harmless answer', async () => {
    const answers = await askAll([
      resourceCommand('kind', { kind: '@everyone' }),
      resourceCommand('search', { query: 'anchor', kind: '<@&1380000000000000102>' }),
      buttonInteraction({ customId: 'res:copy:@everyone' }),
      buttonInteraction({ customId: `res:page:SDK:99999:${bob.id}` }),
      buttonInteraction({ customId: 'res:share:anchor:@everyone' }),
      chatInputInteraction({ command: '@everyone', subcommand: 'show', options: [option.string('name', 'anchor')] }),
      resourceCommand('show', { name: 'anchor', mention: '@everyone' }),
    ]);
    for (const answer of answers) {
      expectSafeMessage(answer);
      expect(messageData(answer).flags).toBe(EPHEMERAL);
    }
  }, 15_000);

  it('is still alive afterwards and answers a normal show', async () => {
    const [answer] = await askAll([resourceCommand('show', { name: 'anchor' })]);
    expect(bot.exitStatus).toBeUndefined();
    expectSafeMessage(answer!);
    expect(messageData(answer!).embeds[0]?.title).toBe('Anchor');
    expect(bot.logsMatching((line) => line.level >= 50)).toEqual([]);
  }, 15_000);
});
