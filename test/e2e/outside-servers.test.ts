/**
 * Gateway mode outside a server, as `npm start` runs it: in a member's DM with the bot (context 1,
 * reached through the guild install) and, installed to a member's account, in a group DM the bot is
 * not in (context 2, authorised by the user install). Interactions there carry `user` instead of
 * `member` and no guild. Search, show and the message command answer; Pin and Delete, which need a
 * server's moderators, are not offered, and forged presses are refused privately.
 */
import { ApplicationIntegrationType, InteractionContextType, Locale, type APIInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import {
  buttonInteraction,
  messageCommandInteraction,
  outsideServer,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
  type PrivatePlace,
} from '../support/discord/index.js';
import { startReadyBot, type BotProcess } from './bot-process.js';
import {
  ask,
  customIds,
  EPHEMERAL,
  expectNoPings,
  messageData,
  PIN,
  resourceCommand,
  sentMessage,
  type MessageData,
} from './interactions.js';

const { alice, bob } = world.users;
let discord: DiscordStandIn;
let bot: BotProcess;

beforeAll(async () => {
  discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
  // Registered globally (no DISCORD_GUILD_ID): Discord offers only global commands in DMs and to user installs.
  bot = await startReadyBot({ apiUrl: discord.apiUrl, env: { FLOOD_GUARD_SECONDS: '60' } });
}, 30_000);

afterAll(async () => {
  await bot.stop();
  await discord.close();
});

/** Every custom id in a reply, flattened. */
const idsOf = (data: MessageData): string[] =>
  customIds(data)
    .flat()
    .filter((id): id is string => id !== undefined);
const pinRequests = () => discord.rest.findRequests({ method: 'PUT', route: PIN });

/** The bot's log line for an interaction, found by its user and subcommand (or component action). */
async function loggedOutcome(what: (line: Record<string, unknown>) => boolean, since: number): Promise<unknown> {
  const line = await bot.waitForLog((l) => l.msg === 'interaction' && what(l), { since, timeoutMs: 3_000 });
  return line.outcome;
}

describe('registration for every place a member can type a command', () => {
  it('registers /resource and "Find resources" for guild and user installs, in servers, bot DMs and private channels', async () => {
    const put = await discord.rest.waitForRequest({ method: 'PUT', route: '/applications/:app/commands' }, 5_000);
    const all = put.body as { name: string; integration_types?: number[]; contexts?: number[]; default_member_permissions?: string }[];
    expect(all.map((d) => d.name)).toEqual(['resource', 'resource-admin', 'Find resources']);
    // The moderators' command lives in servers only, shown to members who can manage messages (8192).
    expect(all[1]).toMatchObject({
      integration_types: [ApplicationIntegrationType.GuildInstall],
      contexts: [InteractionContextType.Guild],
      default_member_permissions: '8192',
    });
    const definitions = all.filter((d) => d.name !== 'resource-admin');
    for (const definition of definitions) {
      expect(definition.integration_types).toEqual([ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall]);
      expect(definition.contexts).toEqual([
        InteractionContextType.Guild,
        InteractionContextType.BotDM,
        InteractionContextType.PrivateChannel,
      ]);
    }
    // Discord keeps both for global commands (it ignores them on a server's commands).
    expect(discord.rest.commands().map((c) => [c.integration_types, c.contexts])).toEqual([
      [
        [0, 1],
        [0, 1, 2],
      ],
      [[0], [0]],
      [
        [0, 1],
        [0, 1, 2],
      ],
    ]);
  });
});

const PLACES: { place: PrivatePlace; title: string; owners: Record<string, string> }[] = [
  { place: 'bot-dm', title: "in a member's DM with the bot (context 1, guild install)", owners: { '0': '0' } },
  {
    place: 'private-channel',
    title: 'in a group DM without the bot, installed to the member (context 2, user install)',
    owners: { '1': alice.id },
  },
];

describe.each(PLACES)('$title', ({ place, owners }) => {
  const here = (payload: APIInteraction, user = alice): APIInteraction => outsideServer(payload, place, { user });
  // Someone else in the channel: Alice again in her own DM with the bot, Bob in the group DM.
  const other = place === 'bot-dm' ? alice : bob;

  it('is delivered as Discord sends it: a user, no member, no guild', () => {
    const payload = here(resourceCommand('search', { query: 'anchor' })) as APIInteraction & Record<string, unknown>;
    expect(payload.user?.id).toBe(alice.id);
    expect(payload.member).toBeUndefined();
    expect(payload.guild_id).toBeUndefined();
    expect(payload.context).toBe(place === 'bot-dm' ? InteractionContextType.BotDM : InteractionContextType.PrivateChannel);
    expect(payload.authorizing_integration_owners).toEqual(owners);
  });

  it('answers /resource search privately, with the menu to open a hit', async () => {
    const since = bot.mark();
    const data = messageData(await ask(discord, here(resourceCommand('search', { query: 'local validator for tests' }))));
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.embeds[0]?.description).toBeTruthy();
    expect(idsOf(data)).toContain('res:open');
    expectNoPings(data);
    expect(await loggedOutcome((l) => l.subcommand === 'search' && l.userId === alice.id, since)).toBe('ok');
  });

  it('answers /resource show in the channel with Open and Copy install, and without Pin or Delete', async () => {
    const data = messageData(await ask(discord, here(resourceCommand('show', { name: 'litesvm' }))));
    expect(data.flags ?? 0).toBe(0);
    expect(data.embeds[0]?.title).toBe('LiteSVM');
    expectNoPings(data);
    const ids = idsOf(data);
    expect(ids).toContain('res:copy:litesvm');
    expect(ids.filter((id) => id.startsWith('res:pin') || id.startsWith('res:delete'))).toEqual([]);
    // The Open button is a link: present, with no custom id.
    expect(data.components.flatMap((row) => row.components).some((c) => 'url' in c && c.url)).toBe(true);
  });

  it(
    place === 'bot-dm'
      ? 'posts the same entry again when asked again: the bot DM is the member’s own space (no flood guard)'
      : 'holds back a second post of the same entry within the minute, linking to the channel (the flood guard reads the context)',
    async () => {
      const first = await ask(discord, here(resourceCommand('show', { name: 'anchor' })));
      expect(messageData(first).flags ?? 0).toBe(0);
      const again = messageData(await ask(discord, here(resourceCommand('show', { name: 'anchor' }), other)));
      if (place === 'bot-dm') {
        expect(again.flags ?? 0).toBe(0);
        expect(again.embeds[0]?.title).toBe(messageData(first).embeds[0]?.title);
      } else {
        expect(again.flags).toBe(EPHEMERAL);
        expect(again.embeds).toEqual([]);
        expect(again.content).toContain(`https://discord.com/channels/@me/${world.privateChannels.groupDm.id}`);
      }
    },
  );

  it('answers /resource kind and its pages for the member who asked', async () => {
    const first = messageData(await ask(discord, here(resourceCommand('kind', { kind: 'API' }))));
    expect(first.embeds[0]?.footer?.text).toMatch(/^Page 1 of \d+$/);
    const next = encodeCustomId({ action: 'page', kind: 'API', page: 1, owner: alice.id });
    expect(idsOf(first)).toContain(next);
    const page = await ask(discord, here(buttonInteraction({ customId: next, message: sentMessage(first) })));
    expect(page.body.type).toBe(7);
    expect(messageData(page).embeds[0]?.footer?.text).toMatch(/^Page 2 of \d+$/);
  });

  it('answers the "Find resources" message command', async () => {
    const data = messageData(
      await ask(discord, here(messageCommandInteraction({ command: 'Find resources', content: 'how do I test my program locally?' }))),
    );
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.embeds.length).toBeGreaterThan(0);
  });

  it('refuses a forged Pin press privately with the server-only message, without calling Discord', async () => {
    const before = pinRequests().length;
    const since = bot.mark();
    for (const locale of [Locale.EnglishUS, Locale.SpanishES]) {
      const press = { ...here(buttonInteraction({ customId: encodeCustomId({ action: 'pin' }) })), locale } as APIInteraction;
      const answer = await ask(discord, press);
      expect(answer.body.type).toBe(4);
      expect(messageData(answer)).toMatchObject({
        flags: EPHEMERAL,
        content: t(locale === Locale.SpanishES ? 'es-ES' : 'en-US', 'error.server-only'),
      });
    }
    expect(pinRequests()).toHaveLength(before);
    expect(await loggedOutcome((l) => l.subcommand === 'pin', since)).not.toBe('error');
  });

  it("refuses a forged Delete of someone else's reply privately (nobody moderates here)", async () => {
    const press = here(buttonInteraction({ customId: encodeCustomId({ action: 'delete', owner: alice.id }) }), bob);
    const answer = await ask(discord, press);
    expect(messageData(answer)).toMatchObject({ flags: EPHEMERAL, content: t('en-US', 'error.delete-not-allowed') });
    expect(discord.rest.findRequests({ method: 'DELETE', route: '/webhooks/:app/:token/messages/@original' })).toEqual([]);
  });
});
