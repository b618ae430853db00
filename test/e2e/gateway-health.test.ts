/**
 * Health and metrics in gateway mode, as `npm start` runs it with PORT set: alive at once, ready only
 * once the catalogue is loaded and the gateway connected, Prometheus text whose counters move with
 * traffic and which reports the shard, and a SIGTERM that ends the process cleanly.
 */
import { GatewayOpcodes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { parsePrometheus, type Sample } from '../helpers/prometheus.js';
import { freePort } from '../helpers/redis.js';
import { REGISTERED, startBot, type BotProcess } from './bot-process.js';
import { ask, resourceCommand } from './interactions.js';

let discord: DiscordStandIn;
let bot: BotProcess;
let base: string;

beforeAll(async () => {
  // Heartbeats every second, so the shard's ping is known within the test.
  discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000, heartbeatIntervalMs: 1_000 });
  // The gateway takes the IDENTIFY but holds READY back until the test lets it go.
  discord.gateway.holdReady(true);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  bot = startBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, env: { PORT: String(port) } });
  await bot.waitForLog('health and metrics listening', { timeoutMs: 15_000 });
}, 30_000);

afterAll(async () => {
  await bot.stop();
  await discord.close();
});

const get = async (path: string): Promise<{ status: number; text: string; type: string | null }> => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
};

/** Every line of the exposition is a comment (`# HELP`, `# TYPE`) or a sample `name{labels} value`; parsePrometheus throws otherwise. */
async function scrape(): Promise<Sample[]> {
  const { status, text, type } = await get('/metrics');
  expect(status).toBe(200);
  expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
  for (const line of text.split('\n').filter((l) => l !== '' && !l.startsWith('#'))) {
    expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? \S+$/);
  }
  return parsePrometheus(text);
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

async function poll<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (performance.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms.\n${bot.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('npm start in gateway mode with PORT set', () => {
  it('is alive at once, and not ready (503) while the gateway has not answered IDENTIFY', async () => {
    expect((await get('/healthz')).status).toBe(200);
    // The catalogue loads before the bot logs in: by the IDENTIFY, only the gateway is missing.
    await discord.gateway.waitForFrame((frame) => frame.op === (GatewayOpcodes.Identify as number), 15_000);
    const readyz = await get('/readyz');
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.text)).toEqual({ status: 'not ready', reason: 'not connected to the Discord gateway' });
    expect((await get('/healthz')).status).toBe(200);
    const samples = await scrape();
    expect(value(samples, 'resource_bot_gateway_shard_up', { shard: '0' })).toBe(0);
    expect(value(samples, 'resource_bot_catalogue_entries')).toBeGreaterThan(0);
  });

  it('turns ready (200) once connected, and never anything but 503 or 200 on the way', async () => {
    const seen = [(await get('/readyz')).status];
    discord.gateway.holdReady(false);
    await poll(async () => {
      const status = (await get('/readyz')).status;
      if (seen.at(-1) !== status) seen.push(status);
      return status === 200 ? true : undefined;
    }, 'never ready');
    expect(seen).toEqual([503, 200]);
    expect(JSON.parse((await get('/readyz')).text)).toEqual({ status: 'ready' });
    await bot.waitForLog(REGISTERED, { timeoutMs: 5_000 });
  });

  it('serves Prometheus text: the shard up, its ping once a heartbeat is acknowledged, the catalogue loaded', async () => {
    const samples = await poll(async () => {
      const now = await scrape();
      return value(now, 'resource_bot_gateway_ping_seconds', { shard: '0' }) === undefined ? undefined : now;
    }, 'no gateway ping in /metrics');
    expect(value(samples, 'resource_bot_gateway_shard_up', { shard: '0' })).toBe(1);
    expect(samples.filter((s) => s.name === 'resource_bot_gateway_shard_up')).toHaveLength(1);
    expect(value(samples, 'resource_bot_gateway_ping_seconds', { shard: '0' })).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'resource_bot_gateway_ping_seconds', { shard: '0' })).toBeLessThan(1);
    expect(value(samples, 'resource_bot_catalogue_last_reload_timestamp_seconds', { result: 'loaded' })).toBeGreaterThan(0);
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts interactions by type, subcommand and outcome, with their latency', async () => {
    const labels = { type: 'command', subcommand: 'search', outcome: 'ok' };
    const before = await scrape();
    const count = (samples: Sample[]) => value(samples, 'resource_bot_interactions_total', labels) ?? 0;
    const latencyCount = (samples: Sample[]) => value(samples, 'resource_bot_interaction_duration_seconds_count', { type: 'command' }) ?? 0;
    const unanswered = (samples: Sample[]) => value(samples, 'resource_bot_searches_unanswered_total') ?? 0;

    const since = bot.mark();
    await ask(discord, resourceCommand('search', { query: 'anchor' }));
    await ask(discord, resourceCommand('search', { query: 'cardano plutus tutorial' }));
    await bot.waitForLogCount((l) => l.msg === 'interaction' && l.subcommand === 'search', 2, { since, timeoutMs: 3_000 });

    const after = await scrape();
    expect(count(after) - count(before)).toBe(2);
    expect(latencyCount(after) - latencyCount(before)).toBe(2);
    expect(unanswered(after) - unanswered(before)).toBe(1);
  });

  it('exits 0 within 6 s of SIGTERM, closing the health server', async () => {
    const mark = bot.mark();
    const signalled = performance.now();
    process.kill(bot.pid, 'SIGTERM');
    const status = await bot.waitForExit(8_000);
    const tookMs = performance.now() - signalled;
    console.log(`SIGTERM → exit ${String(status.code)} in ${Math.round(tookMs)} ms`);
    expect(status).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(6_000);
    expect(bot.logsMatching('shutting down', mark)[0]).toMatchObject({ reason: 'SIGTERM' });
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 15_000);
});
