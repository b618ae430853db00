import { ButtonStyle, ComponentType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceIndex } from '../../src/search/index.js';
import {
  autocompleteInteraction,
  buttonInteraction,
  memberPermissions,
  memberWhoCanPin,
  messageCommandInteraction,
  option,
  plainMember,
  startDiscordStandIn,
  stringSelectInteraction,
  world,
  type DiscordStandIn,
} from '../support/discord/index.js';
import { startReadyBot, type BotProcess } from './bot-process.js';
import { expectSameMessage, handlerChoices, handlerMessagePayload, handlerPayload, indexOf, LITESVM_BY, pageFooter } from './expected.js';
import {
  ask,
  callbacksFor,
  customIds,
  EPHEMERAL,
  expectNoPings,
  messageData,
  ORIGINAL,
  PIN,
  resourceCommand,
  sentMessage,
} from './interactions.js';

const { alice, bob, owner, moderator } = world.users;
const LITESVM_INSTALL = 'cargo add --dev litesvm';

let discord: DiscordStandIn;
let bot: BotProcess;
let index: ResourceIndex;

beforeAll(async () => {
  discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
  [bot, index] = await Promise.all([startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id }), indexOf()]);
}, 30_000);

afterAll(async () => {
  // A failed beforeAll leaves these unassigned: stop only what started.
  await (bot as BotProcess | undefined)?.stop();
  await (discord as DiscordStandIn | undefined)?.close();
});

/** The public `/resource show litesvm` reply, as asked by `member`. */
async function publicLitesvm(member = plainMember()) {
  return messageData(await ask(discord, resourceCommand('show', { name: 'litesvm' }, { member })));
}

/** A private (hidden) `/resource show litesvm` reply. */
async function privateLitesvm(member = plainMember(), leaves = [option.boolean('hide', true)]) {
  return messageData(await ask(discord, resourceCommand('show', { name: 'litesvm' }, { member, leaves })));
}

describe('/resource subcommands through the gateway', () => {
  it('search answers privately with the best matches and a menu to open one', async () => {
    const since = bot.mark();
    const answer = await ask(discord, resourceCommand('search', { query: 'anchor' }));
    expect(answer.request.status).toBe(204);
    expect(answer.request.query).toEqual({ with_response: 'false' });
    expect(answer.body.type).toBe(4);
    const data = messageData(answer);
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBeUndefined();
    expectNoPings(data);
    expect(data.embeds).toHaveLength(1);
    const [embed] = data.embeds;
    expect(embed?.title).toBe('Results for “anchor”');
    expect(embed?.description).toMatch(/^1\. \*\*\[Anchor\]\(https:\/\/[^)]+\)\*\* · Tooling · OtterSec — /);
    expect(embed?.footer?.text).toMatch(/^10 of \d+ matches · open one below$/);
    expect(data.components).toHaveLength(1);
    const menu = data.components[0]?.components[0];
    expect(menu).toMatchObject({ type: ComponentType.StringSelect, custom_id: 'res:open', placeholder: 'Open one of these…' });
    if (menu?.type !== ComponentType.StringSelect) throw new Error('expected a select menu');
    expect(menu.options).toHaveLength(10);
    expect(menu.options[0]).toEqual({ label: 'Anchor', value: 'anchor', description: 'Tooling · OtterSec' });
    expectSameMessage(data, await handlerPayload(index, 'search', { query: 'anchor' }, alice.id));

    const log = await bot.waitForLog((l) => l.msg === 'interaction' && l.subcommand === 'search', { since, timeoutMs: 2_000 });
    expect(log).toMatchObject({
      level: 30,
      command: 'resource',
      subcommand: 'search',
      userId: alice.id,
      outcome: 'ok',
      ms: expect.any(Number) as unknown,
    });
  }, 15_000);

  it('kind lists one page privately with the page count once, Previous/Next and a menu', async () => {
    const total = index.byKind('SDK').entries.length;
    const pages = Math.ceil(total / 10);
    expect(pages).toBeGreaterThan(1);
    const data = messageData(await ask(discord, resourceCommand('kind', { kind: 'SDK' })));
    expect(data.flags).toBe(EPHEMERAL);
    expectNoPings(data);
    expect(data.embeds[0]).toMatchObject({ title: `SDK · ${total} resources`, color: 0x9945ff });
    expect(data.embeds[0]?.footer?.text).toMatch(pageFooter(1, pages));
    expect(data.embeds[0]?.description?.split('\n').filter((line) => /^\d+\. \*\*/.test(line))).toHaveLength(10);
    expect(customIds(data)).toEqual([['res:open'], [`res:page:SDK:0:${alice.id}`, `res:page:SDK:1:${alice.id}`]]);
    expect(data.components[1]?.components.map((b) => ('label' in b ? [b.label, b.disabled] : []))).toEqual([
      ['◀ Previous', true],
      ['Next ▶', false],
    ]);
    expectSameMessage(data, await handlerPayload(index, 'kind', { kind: 'SDK' }, alice.id));
  }, 15_000);

  it('show answers publicly with a card: description, by line, fenced install block, package and buttons', async () => {
    const answer = await ask(discord, resourceCommand('show', { name: 'litesvm' }));
    expect(answer.body.type).toBe(4);
    const data = messageData(answer);
    expect(data.flags).toBeUndefined();
    expect(data.content).toBeUndefined();
    expectNoPings(data);
    const [embed] = data.embeds;
    expect(embed).toMatchObject({
      author: { name: 'Tool · Developer tools' },
      title: 'LiteSVM',
      url: 'https://solana.com/docs/tools/litesvm',
      color: 0x9945ff,
    });
    expect(embed?.description).toMatch(/^Runs the Solana VM inside your test process/);
    // A card's maker and its crate, linked to the crate's page, share the "by" line.
    expect(embed?.description).toMatch(LITESVM_BY);
    expect(embed?.fields).toEqual([{ name: 'Install', value: `\`\`\`sh\n${LITESVM_INSTALL}\n\`\`\`` }]);
    // The card states no version (none could be confirmed at its sources), so it has no footer.
    expect(embed?.footer).toBeUndefined();
    expect(data.components).toEqual([
      {
        type: ComponentType.ActionRow,
        components: [
          { type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open', url: 'https://solana.com/docs/tools/litesvm' },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: 'Copy install',
            custom_id: 'res:copy:litesvm',
            emoji: { name: '📋' },
          },
          { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: 'res:pin', emoji: { name: '📌' } },
          { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: `res:delete:${alice.id}`, emoji: { name: '🗑️' } },
        ],
      },
    ]);
    expectSameMessage(data, await handlerPayload(index, 'show', { name: 'litesvm' }, alice.id));
  }, 15_000);

  it('show renders a tabular entry with its kind and topic above the name, and its install command', async () => {
    const data = messageData(await ask(discord, resourceCommand('show', { name: '@solana/spl-token' })));
    expect(data.embeds[0]).toMatchObject({
      author: { name: 'SDK · SDKs and client libraries' },
      title: '@solana/spl-token',
      color: 0x9945ff,
    });
    expect(data.embeds[0]?.fields?.map((f) => f.name)).toEqual(['Maker', 'Package', 'Install']);
    expect(data.embeds[0]?.fields?.[2]).toEqual({ name: 'Install', value: '```sh\nnpm install @solana/spl-token\n```' });
    expectSameMessage(data, await handlerPayload(index, 'show', { name: '@solana/spl-token' }, alice.id));
  }, 15_000);

  it('show with mention says "Suggested for" that member, is public and pings only them', async () => {
    const data = messageData(await ask(discord, resourceCommand('show', { name: 'litesvm' }, { leaves: [option.user('mention', bob)] })));
    expect(data.content).toBe(`Suggested for <@${bob.id}>`);
    expect(data.flags).toBeUndefined();
    expect(data.allowed_mentions).toEqual({ parse: [], users: [bob.id] });
    expect(customIds(data)[0]).toEqual([undefined, 'res:copy:litesvm', 'res:pin', `res:delete:${alice.id}`]);
  }, 15_000);

  it('search with mention is public instead of private, and hide keeps it to the asker without pinging', async () => {
    const mentioned = messageData(
      await ask(discord, resourceCommand('search', { query: 'litesvm' }, { leaves: [option.user('mention', bob)] })),
    );
    expect(mentioned.flags).toBeUndefined();
    expect(mentioned.content).toBe(`Suggested for <@${bob.id}>`);
    expect(mentioned.allowed_mentions).toEqual({ parse: [], users: [bob.id] });

    const hidden = messageData(
      await ask(
        discord,
        resourceCommand('search', { query: 'litesvm' }, { leaves: [option.user('mention', bob), option.boolean('hide', true)] }),
      ),
    );
    expect(hidden.flags).toBe(EPHEMERAL);
    expect(hidden.content).toBe(`Suggested for <@${bob.id}> · (only you can see this, so nobody was notified)`);
    expectNoPings(hidden);
  }, 15_000);

  it('show with hide is private and offers Share instead of Pin and Delete', async () => {
    const data = await privateLitesvm();
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBeUndefined();
    expectNoPings(data);
    expect(data.embeds[0]?.title).toBe('LiteSVM');
    expect(data.components[0]?.components).toEqual([
      { type: ComponentType.Button, style: ButtonStyle.Primary, label: 'Share', custom_id: 'res:share:litesvm', emoji: { name: '📣' } },
      { type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open', url: 'https://solana.com/docs/tools/litesvm' },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: 'Copy install',
        custom_id: 'res:copy:litesvm',
        emoji: { name: '📋' },
      },
    ]);
  }, 15_000);

  it('show of an unknown name answers privately with "did you mean" suggestions', async () => {
    const data = messageData(await ask(discord, resourceCommand('show', { name: 'litesvn' })));
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.embeds[0]?.title).toBe('Nothing in the catalogue for “litesvn”');
    expect(data.embeds[0]?.description).toMatch(/\n\n\*\*Did you mean\*\*\n• \*\*LiteSVM\*\*/);
    expect(customIds(data)).toEqual([['res:open']]);
  }, 15_000);
});

describe('autocomplete', () => {
  it('answers show with a type 8 callback of at most 25 entry choices, best first', async () => {
    const answer = await ask(
      discord,
      autocompleteInteraction({ command: 'resource', subcommand: 'show', focused: { name: 'name', value: 'anc' } }),
    );
    expect(answer.request.status).toBe(204);
    expect(answer.body.type).toBe(8);
    const { choices } = answer.body.data as { choices: { name: string; value: string }[] };
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices[0]).toEqual({ name: 'Anchor — Tooling · OtterSec', value: 'anchor' });
    for (const choice of choices) {
      expect(choice.name.length).toBeLessThanOrEqual(100);
      expect(choice.value.length).toBeLessThanOrEqual(100);
      expect(index.get(choice.value)).toBeDefined();
    }
    expect(answer.body).toEqual({ type: 8, data: { choices: await handlerChoices(index, 'show', 'anc') } });
  }, 15_000);

  it('offers the typed words as a search first for search, and featured entries for an empty query', async () => {
    const typed = await ask(
      discord,
      autocompleteInteraction({ command: 'resource', subcommand: 'search', focused: { name: 'query', value: 'python sd' } }),
    );
    const typedChoices = (typed.body.data as { choices: { name: string; value: string }[] }).choices;
    expect(typedChoices[0]).toEqual({ name: '🔎 Search for “python sd”', value: 'python sd' });
    expect(typedChoices.length).toBeLessThanOrEqual(25);

    const empty = await ask(
      discord,
      autocompleteInteraction({ command: 'resource', subcommand: 'show', focused: { name: 'name', value: '' } }),
    );
    const emptyChoices = (empty.body.data as { choices: { value: string }[] }).choices;
    expect(emptyChoices.length).toBeGreaterThan(0);
    expect(emptyChoices.length).toBeLessThanOrEqual(25);
    expect(emptyChoices.map((c) => index.get(c.value)?.featured)).toContain(true);
  }, 15_000);
});

describe('buttons and menus', () => {
  it('the select menu opens the chosen entry privately (res:open)', async () => {
    const results = messageData(await ask(discord, resourceCommand('search', { query: 'litesvm' })));
    const answer = await ask(
      discord,
      stringSelectInteraction({ customId: 'res:open', values: ['litesvm'], message: sentMessage(results) }),
    );
    expect(answer.body.type).toBe(4);
    const data = messageData(answer);
    expect(data.flags).toBe(EPHEMERAL);
    expectNoPings(data);
    expect(data.embeds[0]?.title).toBe('LiteSVM');
    expect(customIds(data)[0]).toEqual(['res:share:litesvm', undefined, 'res:copy:litesvm']);
  }, 15_000);

  it("Next and Previous update the owner's listing in place (type 7); another member gets the page privately", async () => {
    const first = messageData(await ask(discord, resourceCommand('kind', { kind: 'SDK' })));
    const pages = Math.ceil(index.byKind('SDK').entries.length / 10);
    const next = await ask(discord, buttonInteraction({ customId: `res:page:SDK:1:${alice.id}`, message: sentMessage(first) }));
    expect(next.body.type).toBe(7);
    const page2 = messageData(next);
    expect(page2.flags).toBeUndefined(); // an update cannot change flags
    expect(page2.embeds[0]?.footer?.text).toMatch(pageFooter(2, pages));
    expect(page2.embeds[0]?.description).toMatch(/^11\. \*\*/);
    expect(customIds(page2)[1]).toEqual([`res:page:SDK:0:${alice.id}`, `res:page:SDK:2:${alice.id}`]);
    expect(page2.components[1]?.components.map((b) => 'label' in b && b.label)).toEqual(['◀ Previous', 'Next ▶']);
    const { flags: _flags, ...withoutFlags } = await handlerPayload(index, 'kind', { kind: 'SDK', page: 2 }, alice.id); // the second page
    expectSameMessage(page2, withoutFlags);

    const previous = await ask(discord, buttonInteraction({ customId: `res:page:SDK:0:${alice.id}`, message: sentMessage(page2) }));
    expect(previous.body.type).toBe(7);
    expect(messageData(previous).embeds[0]?.footer?.text).toMatch(pageFooter(1, pages));

    // Bob clicking Alice's (public) listing sees the page privately, with his own buttons.
    const publicListing = sentMessage({ ...first, flags: 0 });
    const other = await ask(
      discord,
      buttonInteraction({ customId: `res:page:SDK:1:${alice.id}`, message: publicListing, member: plainMember(bob) }),
    );
    expect(other.body.type).toBe(4);
    const bobs = messageData(other);
    expect(bobs.flags).toBe(EPHEMERAL);
    expect(bobs.embeds[0]?.footer?.text).toMatch(pageFooter(2, pages));
    expect(customIds(bobs)[1]).toEqual([`res:page:SDK:0:${bob.id}`, `res:page:SDK:2:${bob.id}`]);
  }, 15_000);

  it('Share posts a private entry publicly, crediting the sharer, without pinging anyone', async () => {
    const sharer = plainMember(owner); // a member no other test shares as: the cooldown is per member
    const hidden = await privateLitesvm(sharer);
    const answer = await ask(discord, buttonInteraction({ customId: 'res:share:litesvm', message: sentMessage(hidden), member: sharer }));
    expect(answer.body.type).toBe(4);
    const data = messageData(answer);
    expect(data.flags).toBeUndefined();
    expect(data.content).toBe(`Shared by <@${owner.id}>`);
    expect(data.allowed_mentions).toEqual({ parse: [] });
    expect(data.embeds).toEqual(hidden.embeds);
    expect(customIds(data)[0]).toEqual([undefined, 'res:copy:litesvm', 'res:pin', `res:delete:${owner.id}`]);

    // Within five seconds the same member is told privately to wait.
    const again = await ask(discord, buttonInteraction({ customId: 'res:share:litesvm', message: sentMessage(hidden), member: sharer }));
    const refusal = messageData(again);
    expect(refusal.flags).toBe(EPHEMERAL);
    expect(refusal.content).toMatch(/^You shared something a moment ago\. You can share again in [1-5] seconds?\.$/);
    expect(refusal.embeds).toEqual([]);
  }, 15_000);

  it('Share of a suggestion keeps the suggestion and pings only the suggested member', async () => {
    const sharer = memberWhoCanPin(moderator);
    const hidden = await privateLitesvm(sharer, [option.user('mention', bob), option.boolean('hide', true)]);
    expect(customIds(hidden)[0]?.[0]).toBe(`res:share:litesvm:${bob.id}`);
    const data = messageData(
      await ask(discord, buttonInteraction({ customId: `res:share:litesvm:${bob.id}`, message: sentMessage(hidden), member: sharer })),
    );
    expect(data.content).toBe(`Shared by <@${moderator.id}> · suggested for <@${bob.id}>`);
    expect(data.allowed_mentions).toEqual({ parse: [], users: [bob.id] });
    expect(data.flags).toBeUndefined();
  }, 15_000);

  it('Copy install replies privately with just the command in a code block', async () => {
    const shown = await publicLitesvm();
    const answer = await ask(
      discord,
      buttonInteraction({ customId: 'res:copy:litesvm', message: sentMessage(shown), member: plainMember(bob) }),
    );
    expect(answer.body.type).toBe(4);
    const data = messageData(answer);
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBe(`\`\`\`sh\n${LITESVM_INSTALL}\n\`\`\``);
    expect(data.embeds).toEqual([]);
    expect(data.components).toEqual([]);
    expectNoPings(data);
  }, 15_000);

  it('Delete by the member who asked acknowledges with deferUpdate, then deletes @original', async () => {
    const shown = sentMessage(await publicLitesvm());
    const click = buttonInteraction({ customId: `res:delete:${alice.id}`, message: shown });
    const answer = await ask(discord, click);
    expect(answer.body).toEqual({ type: 6 });
    const deletion = await discord.rest.waitForRequest((r) => r.method === 'DELETE' && r.path.includes(click.token), 3_000);
    expect(deletion.path).toBe(`/webhooks/${world.application.id}/${click.token}/messages/@original`);
    expect(deletion.status).toBe(204);
    expect(deletion.at).toBeGreaterThan(answer.request.at);
    expect(discord.rest.message(shown.id)).toBeUndefined();
  }, 15_000);

  it('Delete by another plain member is refused privately and deletes nothing', async () => {
    const shown = sentMessage(await publicLitesvm());
    const click = buttonInteraction({ customId: `res:delete:${alice.id}`, message: shown, member: plainMember(bob) });
    const data = messageData(await ask(discord, click));
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBe('Only the member who asked for this reply, or a moderator, can remove it.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(discord.rest.findRequests((r) => r.method === 'DELETE' && r.path.includes(click.token))).toEqual([]);
    expect(discord.rest.message(shown.id)).toBeDefined();
  }, 15_000);

  it('Pin by a member allowed to pin pins the message and confirms privately', async () => {
    const shown = sentMessage(await publicLitesvm());
    const click = buttonInteraction({ customId: 'res:pin', message: shown, member: memberWhoCanPin() });
    const answer = await ask(discord, click);
    const pin = discord.rest.findRequests({ method: 'PUT', route: PIN }).find((r) => r.path.endsWith(`/${shown.id}`));
    expect(pin?.path).toBe(`/channels/${world.channel.id}/messages/pins/${shown.id}`);
    expect(pin?.status).toBe(204);
    expect(pin?.headers.authorization).toMatch(/^Bot /);
    expect(pin?.headers['x-audit-log-reason']).toBe(encodeURIComponent(`Pinned via /resource by ${moderator.id}`));
    expect(pin!.at).toBeLessThan(answer.request.at);
    expect(discord.rest.message(shown.id)?.pinned).toBe(true);
    expect(answer.body).toEqual({
      type: 4,
      data: expect.objectContaining({
        content: '📌 Pinned to this channel.',
        flags: EPHEMERAL,
        allowed_mentions: { parse: [] },
      }) as unknown,
    });
  }, 15_000);

  it('Pin by a plain member is refused privately and sends no pin request', async () => {
    const shown = sentMessage(await publicLitesvm());
    const data = messageData(await ask(discord, buttonInteraction({ customId: 'res:pin', message: shown, member: plainMember(bob) })));
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBe(
      'Sorry, only members who may pin messages in this channel can pin this. Ask a moderator if it deserves a pin.',
    );
    expectNoPings(data);
    expect(discord.rest.findRequests({ method: 'PUT', route: PIN }).filter((r) => r.path.endsWith(`/${shown.id}`))).toEqual([]);
    expect(discord.rest.message(shown.id)?.pinned).toBe(false);
  }, 15_000);

  it('Pin where the bot itself lacks Pin Messages says which permission to grant, without asking Discord', async () => {
    const shown = sentMessage(await publicLitesvm());
    const click = {
      ...buttonInteraction({ customId: 'res:pin', message: shown, member: memberWhoCanPin() }),
      app_permissions: memberPermissions.plain,
    };
    const data = messageData(await ask(discord, click));
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBe(
      "I can't pin here: I need the **Pin Messages** permission in this channel. A server admin can grant it to my role.",
    );
    expect(discord.rest.findRequests({ method: 'PUT', route: PIN }).filter((r) => r.path.endsWith(`/${shown.id}`))).toEqual([]);
  }, 15_000);

  it('Pin that Discord refuses with Missing Permissions is explained privately', async () => {
    const shown = sentMessage(await publicLitesvm());
    discord.rest.failNext('PUT', PIN, { status: 403, body: { message: 'Missing Permissions', code: 50013 } });
    const data = messageData(await ask(discord, buttonInteraction({ customId: 'res:pin', message: shown, member: memberWhoCanPin() })));
    expect(
      discord.rest
        .findRequests({ method: 'PUT', route: PIN })
        .filter((r) => r.path.endsWith(`/${shown.id}`))
        .map((r) => r.status),
    ).toEqual([403]);
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBe(
      "I can't pin here: I need the **Pin Messages** and **Read Message History** permissions in this channel. A server admin can grant them to my role.",
    );
    expect(discord.rest.message(shown.id)?.pinned).toBe(false);
  }, 15_000);

  it("Delete by a moderator (Manage Messages) removes another member's reply", async () => {
    const shown = sentMessage(await publicLitesvm());
    const click = buttonInteraction({ customId: `res:delete:${alice.id}`, message: shown, member: memberWhoCanPin() });
    expect((await ask(discord, click)).body).toEqual({ type: 6 });
    const deletion = await discord.rest.waitForRequest((r) => r.method === 'DELETE' && r.path.includes(click.token), 3_000);
    expect(deletion.status).toBe(204);
    expect(discord.rest.message(shown.id)).toBeUndefined();
  }, 15_000);

  it('a forged or outdated custom id gets a polite private answer', async () => {
    const click = buttonInteraction({ customId: 'res:share:../../etc' });
    const data = messageData(await ask(discord, click));
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.content).toBe('This button is from an older version of the bot. Run the command again.');
    expect(callbacksFor(discord, click.id)).toHaveLength(1);
  }, 15_000);
});

describe('the whole file', () => {
  it('left no error in the bot log and answered every interaction exactly once', () => {
    expect(bot.logsMatching((line) => line.level >= 50)).toEqual([]);
    const ids = discord.rest.findRequests({ method: 'POST', route: '/interactions/:id/:token/callback' }).map((r) => r.path.split('/')[2]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(discord.rest.findRequests((r) => r.status >= 400).map((r) => `${r.method} ${r.status}`)).toEqual(
      discord.rest.findRequests({ method: 'PUT', route: PIN, status: 403 }).map(() => 'PUT 403'),
    );
    expect(discord.rest.findRequests({ method: 'GET', route: ORIGINAL })).toEqual([]);
  });
});

describe('"Find resources" on a message, through the gateway', () => {
  it('is registered beside /resource', () => {
    const registered = discord.rest.commands(world.guild.id).map((c) => ({ name: c.name, type: c.type }));
    expect(registered).toEqual(
      expect.arrayContaining([
        { name: 'resource', type: 1 },
        { name: 'Find resources', type: 3 },
      ]),
    );
  });

  it('answers privately with the resources for the message text, as the handler computes them', async () => {
    const content = 'hey all, my anchor tests are slow against the local validator, anything faster I can run in-process?';
    const answer = await ask(discord, messageCommandInteraction({ command: 'Find resources', content }));
    const data = messageData(answer);
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.components.length).toBeGreaterThan(0);
    expectNoPings(data);
    const expected = await handlerMessagePayload(index, content, alice.id);
    expectSameMessage(data, expected);
  });

  it('says so plainly when the message is about something the catalogue does not cover', async () => {
    const data = messageData(
      await ask(
        discord,
        messageCommandInteraction({ command: 'Find resources', content: 'anyone know a good django rest framework tutorial?' }),
      ),
    );
    expect(data.flags).toBe(EPHEMERAL);
    expect(data.embeds[0]?.title).toMatch(/^Nothing in the catalogue for /);
    // No menu of hits to open: at most buttons to browse the nearest categories.
    const parts = data.components.flatMap((row) => row.components);
    expect(parts.every((c) => c.type === ComponentType.Button)).toBe(true);
  });

  it('gives a private hint for a message with no text', async () => {
    const data = messageData(await ask(discord, messageCommandInteraction({ command: 'Find resources', content: '' })));
    expect(data).toMatchObject({ flags: EPHEMERAL, content: expect.stringContaining('no text to look for') as unknown });
  });
});
