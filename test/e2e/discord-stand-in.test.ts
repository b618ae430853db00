import {
  Client,
  DiscordAPIError,
  DiscordjsErrorCodes,
  Events,
  GatewayIntentBits,
  GatewayOpcodes,
  MessageFlags,
  PermissionFlagsBits,
  type Interaction,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  memberWhoCanPin,
  nextEvent,
  option,
  startDiscordStandIn,
  stringSelectInteraction,
  world,
  type DiscordStandIn,
  type StandInOptions,
} from '../support/discord/index.js';

const TOKEN = 'MTAx.fake.token';
const WAIT_MS = 10_000;
const CALLBACK = '/interactions/:id/:token/callback';
const ORIGINAL = '/webhooks/:app/:token/messages/@original';

let running: { discord: DiscordStandIn; client: Client } | undefined;

afterEach(async () => {
  await running?.client.destroy();
  await running?.discord.close();
  running = undefined;
});

/** A stand-in plus a bare discord.js client logged in to it and ready (guild cached). */
async function connect(options: StandInOptions = {}): Promise<{ discord: DiscordStandIn; client: Client }> {
  const discord = await startDiscordStandIn(options);
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
  running = { discord, client };
  const ready = nextEvent(client, Events.ClientReady, WAIT_MS);
  await client.login(TOKEN);
  await ready;
  return running;
}

/** Delivers a payload over the gateway and resolves with the interaction discord.js built from it. */
async function deliver(
  discord: DiscordStandIn,
  client: Client,
  payload: Parameters<DiscordStandIn['gateway']['sendInteraction']>[0],
): Promise<Interaction> {
  const received = nextEvent<[Interaction]>(client, Events.InteractionCreate, WAIT_MS);
  discord.gateway.sendInteraction(payload);
  const [interaction] = await received;
  return interaction;
}

const showAnchor = () =>
  chatInputInteraction({
    command: 'resource',
    subcommand: 'show',
    options: [option.string('name', 'anchor'), option.user('for', world.users.bob)],
    member: memberWhoCanPin(),
  });

describe('Discord stand-in with a real discord.js client', () => {
  it('delivers a chat-input command and records the reply exactly as sent', async () => {
    const { discord, client } = await connect();
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error(`expected a chat-input command, got type ${interaction.type}`);
    expect(interaction.options.getSubcommand()).toBe('show');
    expect(interaction.options.getString('name')).toBe('anchor');
    expect(interaction.options.getUser('for')?.username).toBe('bob');
    expect(interaction.channelId).toBe(world.channel.id);
    expect(interaction.channel?.id).toBe(world.channel.id);
    expect(interaction.memberPermissions?.has(PermissionFlagsBits.PinMessages)).toBe(true);

    await interaction.reply({ content: 'Anchor @everyone', flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });

    const callback = await discord.rest.waitForRequest({ method: 'POST', route: CALLBACK }, WAIT_MS);
    expect(callback.path).toBe(`/interactions/${interaction.id}/${interaction.token}/callback`);
    expect(callback.query).toEqual({ with_response: 'false' });
    expect(callback.headers.authorization).toBeUndefined();
    expect(callback.status).toBe(204);
    expect(callback.body).toMatchObject({
      type: 4,
      data: { content: 'Anchor @everyone', flags: MessageFlags.Ephemeral, allowed_mentions: { parse: [] } },
    });
  });

  it('registers commands with a bulk PUT and lists them back, keeping ids when unchanged', async () => {
    const { discord, client } = await connect();
    const definitions = [{ name: 'resource', description: 'Find a Solana resource', options: [] }];
    const seeded = discord.rest.seedCommands(definitions, world.guild.id);

    const global = await client.application?.commands.set(definitions);
    const put = await discord.rest.waitForRequest({ method: 'PUT', route: '/applications/:app/commands' }, WAIT_MS);
    expect(put.headers.authorization).toBe(`Bot ${TOKEN}`);
    expect(put.body).toEqual([expect.objectContaining({ name: 'resource', description: 'Find a Solana resource' })]);
    expect(global?.first()?.applicationId).toBe(world.application.id);

    const fetched = await client.application?.commands.fetch();
    expect(fetched?.map((command) => command.name)).toEqual(['resource']);
    expect(discord.rest.commands()).toHaveLength(1);

    const guildCommands = await client.application?.commands.set(definitions, world.guild.id);
    expect(guildCommands?.first()?.id).toBe(seeded[0]?.id);
    expect(guildCommands?.first()?.version).toBe(seeded[0]?.version);
    expect(guildCommands?.first()?.guildId).toBe(world.guild.id);
  });

  it('handles a deferred reply followed by editReply', async () => {
    const { discord, client } = await connect();
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');

    await interaction.deferReply();
    const edited = await interaction.editReply({ content: 'Here is Anchor', allowedMentions: { parse: [] } });

    const patch = await discord.rest.waitForRequest({ method: 'PATCH', route: ORIGINAL }, WAIT_MS);
    expect(patch.body).toMatchObject({ content: 'Here is Anchor', allowed_mentions: { parse: [] } });
    expect(edited.content).toBe('Here is Anchor');
    expect(edited.flags.has(MessageFlags.Loading)).toBe(false);
    expect(discord.rest.findRequests({ route: CALLBACK })[0]?.body).toMatchObject({ type: 5 });

    expect((await interaction.fetchReply()).content).toBe('Here is Anchor');
    await interaction.deleteReply();
    expect(discord.rest.findRequests({ method: 'DELETE', route: ORIGINAL, status: 204 })).toHaveLength(1);
    expect(discord.rest.message(edited.id)).toBeUndefined();
  });

  it('sends a follow-up after the reply', async () => {
    const { discord, client } = await connect();
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');

    await interaction.reply({ content: 'First' });
    const followUp = await interaction.followUp({ content: 'Second', flags: MessageFlags.Ephemeral });

    const post = await discord.rest.waitForRequest({ method: 'POST', route: '/webhooks/:app/:token' }, WAIT_MS);
    expect(post.query).toEqual({ wait: 'true' });
    expect(post.body).toMatchObject({ content: 'Second', flags: MessageFlags.Ephemeral });
    expect(followUp.content).toBe('Second');
    expect(discord.rest.message(followUp.id)?.content).toBe('Second');
  });

  it('parses multipart replies that carry files', async () => {
    const { discord, client } = await connect();
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');

    await interaction.reply({ content: 'With a file', files: [{ attachment: Buffer.from('hello'), name: 'notes.txt' }] });

    const callback = await discord.rest.waitForRequest({ route: CALLBACK }, WAIT_MS);
    expect(callback.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(callback.body).toMatchObject({ type: 4, data: { content: 'With a file' } });
    expect(callback.files).toEqual([expect.objectContaining({ filename: 'notes.txt', size: 5 })]);
  });

  it('returns the reply with withResponse and lets the client pin it', async () => {
    const { discord, client } = await connect();
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');

    const response = await interaction.reply({ content: 'Pin me', withResponse: true });
    const message = response.resource?.message;
    expect(message?.content).toBe('Pin me');
    await message?.pin();

    const pin = await discord.rest.waitForRequest({ method: 'PUT', route: '/channels/:c/messages/pins/:m' }, WAIT_MS);
    expect(pin.path).toBe(`/channels/${world.channel.id}/messages/pins/${message?.id}`);
    expect(discord.rest.message(message?.id ?? '')?.pinned).toBe(true);
  });

  it('waits out a 429 on the callback and lands the reply exactly once', async () => {
    const { discord, client } = await connect();
    discord.rest.failNext('POST', CALLBACK, { status: 429, retryAfter: 0.3 });
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');

    await interaction.reply({ content: 'After the limit' });

    const attempts = discord.rest.findRequests({ route: CALLBACK });
    expect(attempts.map((request) => request.status)).toEqual([429, 204]);
    expect((attempts[1]?.at ?? 0) - (attempts[0]?.at ?? 0)).toBeGreaterThanOrEqual(300);
    expect(discord.rest.pendingFaults).toBe(0);
  });

  it('retries a callback that failed once with 500', async () => {
    const { discord, client } = await connect();
    discord.rest.failNext('POST', CALLBACK, { status: 500 });
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');

    await interaction.reply({ content: 'Second time lucky' });

    expect(discord.rest.findRequests({ route: CALLBACK }).map((request) => request.status)).toEqual([500, 204]);
  });

  it('answers a callback after the deadline with Unknown interaction', async () => {
    const { discord, client } = await connect({ callbackDeadlineMs: 50 });
    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');
    await new Promise((resolve) => setTimeout(resolve, 100));

    await expect(interaction.reply({ content: 'Too late' })).rejects.toMatchObject({ status: 404, code: 10062 });
  });

  it('resumes after op 7 RECONNECT and keeps handling interactions', async () => {
    const { discord, client } = await connect();
    const resumed = nextEvent(client, Events.ShardResume, WAIT_MS);
    discord.gateway.sendReconnect();
    await resumed;

    const resume = await discord.gateway.waitForFrame((frame) => frame.op === (GatewayOpcodes.Resume as number), WAIT_MS);
    expect(resume.d).toMatchObject({ token: TOKEN, session_id: expect.any(String) as unknown, seq: expect.any(Number) as unknown });
    expect(discord.gateway.counts).toMatchObject({ connections: 2, identifies: 1, resumes: 1 });

    const interaction = await deliver(discord, client, showAnchor());
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat-input command');
    await interaction.reply({ content: 'Still here' });
    await discord.rest.waitForRequest({ route: CALLBACK, status: 204 }, WAIT_MS);
  });

  it('resumes after the gateway closes with 4000', async () => {
    const { discord, client } = await connect();
    const resumed = nextEvent(client, Events.ShardResume, WAIT_MS);
    discord.gateway.closeSocket(4000);
    await resumed;
    expect(discord.gateway.counts).toMatchObject({ identifies: 1, resumes: 1 });
  });

  it('reconnects and resumes when heartbeats stop being acknowledged', async () => {
    const { discord, client } = await connect({ heartbeatIntervalMs: 1000 });
    await discord.gateway.waitForCount('heartbeatAcks', 1, WAIT_MS);
    const resumed = nextEvent(client, Events.ShardResume, WAIT_MS);
    discord.gateway.setHeartbeatAcks(false);
    await resumed;
    discord.gateway.setHeartbeatAcks(true);
    expect(discord.gateway.counts).toMatchObject({ connections: 2, identifies: 1, resumes: 1 });
  });

  it('rejects login with TokenInvalid when /gateway/bot answers 401', async () => {
    const discord = await startDiscordStandIn({ rejectToken: true });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.apiUrl } });
    running = { discord, client };
    await expect(client.login(TOKEN)).rejects.toMatchObject({ code: DiscordjsErrorCodes.TokenInvalid });
    expect(discord.rest.findRequests({ route: '/gateway/bot', status: 401 })).toHaveLength(1);
    expect(discord.gateway.counts.connections).toBe(0);
  });

  it('delivers a button click and a select choice, and update() edits their message', async () => {
    const { discord, client } = await connect();
    const button = await deliver(discord, client, buttonInteraction({ customId: 'resource:more:anchor' }));
    if (!button.isButton()) throw new Error('expected a button interaction');
    expect(button.customId).toBe('resource:more:anchor');
    await button.update({ content: 'More about Anchor', components: [] });
    expect(discord.rest.message(button.message.id)?.content).toBe('More about Anchor');

    const select = await deliver(discord, client, stringSelectInteraction({ customId: 'resource:pick', values: ['anchor'] }));
    if (!select.isStringSelectMenu()) throw new Error('expected a string select interaction');
    expect(select.values).toEqual(['anchor']);
    await select.update({ content: 'Picked anchor' });
    const updates = discord.rest.findRequests({ route: CALLBACK }).map((request) => request.body);
    expect(updates).toEqual([
      expect.objectContaining({ type: 7, data: expect.objectContaining({ content: 'More about Anchor', components: [] }) as unknown }),
      expect.objectContaining({ type: 7, data: expect.objectContaining({ content: 'Picked anchor' }) as unknown }),
    ]);
  });

  it('answers autocomplete with the focused option and records the choices', async () => {
    const { discord, client } = await connect();
    const payload = autocompleteInteraction({ command: 'resource', subcommand: 'show', focused: { name: 'name', value: 'anc' } });
    const interaction = await deliver(discord, client, payload);
    if (!interaction.isAutocomplete()) throw new Error('expected an autocomplete interaction');
    expect(interaction.options.getFocused(true)).toMatchObject({ name: 'name', value: 'anc' });

    await interaction.respond([{ name: 'Anchor', value: 'anchor' }]);
    const callback = await discord.rest.waitForRequest({ route: CALLBACK }, WAIT_MS);
    expect(callback.body).toEqual({ type: 8, data: { choices: [{ name: 'Anchor', value: 'anchor' }] } });
  });

  it('answers unknown resources with Discord-shaped errors', async () => {
    const { discord, client } = await connect();
    const channel = await client.channels.fetch(world.channel.id);
    if (!channel?.isTextBased()) throw new Error('expected the world text channel');
    const missing = channel.messages.fetch('1380000000000009999');
    await expect(missing).rejects.toBeInstanceOf(DiscordAPIError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: 10008 });

    const response = await fetch(`${discord.apiUrl}/v10/nowhere`, { headers: { authorization: `Bot ${TOKEN}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: '404: Not Found', code: 0 });
  });
});
