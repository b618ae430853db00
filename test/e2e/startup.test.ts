import { GatewayIntentBits, GatewayOpcodes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/registry.js';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { FAKE_TOKEN, REGISTERED, startBot, type BotProcess } from './bot-process.js';

const GUILD_COMMANDS = `/applications/${world.application.id}/guilds/${world.guild.id}/commands`;
/** tsx compiles the bot at every start (~2-4 s on a busy CI machine); "a few seconds" with headroom. */
const READY_WITHIN_MS = 12_000;

/** The definitions as they travel as JSON (what the bot PUTs and Discord stores). */
const definitionsJson = (): unknown[] => JSON.parse(JSON.stringify(commandDefinitions())) as unknown[];
const resourceDefinition = () => commandDefinitions()[0] as { description: string };

const running: { bots: BotProcess[]; discords: DiscordStandIn[] } = { bots: [], discords: [] };

afterEach(async () => {
  await Promise.all(running.bots.map((bot) => bot.stop()));
  await Promise.all(running.discords.map((discord) => discord.close()));
  running.bots = [];
  running.discords = [];
});

async function standIn(): Promise<DiscordStandIn> {
  const discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
  running.discords.push(discord);
  return discord;
}

function npmStart(discord: DiscordStandIn): BotProcess {
  const bot = startBot({ apiUrl: discord.apiUrl, guildId: world.guild.id });
  running.bots.push(bot);
  return bot;
}

const commandRequests = (discord: DiscordStandIn, method: 'GET' | 'PUT') =>
  discord.rest.findRequests({ method, route: '/applications/:app/guilds/:guild/commands' });

describe('npm start against a local Discord', () => {
  it('connects, registers /resource (search, kind, show) and "Find resources", and is ready within a few seconds', async () => {
    const discord = await standIn();
    const bot = npmStart(discord);

    const connected = await bot.waitForLog('connected to Discord', { timeoutMs: READY_WITHIN_MS });
    expect(connected).toMatchObject({ level: 30, user: 'resource-bot', applicationId: world.application.id, guilds: 1 });
    const registered = await bot.waitForLog(REGISTERED, { timeoutMs: 5_000 });
    const readyMs = performance.now() - bot.startedAt;
    console.log(`npm start → /resource registered in ${Math.round(readyMs)} ms`);
    expect(registered).toMatchObject({ msg: '/resource registered', scope: 'guild', changed: true });
    expect(readyMs).toBeLessThan(READY_WITHIN_MS);

    // One IDENTIFY with only the Guilds intent (no privileged intents) and the token as given.
    const identify = await discord.gateway.waitForFrame((frame) => frame.op === (GatewayOpcodes.Identify as number), 1_000);
    expect(identify.d).toMatchObject({ token: FAKE_TOKEN, intents: GatewayIntentBits.Guilds, shard: [0, 1] });
    expect(discord.gateway.counts).toMatchObject({ connections: 1, identifies: 1, resumes: 0 });

    // Compared first (GET), then one bulk overwrite (PUT) of the guild's commands, authorised as the bot.
    const [get] = commandRequests(discord, 'GET');
    const puts = commandRequests(discord, 'PUT');
    expect(puts).toHaveLength(1);
    const put = puts[0]!;
    expect(get?.at).toBeLessThan(put.at);
    expect(put.path).toBe(GUILD_COMMANDS);
    expect(put.status).toBe(200);
    expect(put.headers.authorization).toBe(`Bot ${FAKE_TOKEN}`);
    expect(put.body).toEqual(definitionsJson());
    const [command] = put.body as {
      name: string;
      type: number;
      options: { name: string; type: number; options: { name: string; required?: boolean; autocomplete?: boolean }[] }[];
    }[];
    expect(command?.name).toBe('resource');
    expect(command?.type).toBe(1);
    expect(command?.options.map((o) => [o.name, o.type])).toEqual([
      ['search', 1],
      ['kind', 1],
      ['show', 1],
    ]);
    const search = command?.options[0]?.options.find((o) => o.name === 'query');
    const show = command?.options[2]?.options.find((o) => o.name === 'name');
    expect(search).toMatchObject({ required: true, autocomplete: true });
    expect(show).toMatchObject({ required: true, autocomplete: true });
    expect(command?.options.every((sub) => ['mention', 'hide'].every((n) => sub.options.some((o) => o.name === n)))).toBe(true);
    // Registered in the guild only, never globally.
    expect(discord.rest.findRequests({ route: '/applications/:app/commands' })).toHaveLength(0);
    expect(discord.rest.commands(world.guild.id).map((c) => c.name)).toEqual(['resource', 'resource-admin', 'Find resources']);

    // SIGTERM shuts the bot down cleanly: it says so, and the whole process group is gone.
    const since = bot.mark();
    await bot.stop();
    expect(bot.logsMatching('shutting down', since)).toEqual([expect.objectContaining({ reason: 'SIGTERM' })]);
    expect(bot.logsMatching((line) => line.level >= 50)).toEqual([]);
    expect(bot.output).not.toContain(FAKE_TOKEN);
  }, 30_000);

  it('does not PUT again when restarted against a Discord that holds the same definition', async () => {
    const discord = await standIn();
    const first = npmStart(discord);
    await first.waitForLog('/resource registered', { timeoutMs: READY_WITHIN_MS });
    const stored = discord.rest.commands(world.guild.id);
    await first.stop();
    discord.rest.clearRequests();

    const second = npmStart(discord);
    const registered = await second.waitForLog(REGISTERED, { timeoutMs: READY_WITHIN_MS });
    expect(registered).toMatchObject({ msg: '/resource already registered, unchanged', scope: 'guild', changed: false });
    expect(commandRequests(discord, 'GET')).toHaveLength(1);
    expect(commandRequests(discord, 'PUT')).toHaveLength(0);
    expect(discord.rest.commands(world.guild.id)).toEqual(stored);
    expect(discord.gateway.counts.identifies).toBe(2);
  }, 40_000);

  it('does not PUT when the definition was registered before (seeded), and overwrites an outdated one', async () => {
    const same = await standIn();
    const seeded = same.rest.seedCommands(definitionsJson(), world.guild.id);
    const outdated = await standIn();
    const old = { ...(definitionsJson()[0] as object), description: 'Find Solana resources (old wording)' };
    outdated.rest.seedCommands([old], world.guild.id);

    const [unchanged, changed] = [npmStart(same), npmStart(outdated)];
    expect(await unchanged.waitForLog(REGISTERED, { timeoutMs: READY_WITHIN_MS })).toMatchObject({ changed: false });
    expect(await changed.waitForLog(REGISTERED, { timeoutMs: READY_WITHIN_MS })).toMatchObject({ changed: true });

    expect(commandRequests(same, 'GET')).toHaveLength(1);
    expect(commandRequests(same, 'PUT')).toHaveLength(0);
    expect(same.rest.commands(world.guild.id)).toEqual(seeded);

    expect(commandRequests(outdated, 'PUT').map((r) => r.body)).toEqual([definitionsJson()]);
    expect(outdated.rest.commands(world.guild.id)[0]?.description).toBe(resourceDefinition().description);
  }, 40_000);
});
