/**
 * Gateway sharding as `npm start` runs it with SHARD_COUNT: one process holds every shard (discord.js's
 * internal sharding) against a local Discord that serves several shards. Each shard identifies with its
 * own [id, count], the commands are registered once (not by every shard), interactions arriving on any
 * shard are answered, and /metrics reports every shard.
 */
import { GatewayOpcodes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outsideServer,
  shardOfGuild,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
  type StandInOptions,
} from '../support/discord/index.js';
import { parsePrometheus } from '../helpers/prometheus.js';
import { freePort } from '../helpers/redis.js';
import { REGISTERED, startReadyBot, type BotProcess } from './bot-process.js';
import { answerTo, messageData, resourceCommand } from './interactions.js';

const COMMANDS = '/applications/:app/guilds/:guild/commands';

interface Run {
  discord: DiscordStandIn;
  bot: BotProcess;
  metricsUrl: string;
  /** `performance.now()` from spawn to "/resource registered". */
  readyMs: number;
}

async function start(shardCount: string, standIn: StandInOptions): Promise<Run> {
  const discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000, ...standIn });
  const port = await freePort();
  try {
    const bot = await startReadyBot(
      { apiUrl: discord.apiUrl, guildId: world.guild.id, env: { SHARD_COUNT: shardCount, PORT: String(port) } },
      20_000,
    );
    return { discord, bot, metricsUrl: `http://127.0.0.1:${port}/metrics`, readyMs: performance.now() - bot.startedAt };
  } catch (err) {
    await discord.close();
    throw err;
  }
}

async function stop(run: Run | undefined): Promise<void> {
  await run?.bot.stop();
  await run?.discord.close();
}

/** A search dispatched on one shard's connection; resolves with its accepted callback. */
async function searchOnShard(run: Run, shard: number, query: string) {
  const payload = resourceCommand('search', { query });
  const sentAt = performance.now();
  expect(run.discord.gateway.sendInteraction(payload, { shard })).toBe(shard);
  return answerTo(run.discord, payload, sentAt);
}

const shardUp = async (run: Run): Promise<Record<string, number>> => {
  const samples = parsePrometheus(await (await fetch(run.metricsUrl)).text());
  return Object.fromEntries(
    samples.filter((s) => s.name === 'resource_bot_gateway_shard_up').map((s) => [s.labels.shard ?? '?', s.value] as const),
  );
};

/** Checks shared by both ways of asking for two shards. */
function describeTwoShards(title: string, shardCount: string, standIn: StandInOptions): void {
  describe(title, () => {
    let run: Run | undefined;
    beforeAll(async () => {
      run = await start(shardCount, standIn);
      console.log(`SHARD_COUNT=${shardCount}: two shards up and /resource registered ${Math.round(run.readyMs)} ms after spawn`);
    }, 30_000);
    afterAll(async () => stop(run));

    it('identifies each shard once, with [0, 2] and [1, 2], on a connection of its own', () => {
      const { gateway } = run!.discord;
      const identifies = gateway.received.filter((frame) => frame.op === (GatewayOpcodes.Identify as number));
      expect(identifies.map((frame) => (frame.d as { shard: unknown }).shard).sort()).toEqual([
        [0, 2],
        [1, 2],
      ]);
      expect([...gateway.identifiedShards].sort()).toEqual([
        [0, 2],
        [1, 2],
      ]);
      expect(new Set(gateway.identifications.map((i) => i.connection)).size).toBe(2);
      expect(gateway.counts).toMatchObject({ connections: 2, identifies: 2, resumes: 0 });
      // discord.js keeps to session_start_limit.max_concurrency: with 1, the second shard waits its 5 s turn.
      const [first, second] = gateway.identifications;
      if ((standIn.maxConcurrency ?? 1) === 1) expect(second!.at - first!.at).toBeGreaterThanOrEqual(4_900);
    });

    it('registers the commands once for the whole process: one comparison, one bulk PUT', async () => {
      const { bot, discord } = run!;
      // Give a second (racing) registration time to show up before counting.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(bot.logsMatching(REGISTERED)).toHaveLength(1);
      expect(bot.logsMatching('connected to Discord')).toHaveLength(1);
      expect(discord.rest.findRequests({ method: 'PUT', route: COMMANDS })).toHaveLength(1);
      expect(discord.rest.findRequests({ method: 'GET', route: COMMANDS })).toHaveLength(1);
      expect(discord.rest.findRequests({ method: 'PUT', route: '/applications/:app/commands' })).toHaveLength(0);
    });

    it('answers interactions arriving on either shard, each exactly once', async () => {
      const { discord } = run!;
      expect(shardOfGuild(world.guild.id, 2)).toBe(0); // the world's guild lives on shard 0
      const [onZero, onOne] = await Promise.all([searchOnShard(run!, 0, 'anchor'), searchOnShard(run!, 1, 'python sdk')]);
      for (const answer of [onZero, onOne]) {
        expect(answer.body.type).toBe(4);
        expect(messageData(answer).flags).toBe(64);
        expect(messageData(answer).embeds.length).toBeGreaterThan(0);
      }
      // A DM arrives on shard 0 (Discord's rule), and is answered too.
      const dm = outsideServer(resourceCommand('show', { name: 'litesvm' }), 'bot-dm');
      const sentAt = performance.now();
      expect(discord.gateway.sendInteraction(dm)).toBe(0);
      expect(messageData(await answerTo(discord, dm, sentAt)).embeds[0]?.title).toBe('LiteSVM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const payload of [onZero.request, onOne.request]) {
        const id = payload.path.split('/')[2];
        expect(discord.rest.findRequests((r) => r.method === 'POST' && r.path.split('/')[2] === id)).toHaveLength(1);
      }
    });

    it('reports both shards up in /metrics', async () => {
      expect(await shardUp(run!)).toEqual({ '0': 1, '1': 1 });
    });
  });
}

// max_concurrency 2 lets both shards IDENTIFY at once; the bucket of 1 that most bots have spaces them 5 s apart.
describeTwoShards('SHARD_COUNT=2', '2', { maxConcurrency: 2 });
describeTwoShards('SHARD_COUNT=auto, with Discord recommending 2 shards (one IDENTIFY every 5 s)', 'auto', { shards: 2 });
