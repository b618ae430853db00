import type { APIInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { FAKE_TOKEN, startBot, startReadyBot, type BotProcess } from './bot-process.js';
import {
  answersTo,
  ask,
  CALLBACK,
  callbacksFor,
  DISCORD_DEADLINE_MS,
  dispatch,
  EPHEMERAL,
  messageData,
  resourceCommand,
} from './interactions.js';

/** Short heartbeats so a missing ACK is noticed within seconds (Discord's is ~41 s). */
const HEARTBEAT_MS = 1_000;

let discord: DiscordStandIn;
let bot: BotProcess;

beforeAll(async () => {
  discord = await startDiscordStandIn({ heartbeatIntervalMs: HEARTBEAT_MS, callbackDeadlineMs: DISCORD_DEADLINE_MS });
  bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id });
}, 30_000);

afterAll(async () => {
  // A failed beforeAll leaves these unassigned: stop only what started.
  await (bot as BotProcess | undefined)?.stop();
  await (discord as DiscordStandIn | undefined)?.close();
});

const show = (name = 'litesvm') => resourceCommand('show', { name });

/** Sends a few interactions at once, returns them with their dispatch times. */
function traffic(names: string[]): { payloads: APIInteraction[]; sentAt: Map<string, number> } {
  const payloads = names.map((name) => show(name));
  const sentAt = new Map(payloads.map((p) => [p.id, dispatch(discord, p)]));
  return { payloads, sentAt };
}

/** Every interaction of a batch got exactly one accepted callback within Discord's window. */
async function expectAllAnswered(batch: { payloads: APIInteraction[]; sentAt: Map<string, number> }): Promise<void> {
  const answers = await answersTo(discord, batch.payloads, batch.sentAt, 5_000);
  for (const payload of batch.payloads) {
    expect(callbacksFor(discord, payload.id).map((r) => r.status)).toEqual([204]);
    expect(answers.get(payload.id)!.latencyMs).toBeLessThan(DISCORD_DEADLINE_MS);
  }
}

/** Waits until the gateway session is resumed (the resume counter went past `before`). */
async function resumedAfter(before: number, timeoutMs = 8_000): Promise<void> {
  await discord.gateway.waitForCount('resumes', before + 1, timeoutMs);
  await discord.gateway.waitForReady(2_000);
}

describe('gateway faults mid-traffic', () => {
  it('resumes after op 7 RECONNECT and answers the next interaction', async () => {
    await discord.gateway.waitForReady(5_000);
    const { resumes, identifies } = discord.gateway.counts;
    const since = bot.mark();
    const before = traffic(['litesvm', 'anchor', 'gill', 'surfpool', 'helius']);
    discord.gateway.sendReconnect();
    await expectAllAnswered(before);

    await resumedAfter(resumes);
    expect(discord.gateway.counts.identifies).toBe(identifies); // resumed, not a new session
    await bot.waitForLog('gateway session resumed', { since, timeoutMs: 2_000 });
    const after = await ask(discord, show('anchor'));
    expect(after.request.status).toBe(204);
    expect(messageData(after).embeds[0]?.title).toBe('Anchor');
  }, 20_000);

  it('resumes after the gateway closes with 4000 and answers the next interaction', async () => {
    await discord.gateway.waitForReady(5_000);
    const { resumes, identifies } = discord.gateway.counts;
    const since = bot.mark();
    const before = traffic(['litesvm', 'anchor', 'gill']);
    discord.gateway.closeSocket(4000, 'Unknown error');
    await expectAllAnswered(before);

    await resumedAfter(resumes);
    expect(discord.gateway.counts.identifies).toBe(identifies);
    // discord.js emits shardDisconnect (the bot's "gateway disconnected" warning) only for closes it
    // will not recover from; a 4000 is followed straight by a resume.
    await bot.waitForLog('gateway session resumed', { since, timeoutMs: 2_000 });
    const after = await ask(discord, show('gill'));
    expect(messageData(after).embeds[0]?.title).toBe('gill');
  }, 20_000);

  it('notices unacknowledged heartbeats (a zombie connection), reconnects and answers', async () => {
    await discord.gateway.waitForReady(5_000);
    const { resumes, heartbeatAcks } = discord.gateway.counts;
    await discord.gateway.waitForCount('heartbeatAcks', heartbeatAcks + 1, 3 * HEARTBEAT_MS);
    const started = performance.now();
    discord.gateway.setHeartbeatAcks(false);
    try {
      await resumedAfter(resumes, 4 * HEARTBEAT_MS + 2_000);
    } finally {
      discord.gateway.setHeartbeatAcks(true);
    }
    console.log(`zombie connection noticed and resumed after ${Math.round(performance.now() - started)} ms (heartbeat ${HEARTBEAT_MS} ms)`);
    const after = await ask(discord, show('litesvm'));
    expect(after.request.status).toBe(204);
    expect(messageData(after).embeds[0]?.title).toBe('LiteSVM');
  }, 20_000);
});

describe('REST faults on the interaction callback', () => {
  it('waits out a 429 and answers exactly once, after the wait', async () => {
    await discord.gateway.waitForReady(5_000);
    discord.rest.failNext('POST', CALLBACK, { status: 429, retryAfter: 0.5 });
    const payload = show('anchor');
    const sentAt = dispatch(discord, payload);
    await discord.rest.waitForRequest((r) => r.path.includes(payload.id) && r.status === 204, 5_000);

    const attempts = callbacksFor(discord, payload.id);
    expect(attempts.map((r) => r.status)).toEqual([429, 204]);
    const [limited, accepted] = attempts;
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(500);
    expect(accepted!.at - sentAt).toBeLessThan(DISCORD_DEADLINE_MS);
    expect(accepted!.body).toEqual(limited!.body); // the same reply, sent again
    expect((accepted!.body as { type: number }).type).toBe(4);
    expect(discord.rest.pendingFaults).toBe(0);
  }, 15_000);

  it('retries a callback that failed with 500 and answers once', async () => {
    await discord.gateway.waitForReady(5_000);
    discord.rest.failNext('POST', CALLBACK, { status: 500 });
    const payload = show('gill');
    const sentAt = dispatch(discord, payload);
    const accepted = await discord.rest.waitForRequest((r) => r.path.includes(payload.id) && r.status === 204, 5_000);
    expect(callbacksFor(discord, payload.id).map((r) => r.status)).toEqual([500, 204]);
    expect(accepted.at - sentAt).toBeLessThan(DISCORD_DEADLINE_MS);
    expect((accepted.body as { data: { embeds: { title: string }[] } }).data.embeds[0]?.title).toBe('gill');
  }, 15_000);

  it('when the callback keeps failing with 500, logs the error and still tells the member privately', async () => {
    await discord.gateway.waitForReady(5_000);
    const since = bot.mark();
    discord.rest.failNext('POST', CALLBACK, { status: 500, times: 4 }); // the first try and discord.js's 3 retries
    const payload = show('surfpool');
    dispatch(discord, payload);
    const apology = await discord.rest.waitForRequest((r) => r.path.includes(payload.id) && r.status === 204, 5_000);
    expect(callbacksFor(discord, payload.id).map((r) => r.status)).toEqual([500, 500, 500, 500, 204]);
    expect(apology.body).toMatchObject({
      type: 4,
      data: {
        content: expect.stringMatching(/^Sorry, something went wrong/) as unknown,
        flags: EPHEMERAL,
        allowed_mentions: { parse: [] },
      },
    });
    expect(await bot.waitForLog('interaction failed', { since, timeoutMs: 2_000 })).toMatchObject({ level: 50, subcommand: 'show' });
    const line = await bot.waitForLog((l) => l.msg === 'interaction' && l.outcome !== 'ok', { since, timeoutMs: 2_000 });
    expect(line).toMatchObject({ command: 'resource', subcommand: 'show', outcome: 'error' });
  }, 15_000);

  // A failed call's error carries the reply URL (with the interaction token, a credential for
  // 15 minutes) and the request body: the log serializer must drop both.
  it('does not write the interaction token to the log when a callback fails', async () => {
    await discord.gateway.waitForReady(5_000);
    const since = bot.mark();
    discord.rest.failNext('POST', CALLBACK, { status: 500, times: 4 });
    const payload = show('anchor');
    dispatch(discord, payload);
    await discord.rest.waitForRequest((r) => r.path.includes(payload.id) && r.status === 204, 5_000);
    await bot.waitForLog('interaction failed', { since, timeoutMs: 2_000 });
    const logged = bot.logs
      .slice(since)
      .map((line) => JSON.stringify(line))
      .join('\n');
    expect(logged).not.toContain(payload.token);
  }, 15_000);
});

describe('a token Discord rejects', () => {
  it('prints one clear line, exits non-zero and never shows the token', async () => {
    const rejecting = await startDiscordStandIn({ rejectToken: true });
    const failing = startBot({ apiUrl: rejecting.apiUrl, guildId: world.guild.id });
    try {
      const status = await failing.waitForExit(20_000);
      expect(status.code).not.toBe(0);
      expect(status.code).not.toBeNull();
      // The bot's own lines: the catalogue summary (JSON) and exactly one plain sentence for the operator.
      const plain = failing.ownStderrLines.filter((line) => !line.startsWith('{'));
      expect(plain).toEqual([
        'Cannot start: Discord rejected DISCORD_TOKEN (401 Unauthorized): reset the token in the Developer Portal (Bot → Reset Token) and set it again.',
      ]);
      expect(failing.logs.map((line) => line.msg)).toEqual([expect.stringMatching(/^catalogue OK: /)]);
      expect(failing.output).not.toContain(FAKE_TOKEN);
      expect(failing.output).not.toMatch(/MTAx/);
      expect(rejecting.rest.findRequests({ route: '/gateway/bot' }).map((r) => r.status)).toEqual([401]);
      expect(rejecting.gateway.counts.connections).toBe(0);
    } finally {
      await failing.stop();
      await rejecting.close();
    }
  }, 30_000);
});

describe('a gateway close Discord does not let the bot recover from', () => {
  // discord.js does not reconnect after 4004 (or 4013/4014): the bot must say so and exit, not sit offline.
  it('exits non-zero with a clear line after close 4004 (token no longer valid)', async () => {
    const closing = await startDiscordStandIn();
    const doomed = await startReadyBot({ apiUrl: closing.apiUrl, guildId: world.guild.id });
    try {
      closing.gateway.closeSocket(4004, 'Authentication failed.');
      const status = await doomed.waitForExit(3_000);
      expect(status.code).not.toBe(0);
      expect(doomed.output).toMatch(/DISCORD_TOKEN|4004/);
      expect(doomed.output).not.toContain(FAKE_TOKEN);
    } finally {
      await doomed.stop();
      await closing.close();
    }
  }, 30_000);
});
