import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Locale, type APIInteraction } from 'discord-api-types/v10';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import type { MessagePayload } from '../../src/render/payload.js';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  componentMessage,
  memberWhoCanPin,
  option,
  plainMember,
  stringSelectInteraction,
  world,
  type RecordedRequest,
} from '../support/discord/index.js';
import { expectPingsAtMost, expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { startBotInProcess, type BotUnderTest } from './in-process.js';

let bot: BotUnderTest;
beforeAll(async () => {
  bot = await startBotInProcess();
});
// A failed beforeAll leaves `bot` unassigned.
afterAll(async () => (bot as BotUnderTest | undefined)?.stop());

interface Callback {
  type: number;
  data?: MessagePayload & { choices?: { name: string; value: string }[] };
}

/** Sends an interaction through the gateway and returns the callback the bot posted for it. */
async function interact(payload: APIInteraction): Promise<{ callback: Callback; request: RecordedRequest }> {
  bot.discord.gateway.sendInteraction(payload);
  const request = await bot.discord.rest.waitForRequest(
    (r) => r.method === 'POST' && r.path === `/interactions/${payload.id}/${payload.token}/callback`,
    5_000,
  );
  return { callback: request.body as Callback, request };
}

const show = (name: string, extra: ReturnType<typeof option.string>[] = [], member = plainMember()) =>
  chatInputInteraction({ command: 'resource', subcommand: 'show', options: [option.string('name', name), ...extra], member });

const buttons = (p: MessagePayload) => p.components.flatMap((r) => r.components);
const alice = world.users.alice.id;

describe('the bot, through discord.js and a local Discord', () => {
  it('registered /resource with its three subcommands in the configured server', async () => {
    const put = await bot.discord.rest.waitForRequest({ method: 'PUT', route: '/applications/:app/guilds/:guild/commands' }, 5_000);
    const [command] = put.body as { name: string; options: { name: string }[] }[];
    expect(command?.name).toBe('resource');
    expect(command?.options.map((o) => o.name)).toEqual(['search', 'kind', 'show']);
  });

  it('answers /resource show publicly with the entry embed and its buttons', async () => {
    const { callback } = await interact(show('@solana/kit'));
    expect(callback.type).toBe(4);
    const data = callback.data!;
    expect(data.flags ?? 0).toBe(0);
    expect(data.allowed_mentions).toEqual({ parse: [] });
    expect(data.embeds[0]).toMatchObject({ title: 'Solana Kit', url: 'https://www.solanakit.com' });
    expect(data.embeds[0]?.fields).toContainEqual({ name: 'Install', value: '```sh\nnpm install --save @solana/kit\n```' });
    expect(buttons(data).map((b) => ('label' in b && b.label ? b.label : 'emoji' in b ? b.emoji.name : undefined))).toEqual([
      'Open',
      'Copy install',
      '📌',
      '🗑️',
    ]);
    expectWithinDiscordLimits(data);
  });

  it('answers /resource search privately with a menu, and mention makes it public and pings only that member', async () => {
    const privateReply = (
      await interact(
        chatInputInteraction({ command: 'resource', subcommand: 'search', options: [option.string('query', 'local validator for tests')] }),
      )
    ).callback.data!;
    expect(privateReply.flags).toBe(64);
    expect(buttons(privateReply)[0]).toMatchObject({ type: 3, custom_id: 'res:open' });

    const bob = world.users.bob.id;
    const suggested = (
      await interact(
        chatInputInteraction({
          command: 'resource',
          subcommand: 'search',
          options: [option.string('query', 'anchor'), option.user('mention', world.users.bob)],
        }),
      )
    ).callback.data!;
    expect(suggested.flags ?? 0).toBe(0);
    expect(suggested.content).toBe(`Suggested for <@${bob}>`);
    expectPingsAtMost(suggested, bob);
  });

  it('pages /resource kind for its owner with an in-place update', async () => {
    const first = (
      await interact(chatInputInteraction({ command: 'resource', subcommand: 'kind', options: [option.string('kind', 'API')] }))
    ).callback.data!;
    const apis = bot.catalogue.current.byKind('API').entries.length;
    expect(first.embeds[0]?.footer?.text).toBe(`Page 1 of ${Math.ceil(apis / 10)}`);
    const next = encodeCustomId({ action: 'page', kind: 'API', page: 1, owner: alice });
    expect(buttons(first).some((b) => 'custom_id' in b && b.custom_id === next)).toBe(true);
    const { callback } = await interact(buttonInteraction({ customId: next, message: componentMessage(first.components) }));
    expect(callback.type).toBe(7);
    expect(callback.data?.embeds[0]?.footer?.text).toBe(`Page 2 of ${Math.ceil(apis / 10)}`);
  });

  it('opens an entry from the menu privately, with Share', async () => {
    const { callback } = await interact(stringSelectInteraction({ customId: 'res:open', values: ['litesvm'] }));
    expect(callback.data?.flags).toBe(64);
    expect(callback.data?.embeds[0]?.title).toBe('LiteSVM');
    expect(buttons(callback.data!)[0]).toMatchObject({ label: 'Share', custom_id: 'res:share:litesvm' });
  });

  it('shares a private entry in the channel, crediting the member, then cools down', async () => {
    const share = encodeCustomId({ action: 'share', id: 'litesvm' });
    const { callback } = await interact(buttonInteraction({ customId: share }));
    expect(callback.data?.flags ?? 0).toBe(0);
    expect(callback.data?.content).toBe(`Shared by <@${alice}>`);
    expect(callback.data?.allowed_mentions).toEqual({ parse: [] });
    const again = await interact(buttonInteraction({ customId: share }));
    expect(again.callback.data).toMatchObject({
      flags: 64,
      content: expect.stringMatching(/You can share again in \d seconds?\./) as unknown,
    });
  });

  it('replies to Copy install privately with just the command', async () => {
    const { callback } = await interact(buttonInteraction({ customId: 'res:copy:litesvm' }));
    expect(callback.data).toMatchObject({ flags: 64, content: '```sh\ncargo add --dev litesvm\n```', embeds: [] });
  });

  it('pins for a member allowed to pin, and politely refuses others without calling Discord', async () => {
    const message = componentMessage([]);
    const allowed = await interact(buttonInteraction({ customId: 'res:pin', member: memberWhoCanPin(), message }));
    const pin = await bot.discord.rest.waitForRequest({ method: 'PUT', route: '/channels/:c/messages/pins/:m' }, 5_000);
    expect(pin.path).toBe(`/channels/${world.channel.id}/messages/pins/${message.id}`);
    expect(allowed.callback.data).toMatchObject({ flags: 64, content: '📌 Pinned to this channel.' });

    const before = bot.discord.rest.findRequests({ method: 'PUT', route: '/channels/:c/messages/pins/:m' }).length;
    const refused = await interact(buttonInteraction({ customId: 'res:pin', member: plainMember() }));
    expect(refused.callback.data).toMatchObject({
      flags: 64,
      content: expect.stringContaining('only members who may pin messages') as unknown,
    });
    expect(bot.discord.rest.findRequests({ method: 'PUT', route: '/channels/:c/messages/pins/:m' })).toHaveLength(before);
  });

  it('deletes a reply for the member who asked', async () => {
    const interaction = buttonInteraction({ customId: encodeCustomId({ action: 'delete', owner: alice }) });
    const { callback } = await interact(interaction);
    expect(callback.type).toBe(6);
    await bot.discord.rest.waitForRequest(
      { method: 'DELETE', route: `/webhooks/${world.application.id}/${interaction.token}/messages/@original` },
      5_000,
    );
  });

  it('refuses to delete for anyone else', async () => {
    const { callback } = await interact(buttonInteraction({ customId: encodeCustomId({ action: 'delete', owner: world.users.bob.id }) }));
    expect(callback.data).toMatchObject({ flags: 64, content: 'Only the member who asked for this reply, or a moderator, can remove it.' });
  });

  it('answers autocomplete with at most 25 choices, never failing', async () => {
    const { callback } = await interact(
      autocompleteInteraction({ command: 'resource', subcommand: 'show', focused: { name: 'name', value: 'anch' } }),
    );
    expect(callback.type).toBe(8);
    expect(callback.data?.choices?.length).toBeGreaterThan(0);
    expect(callback.data?.choices?.length).toBeLessThanOrEqual(25);
    expect(callback.data?.choices?.[0]?.value).toBe('anchor');
  });

  it('names commands with clickable mentions carrying the id registration stored', async () => {
    await bot.discord.rest.waitForRequest({ method: 'PUT', route: '/applications/:app/guilds/:guild/commands' }, 5_000);
    const id = bot.discord.rest.commands(world.guild.id).find((c) => c.name === 'resource')?.id;
    expect(id).toMatch(/^\d+$/);
    const nothing = () =>
      chatInputInteraction({ command: 'resource', subcommand: 'search', options: [option.string('query', 'zzqqxxyy')] });
    // The id is known once Discord has answered the registration; the client reads it on the next interaction.
    let description = '';
    for (let attempt = 0; attempt < 20 && !description.includes('</resource kind:'); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      description = (await interact(nothing())).callback.data?.embeds[0]?.description ?? '';
    }
    expect(description).toContain(`</resource kind:${id!}>`);
    expect(description).not.toContain('`/resource kind`');
  });

  it('answers a member whose Discord speaks Spanish in Spanish: headings, buttons and refusals', async () => {
    const spanish = { locale: Locale.SpanishES };
    const found = (await interact(show('litesvm', [option.boolean('hide', true)], plainMember()))).callback.data!;
    // A moderator's request: the flood guard would hold back a member's repeat of an earlier test's public post.
    const { callback } = await interact({ ...show('litesvm', [], memberWhoCanPin()), ...spanish });
    const data = callback.data!;
    expect(data.embeds[0]?.title).toBe(found.embeds[0]?.title); // catalogue content stays as written
    expect(data.embeds[0]?.fields?.map((f) => f.name)).toEqual(['Instalar']);
    expect(buttons(data).map((b) => ('label' in b && b.label ? b.label : undefined))).toEqual([
      'Abrir',
      'Copiar instalación',
      undefined,
      undefined,
    ]);
    const listing = (
      await interact({
        ...chatInputInteraction({ command: 'resource', subcommand: 'kind', options: [option.string('kind', 'API')] }),
        ...spanish,
      })
    ).callback.data!;
    expect(listing.embeds[0]?.title).toMatch(/^API · \d+ recursos$/);
    expect(listing.embeds[0]?.footer?.text).toMatch(/^Página 1 de \d+$/);
    const refusal = await interact({
      ...buttonInteraction({ customId: encodeCustomId({ action: 'delete', owner: world.users.bob.id }) }),
      ...spanish,
    });
    expect(refusal.callback.data?.content).toBe('Solo quien pidió esta respuesta, o un moderador, puede quitarla.');
  });

  it('answers a forged button privately instead of failing', async () => {
    const { callback } = await interact(buttonInteraction({ customId: 'res:page:NOPE:1:2' }));
    expect(callback.data).toMatchObject({ flags: 64, content: expect.stringContaining('older version of the bot') as unknown });
  });
});
