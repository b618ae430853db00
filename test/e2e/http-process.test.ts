/**
 * One bot process in HTTP mode, as `npm start` runs it with INTERACTIONS_MODE=http: the operator's
 * view (readiness, metrics, the "no answer" log) and a graceful SIGTERM.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import {
  applicationKeys,
  buttonInteraction,
  chatInputInteraction,
  deliverOverHttp,
  option,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
} from '../support/discord/index.js';
import { parsePrometheus } from '../helpers/prometheus.js';
import { freePort } from '../helpers/redis.js';
import { startBot, type BotProcess } from './bot-process.js';

const keys = applicationKeys();
let stand: DiscordStandIn;
let bot: BotProcess;
let base: string;

beforeAll(async () => {
  stand = await startDiscordStandIn();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  bot = startBot({
    apiUrl: stand.apiUrl,
    guildId: world.guild.id,
    env: { INTERACTIONS_MODE: 'http', PORT: String(port), DISCORD_PUBLIC_KEY: keys.publicKeyHex, FLOOD_GUARD_SECONDS: '60' },
  });
  await bot.waitForLog('Interactions Endpoint listening', { timeoutMs: 20_000 });
}, 30_000);

afterAll(async () => {
  await bot.stop();
  await stand.close();
});

const search = (query: string) =>
  chatInputInteraction({ command: 'resource', subcommand: 'search', options: [option.string('query', query)] });

async function untilReady(): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < 400; i++) {
    const status = (await fetch(`${base}/readyz`)).status;
    if (seen.at(-1) !== status) seen.push(status);
    if (status === 200) return seen;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never ready:\n${bot.tail()}`);
}

describe('npm start with INTERACTIONS_MODE=http', () => {
  it('is alive at once and ready once the catalogue is loaded; registers /resource in the background', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const seen = await untilReady();
    expect(seen.at(-1)).toBe(200);
    expect(seen.every((s) => s === 503 || s === 200)).toBe(true);
    await bot.waitForLog(/^\/resource (registered|already registered, unchanged)$/);
  });

  it('logs what members looked for and the catalogue lacks, normalised and without user ids, and counts it', async () => {
    const answer = await deliverOverHttp(
      stand,
      `${base}/interactions`,
      search('  Cardano   PLUTUS tutorial <@123456789012345678> '),
      keys.privateKey,
    );
    expect(answer.body.type).toBe(4);
    const line = await bot.waitForLog('no answer in the catalogue');
    expect(line.query).toBe('cardano plutus tutorial @someone');
    expect(JSON.stringify(line)).not.toContain(world.users.alice.id);
    const samples = parsePrometheus(await (await fetch(`${base}/metrics`)).text());
    expect(samples.find((s) => s.name === 'resource_bot_searches_unanswered_total')?.value).toBe(1);
    expect(samples.find((s) => s.name === 'resource_bot_catalogue_last_reload_timestamp_seconds')?.labels.result).toBe('loaded');
  });

  it('on SIGTERM finishes the answer in flight, then exits 0 within 5 s', async () => {
    // Delete answers at once (a deferred update), then deletes the post through the webhook: Discord makes that call
    // wait 1.5 s, which keeps the answer in flight when the signal comes.
    stand.rest.failNext('DELETE', '/webhooks/:app/:token/messages/:message', { status: 429, retryAfter: 1.5 });
    const press = buttonInteraction({ customId: encodeCustomId({ action: 'delete', owner: world.users.alice.id }) });
    const answer = await deliverOverHttp(stand, `${base}/interactions`, press, keys.privateKey);
    expect(answer.body.type).toBe(6);
    const mark = bot.mark();
    const signalled = Date.now();
    process.kill(bot.pid, 'SIGTERM');
    const status = await bot.waitForExit(8_000);
    const took = Date.now() - signalled;
    expect(status.code).toBe(0);
    expect(took).toBeLessThan(6_000);
    // The last lines may reach us just after the exit event: wait for them rather than read once.
    const finished = await bot.waitForLog((l) => l.msg === 'interaction' && l.subcommand === 'delete', { since: mark, timeoutMs: 2_000 });
    expect(finished.outcome).toBe('ok');
    expect(bot.logsMatching('shutting down', mark)[0]).toMatchObject({ reason: 'SIGTERM', inFlight: 1 });
  }, 15_000);
});
