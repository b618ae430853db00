import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type BotProcess } from '../e2e/bot-process.js';
import { assertCompiled, compiledPath } from '../helpers/compiled.js';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  componentMessage,
  dispatchTimed,
  option,
  startDiscordStandIn,
  type DiscordStandIn,
} from '../support/discord/index.js';

// The floor the burst benchmark compares us with: it must answer what the benchmark sends, and
// dispatchTimed must time each answer against its own dispatch.
const NAMES = ['Anchor', 'Solana Kit', 'anchor-lang docs', 'LiteSVM', 'Kit Playground'];

let dir: string;
let discord: DiscordStandIn;
let bot: BotProcess;

beforeAll(async () => {
  assertCompiled(['bench/bare-bot.ts'], ['tsconfig.json', 'tsconfig.bench.json']);
  dir = mkdtempSync(path.join(tmpdir(), 'bare-bot-'));
  writeFileSync(path.join(dir, 'names.json'), JSON.stringify(NAMES));
  discord = await startDiscordStandIn();
  bot = startBot({
    apiUrl: discord.apiUrl,
    command: [process.execPath, '--enable-source-maps', compiledPath('bench/bare-bot.ts')],
    env: { BARE_BOT_NAMES: path.join(dir, 'names.json') },
  });
  await discord.gateway.waitForReady(15_000);
}, 30_000);

afterAll(async () => {
  await bot.stop();
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
});

const typed = (value: string) => autocompleteInteraction({ command: 'resource', subcommand: 'search', focused: { name: 'query', value } });
const search = (query: string) =>
  chatInputInteraction({ command: 'resource', subcommand: 'search', options: [option.string('query', query)] });

describe('the bare bot', () => {
  it('answers autocomplete with the names containing the input, ignoring case, and search with one embed', async () => {
    const payloads = [typed('ANC'), typed('kit'), typed('zzz'), search('kit')];
    const answers = await dispatchTimed(discord, payloads, 10_000);

    expect(answers.map((a) => a.payload.id)).toEqual(payloads.map((p) => p.id));
    for (const answer of answers) {
      expect(answer.request.status).toBe(204);
      expect(answer.request.path).toBe(`/interactions/${answer.payload.id}/${answer.payload.token}/callback`);
      expect(answer.latencyMs).toBe(answer.request.at - answer.sentAt);
      expect(answer.latencyMs).toBeGreaterThan(0);
    }
    const choices = (k: number) => (answers[k]?.request.body as { type: number; data: { choices: { name: string }[] } }).data.choices;
    expect(answers[0]?.request.body).toMatchObject({ type: 8 });
    expect(choices(0).map((c) => c.name)).toEqual(['Anchor', 'anchor-lang docs']);
    expect(choices(1).map((c) => c.name)).toEqual(['Solana Kit', 'Kit Playground']);
    expect(choices(2)).toEqual([]);
    expect(answers[3]?.request.body).toMatchObject({
      type: 4,
      data: { embeds: [{ title: 'Results for kit', description: '1. Solana Kit\n2. Kit Playground' }] },
    });
    expect(bot.stderrLines.filter((line) => line.trim() !== '')).toEqual([]);
  }, 20_000);

  it('leaves dispatchTimed to fail, saying how many are unanswered, when an interaction gets no answer', async () => {
    const click = buttonInteraction({ customId: 'not:ours', message: componentMessage([], 'a message') });
    await expect(dispatchTimed(discord, [typed('lite'), click], 300)).rejects.toThrow(/1 of 2 interactions have no callback/);
  }, 10_000);

  it('stops cleanly on SIGTERM', async () => {
    await bot.stop();
    expect(bot.exitStatus).toEqual({ code: 0, signal: null });
  }, 10_000);
});

describe('the bare bot without its names', () => {
  it('exits non-zero with one line saying what to set', async () => {
    const lone = startBot({ apiUrl: discord.apiUrl, command: [process.execPath, compiledPath('bench/bare-bot.ts')] });
    expect((await lone.waitForExit(10_000)).code).toBe(1);
    expect(lone.ownStderrLines).toEqual(['bare bot: BARE_BOT_NAMES must name a JSON file holding an array of names']);
  }, 15_000);
});
