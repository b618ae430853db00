import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceIndex } from '../../src/search/index.js';
import { autocompleteInteraction, plainMember, startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { startReadyBot, type BotProcess } from './bot-process.js';
import { indexOf } from './expected.js';
import { answersTo, callbacksFor, DISCORD_DEADLINE_MS, messageData, percentile, resourceCommand, type Answer } from './interactions.js';

const PER_KIND = 100;
const PREFIXES = ['anc', 'sol', 'kit', 'web3', 'py', 'rust', 'helius', 'x402', 'mcp', 'lite', 'test', 'wallet', 'token', 'rpc', 'docs', ''];

let discord: DiscordStandIn;
let bot: BotProcess;
let index: ResourceIndex;

beforeAll(async () => {
  // Callbacks later than Discord's 3 s window are refused, as Discord refuses them.
  discord = await startDiscordStandIn({ callbackDeadlineMs: DISCORD_DEADLINE_MS });
  [bot, index] = await Promise.all([startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id }), indexOf()]);
}, 30_000);

afterAll(async () => {
  // A failed beforeAll leaves these unassigned: stop only what started.
  await (bot as BotProcess | undefined)?.stop();
  await (discord as DiscordStandIn | undefined)?.close();
});

function summary(latencies: number[]) {
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    count: latencies.length,
    min: round(Math.min(...latencies)),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(Math.max(...latencies)),
  };
}

describe('200 interactions at once', () => {
  it("answers every autocomplete and show within Discord's 3-second window, exactly once", async () => {
    const ids = index.catalogue.entries.map((entry) => entry.id);
    const members = Object.values(world.users)
      .filter((user) => !user.bot)
      .map((user) => plainMember(user));
    const batch: { kind: 'autocomplete' | 'show'; payload: APIInteraction }[] = [];
    for (let i = 0; i < PER_KIND; i++) {
      const member = members[i % members.length]!;
      batch.push({
        kind: 'autocomplete',
        payload: autocompleteInteraction({
          command: 'resource',
          subcommand: i % 2 ? 'show' : 'search',
          member,
          focused: { name: i % 2 ? 'name' : 'query', value: PREFIXES[i % PREFIXES.length]! },
        }),
      });
      batch.push({ kind: 'show', payload: resourceCommand('show', { name: ids[(i * 7) % ids.length]! }, { member }) });
    }

    const since = bot.mark();
    const sentAt = new Map<string, number>();
    for (const { payload } of batch) {
      sentAt.set(payload.id, performance.now());
      discord.gateway.sendInteraction(payload);
    }
    const answered = await answersTo(
      discord,
      batch.map(({ payload }) => payload),
      sentAt,
      10_000,
    );
    const answers = batch.map(({ kind, payload }): [typeof kind, Answer] => [kind, answered.get(payload.id)!]);
    // The bot's own measure (router start → reply sent), from its one log line per interaction.
    const logged = await bot.waitForLogCount('interaction', batch.length, { since, timeoutMs: 5_000 });

    // Numbers first, so they are printed even when an assertion below fails.
    const latencies = (of: 'autocomplete' | 'show') => answers.filter(([kind]) => kind === of).map(([, a]) => a.latencyMs);
    const botMs = (command: string) => logged.filter((line) => line.command === command).map((line) => Number(line.ms));
    const results = {
      at: new Date().toISOString(),
      interactions: batch.length,
      deadlineMs: DISCORD_DEADLINE_MS,
      note: 'ms from gateway dispatch to the callback request reaching the stand-in; bot started with npm start',
      autocomplete: summary(latencies('autocomplete')),
      show: summary(latencies('show')),
      botReportedMs: { autocomplete: summary(botMs('autocomplete')), show: summary(botMs('resource')) },
    };
    const file = path.join(tmpdir(), 'resource-bot-e2e-load.json');
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `load: autocomplete p50 ${results.autocomplete.p50} ms, p99 ${results.autocomplete.p99} ms; show p50 ${results.show.p50} ms, p99 ${results.show.p99} ms (written to ${file})`,
    );

    for (const [kind, answer] of answers) {
      expect(answer.request.status, `${kind} callback was refused (late or duplicate)`).toBe(204);
      expect(answer.latencyMs).toBeLessThan(DISCORD_DEADLINE_MS);
      expect(answer.body.type).toBe(kind === 'autocomplete' ? 8 : 4);
      if (kind === 'show') expect(messageData(answer).embeds).toHaveLength(1);
      else expect((answer.body.data as { choices: unknown[] }).choices.length).toBeLessThanOrEqual(25);
    }
    for (const { payload } of batch) expect(callbacksFor(discord, payload.id)).toHaveLength(1);

    // One log line per interaction, all successful.
    expect(logged).toHaveLength(batch.length);
    expect(logged.filter((line) => line.outcome !== 'ok')).toEqual([]);
    expect(logged.filter((line) => line.command === 'autocomplete')).toHaveLength(PER_KIND);
    expect(logged.filter((line) => line.command === 'resource' && line.subcommand === 'show')).toHaveLength(PER_KIND);
    expect(bot.logsMatching((line) => line.level >= 40, since)).toEqual([]);
  }, 30_000);
});
