/**
 * Two bot processes in HTTP mode share one real Redis behind a round-robin proxy, as in the
 * compose file: Discord's side signs each interaction with the application's key and posts it to
 * the proxy, and follow-ups land in the local Discord stand-in.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationKeys,
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  deliverOverHttp,
  option,
  plainMember,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
  type HttpAnswer,
} from '../support/discord/index.js';
import { parsePrometheus } from '../helpers/prometheus.js';
import { freePort, startRedis, type RedisServer } from '../helpers/redis.js';
import { startBot, type BotProcess } from './bot-process.js';

const keys = applicationKeys();
let stand: DiscordStandIn;
let redis: RedisServer;
let replicas: { bot: BotProcess; base: string }[] = [];
let proxy: Server;
let proxyUrl: string;
let proxied = [0, 0];

/** A round-robin load balancer in a dozen lines: each request goes to the next replica. */
async function startProxy(targets: number[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const pick = next++ % targets.length;
    proxied[pick]!++;
    const upstream = request(
      { host: '127.0.0.1', port: targets[pick], path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function startReplica(): Promise<{ bot: BotProcess; base: string }> {
  const port = await freePort();
  const bot = startBot({
    apiUrl: stand.apiUrl,
    guildId: world.guild.id,
    env: {
      INTERACTIONS_MODE: 'http',
      PORT: String(port),
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      REDIS_URL: redis.url,
      FLOOD_GUARD_SECONDS: '60',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await bot.waitForLog('Interactions Endpoint listening', { timeoutMs: 20_000 });
  await eventually(
    async () => (await fetch(`${base}/readyz`)).status === 200,
    20_000,
    () => `replica on ${port} ready:\n${bot.tail()}`,
  );
  return { bot, base };
}

beforeAll(async () => {
  stand = await startDiscordStandIn();
  redis = await startRedis();
  replicas = await Promise.all([startReplica(), startReplica()]);
  proxy = await startProxy(replicas.map((r) => Number(new URL(r.base).port)));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/interactions`;
}, 60_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.bot.stop()));
  await new Promise((resolve) => proxy.close(resolve));
  await redis.stop();
  await stand.close();
}, 30_000);

const command = (subcommand: string, options: ReturnType<typeof option.string>[], member = plainMember()) =>
  chatInputInteraction({ command: 'resource', subcommand, options, member });
const deliver = (to: string, payload: Parameters<typeof deliverOverHttp>[2]): Promise<HttpAnswer> =>
  deliverOverHttp(stand, to, payload, keys.privateKey);

async function answeredBy(base: string): Promise<number> {
  const samples = parsePrometheus(await (await fetch(`${base}/metrics`)).text());
  return samples.filter((s) => s.name === 'resource_bot_interactions_total').reduce((sum, s) => sum + s.value, 0);
}

/** Polls an async check every 50 ms until it holds; fails after `timeoutMs` with what it waited for. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `tasks` with at most `width` in flight. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

describe('two HTTP replicas sharing one Redis behind a round-robin proxy', () => {
  it('answers 1,000 signed interactions through the proxy and loses none', async () => {
    const before = await Promise.all(replicas.map((r) => answeredBy(r.base)));
    proxied = [0, 0];
    const queries = ['anchor', 'rust sdk', 'how do I test a program', 'python', 'wallet adapter', 'x402 payments'];
    const make = (i: number) => {
      switch (i % 4) {
        case 0:
          return command('search', [option.string('query', queries[i % queries.length]!)]);
        case 1:
          return autocompleteInteraction({
            command: 'resource',
            subcommand: 'show',
            focused: { name: 'name', value: queries[i % queries.length]! },
          });
        case 2:
          return command('kind', [option.string('kind', 'SDK')]);
        default:
          return command('show', [option.string('name', 'litesvm'), option.boolean('hide', true)]);
      }
    };
    const answers = await inParallel(
      Array.from({ length: 1_000 }, (_, i) => () => deliver(proxyUrl, make(i))),
      50,
    );
    const failed = answers.filter((a) => a.status !== 200 || (a.body.type !== 4 && a.body.type !== 8));
    expect([failed.length, ...failed.slice(0, 3).map((f) => JSON.stringify(f))]).toEqual([0]);
    expect(proxied).toEqual([500, 500]);
    const after = await Promise.all(replicas.map((r) => answeredBy(r.base)));
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(1_000);
    expect(after[0]! - before[0]!).toBe(500);
  }, 60_000);

  it('handles on one replica a button that the other replica created', async () => {
    const [a, b] = replicas;
    const asked = command('kind', [option.string('kind', 'SDK')]);
    const listing = await deliver(`${a!.base}/interactions`, asked);
    const rows = listing.body.data?.components as { components: { custom_id?: string }[] }[];
    const next = rows.flatMap((r) => r.components).find((c) => c.custom_id?.startsWith('res:page:'));
    expect(next?.custom_id).toBeDefined();
    // The click arrives with the message the first replica's answer created, as Discord sends it.
    const message = stand.store.messages.get(stand.store.interactions.get(asked.id)!.originalMessageId!)!;
    const page = await deliver(`${b!.base}/interactions`, buttonInteraction({ customId: next!.custom_id!, message }));
    expect(page.status).toBe(200);
    expect(page.body.type).toBe(7);
    expect(JSON.stringify(page.body.data)).toMatch(/SDK/);
  });

  it('holds the flood guard across replicas: a second public post of the same entry within a minute points to the channel', async () => {
    const [a, b] = replicas;
    const first = await deliver(`${a!.base}/interactions`, command('show', [option.string('name', 'anchor')]));
    expect(first.body.type).toBe(4);
    expect(first.body.data?.flags ?? 0).toBe(0);
    const second = await deliver(
      `${b!.base}/interactions`,
      command('show', [option.string('name', 'anchor')], plainMember(world.users.bob)),
    );
    expect(second.body.type).toBe(4);
    expect(second.body.data?.flags).toBe(64);
    expect(String(second.body.data?.content)).toContain(`https://discord.com/channels/${world.guild.id}/${world.channel.id}`);
  });

  it('holds the share cooldown across replicas', async () => {
    const [a, b] = replicas;
    const member = plainMember(world.users.bob);
    const first = await deliver(`${a!.base}/interactions`, buttonInteraction({ customId: 'res:share:litesvm', member }));
    expect(first.body.data?.flags ?? 0).toBe(0);
    const second = await deliver(`${b!.base}/interactions`, buttonInteraction({ customId: 'res:share:solana-kit', member }));
    expect(second.body.data?.flags).toBe(64);
    expect(String(second.body.data?.content)).toMatch(/You can share again in [1-5] seconds?\./);
  });

  it('keeps answering when Redis goes away, with cooldowns failing open, and says so once in the log', async () => {
    await redis.stop();
    const marks = replicas.map((r) => r.bot.mark());
    for (let i = 0; i < 6; i++) {
      const answer = await deliver(proxyUrl, command('show', [option.string('name', 'solana-kit')]));
      expect(answer.status).toBe(200);
      expect(answer.body.type).toBe(4);
      // Failing open: without Redis there is no flood guard, so every request is posted.
      expect(answer.body.data?.flags ?? 0).toBe(0);
    }
    for (const [i, r] of replicas.entries()) {
      await r.bot.waitForLog(/^Redis unavailable/, { since: marks[i]! });
      expect(r.bot.logsMatching(/^Redis unavailable/, marks[i])).toHaveLength(1);
    }
  }, 30_000);
});
