import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { withMaintainerFields } from '../helpers/temp-catalogue.js';
import { copyCatalogue, startReadyBot, type BotProcess } from './bot-process.js';
import { expectLitesvmDescription } from './expected.js';
import { ask, messageData, resourceCommand, type MessageData } from './interactions.js';

const RELOADED = /^catalogue reloaded: catalogue OK: /;
const REJECTED = /^catalogue change rejected, still serving the last good catalogue: /;

let discord: DiscordStandIn;
let bot: BotProcess;
let catalogue: { dir: string; cleanup: () => void };
/** Files a test changed, with their original text, put back after each test. */
const originals = new Map<string, string | undefined>();

beforeAll(async () => {
  catalogue = copyCatalogue();
  discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
  bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, catalogueDir: catalogue.dir });
}, 30_000);

afterAll(async () => {
  // A failed beforeAll leaves these unassigned: stop only what started.
  await (bot as BotProcess | undefined)?.stop();
  await (discord as DiscordStandIn | undefined)?.close();
  (catalogue as typeof catalogue | undefined)?.cleanup();
});

afterEach(async () => {
  if (originals.size === 0) return;
  const since = bot.mark();
  for (const [file, text] of originals) {
    if (text === undefined) rmSync(path.join(catalogue.dir, file), { force: true });
    else writeFileSync(path.join(catalogue.dir, file), text);
  }
  originals.clear();
  await bot.waitForLog(RELOADED, { since, timeoutMs: 5_000 });
}, 10_000);

/** Rewrites a catalogue file (remembering the original) the way an editor saves it. */
function edit(file: string, change: (text: string) => string): void {
  const full = path.join(catalogue.dir, file);
  const text = readFileSync(full, 'utf8');
  if (!originals.has(file)) originals.set(file, text);
  const changed = change(text);
  expect(changed).not.toBe(text);
  writeFileSync(full, changed);
}

function create(file: string, text: string): void {
  originals.set(file, undefined);
  writeFileSync(path.join(catalogue.dir, file), withMaintainerFields(text));
}

const LITESVM_DESCRIPTION = /^( {4}description: )Runs the Solana VM inside your test process.*$/m;

/** Asks `/resource show` until `accept` holds, at most `tries` times (a reload may land between two asks). */
async function showUntil(name: string, accept: (data: MessageData) => boolean, tries = 10): Promise<MessageData> {
  let data = messageData(await ask(discord, resourceCommand('show', { name })));
  for (let i = 1; i < tries && !accept(data); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    data = messageData(await ask(discord, resourceCommand('show', { name })));
  }
  return data;
}

describe('editing the catalogue while the bot runs', () => {
  it('a valid edit shows up in the next show reply', async () => {
    const marker = `Edited while running ${Date.now()}, an in-process Solana VM for fast tests.`;
    const since = bot.mark();
    edit('tools.yaml', (text) => text.replace(LITESVM_DESCRIPTION, `$1${marker}`));

    const reloaded = await bot.waitForLog(RELOADED, { since, timeoutMs: 5_000 });
    expect(reloaded).toMatchObject({ level: 30, dir: catalogue.dir });
    const data = await showUntil('litesvm', (d) => d.embeds[0]?.description?.startsWith(marker) ?? false);
    expectLitesvmDescription(data.embeds[0]?.description, marker);
    expect(data.embeds[0]?.title).toBe('LiteSVM');
  }, 15_000);

  it("an invalid edit is rejected with the checker's messages and the last good catalogue keeps answering", async () => {
    const before = messageData(await ask(discord, resourceCommand('show', { name: 'litesvm' })));
    const beforeExplorer = messageData(await ask(discord, resourceCommand('show', { name: 'solana-explorer' })));
    const since = bot.mark();
    // One save with a bad kind and, in the same file, a description change that must not go live either.
    edit('tools.yaml', (text) =>
      text
        .replace(/(name: Solana Explorer\n {4}form: tabular\n {4}kind: )APP/, '$1APPZ')
        .replace(LITESVM_DESCRIPTION, '$1This text must never be served.'),
    );
    const kindLine = readFileSync(path.join(catalogue.dir, 'tools.yaml'), 'utf8').split('\n').indexOf('    kind: APPZ') + 1;

    const rejected = await bot.waitForLog(REJECTED, { since, timeoutMs: 5_000 });
    const problem = `${path.join(catalogue.dir, 'tools.yaml')}:${kindLine} entry "Solana Explorer": kind: is not allowed (expected one of DOCS, API, TOOL, PRODUCT, SDK, TOOLING, APP, GITHUB, REPO, ARTICLE, DOCUMENTATION, WEBSITE, got "APPZ")`;
    expect(rejected).toMatchObject({ level: 50, dir: catalogue.dir, problemCount: 1, problems: [problem] });
    // Each problem is logged once, in `problems`, not again in the message.
    expect(rejected.msg).not.toContain(problem);
    expect(bot.logsMatching(RELOADED, since)).toEqual([]);

    // Replies still come from the last good catalogue, and the bot is alive and well.
    const after = messageData(await ask(discord, resourceCommand('show', { name: 'litesvm' })));
    expect(after.embeds).toEqual(before.embeds);
    const afterExplorer = messageData(await ask(discord, resourceCommand('show', { name: 'solana-explorer' })));
    expect(afterExplorer.embeds[0]?.author?.name).toMatch(/^App · /);
    expect(afterExplorer.embeds).toEqual(beforeExplorer.embeds);
  }, 15_000);

  it('a new file adds entries, and removing it takes them away again', async () => {
    const since = bot.mark();
    create(
      'zz-extra.yaml',
      [
        'category: Added while running',
        'entries:',
        '  - id: hot-reload-probe',
        '    name: Hot Reload Probe',
        '    form: tabular',
        '    kind: TOOL',
        '    description: An entry that exists only while this test runs.',
        '',
      ].join('\n'),
    );
    await bot.waitForLog(RELOADED, { since, timeoutMs: 5_000 });
    const added = await showUntil('hot-reload-probe', (d) => d.embeds[0]?.title === 'Hot Reload Probe');
    expect(added.embeds[0]?.author).toEqual({ name: 'Tool · Added while running' });

    const removing = bot.mark();
    rmSync(path.join(catalogue.dir, 'zz-extra.yaml'));
    originals.delete('zz-extra.yaml');
    await bot.waitForLog(RELOADED, { since: removing, timeoutMs: 5_000 });
    const gone = await showUntil('hot-reload-probe', (d) => d.embeds[0]?.title !== 'Hot Reload Probe');
    expect(gone.flags).toBe(64);
    expect(gone.embeds[0]?.title).toBe('Nothing in the catalogue for “hot-reload-probe”');
  }, 20_000);
});
