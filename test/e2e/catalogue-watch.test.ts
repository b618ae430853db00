import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { copyCatalogue, ROOT, startReadyBot, type BotProcess } from './bot-process.js';
import { expectLitesvmDescription, indexOf } from './expected.js';
import { ask, messageData, resourceCommand, type MessageData } from './interactions.js';

const RELOADED = /^catalogue reloaded: catalogue OK: /;
const MISSING = 'catalogue folder is missing; still serving the last good catalogue, and it is loaded again when the folder comes back';
const BACK = 'catalogue folder is back; reloading it';
const HELD = /^catalogue change held, still serving the last good catalogue: it would remove \d+ of \d+ entries/;
const LITESVM_DESCRIPTION = /^( {4}description: )Runs the Solana VM inside your test process.*$/m;
/** The stat poll runs every 2 s: waiting this long lets it run twice. */
const TWO_POLLS_MS = 4_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function show(discord: DiscordStandIn, name: string): Promise<MessageData> {
  return messageData(await ask(discord, resourceCommand('show', { name })));
}

/** The file's text cut after its first `keep` entries: still valid YAML, as a truncated save is. */
function cutAfter(text: string, keep: number): string {
  const parts = text.split(/^(?= {2}- id: )/m);
  return parts.slice(0, keep + 1).join('');
}

/** True when `show <id>` answers with that entry (its name as the title), not with "nothing matched" or a near name. */
async function entryShown(id: string): Promise<boolean> {
  const name = shippedNames.get(id);
  if (!name) throw new Error(`no shipped entry ${id}`);
  return (await show(discord, id)).embeds[0]?.title === name;
}

const idsIn = (text: string) => [...text.matchAll(/^ {2}- id: (\S+)$/gm)].map((m) => m[1]);

let discord: DiscordStandIn;
let shippedNames: Map<string, string>;
beforeAll(async () => {
  shippedNames = new Map((await indexOf()).catalogue.entries.map((e) => [e.id, e.name]));
  discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
});
afterAll(async () => {
  await discord.close();
});

describe('a running bot whose catalogue folder changes under it', () => {
  let bot: BotProcess;
  let catalogue: { dir: string; cleanup: () => void };
  beforeAll(async () => {
    catalogue = copyCatalogue();
    bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, catalogueDir: catalogue.dir });
  }, 30_000);
  afterAll(async () => {
    await bot.stop();
    catalogue.cleanup();
  });

  it('keeps serving while the folder is missing, warns once, and reloads and watches it again when it comes back', async () => {
    const since = bot.mark();
    rmSync(catalogue.dir, { recursive: true });
    await bot.waitForLog(MISSING, { since, timeoutMs: 5_000 });
    expect((await show(discord, 'litesvm')).embeds[0]?.title).toBe('LiteSVM');
    await sleep(TWO_POLLS_MS);
    expect(bot.logsMatching(MISSING, since)).toHaveLength(1);
    expect(bot.logsMatching((line) => line.level >= 50, since)).toEqual([]);

    // Back, as a checkout or a deploy puts it back, with one description changed.
    const marker = `Came back with the folder ${Date.now()}, an in-process Solana VM.`;
    cpSync(path.join(ROOT, 'catalogue'), catalogue.dir, { recursive: true });
    const tools = path.join(catalogue.dir, 'tools.yaml');
    writeFileSync(tools, readFileSync(tools, 'utf8').replace(LITESVM_DESCRIPTION, `$1${marker}`));
    await bot.waitForLog(BACK, { since, timeoutMs: 5_000 });
    await bot.waitForLog(RELOADED, { since, timeoutMs: 10_000 });
    expectLitesvmDescription((await show(discord, 'litesvm')).embeds[0]?.description, marker);

    // Watched again: a later edit in the new folder goes live too.
    const again = bot.mark();
    const marker2 = `Edited in the recreated folder ${Date.now()}, an in-process Solana VM.`;
    writeFileSync(tools, readFileSync(tools, 'utf8').replace(marker, marker2));
    await bot.waitForLog(RELOADED, { since: again, timeoutMs: 5_000 });
    expectLitesvmDescription((await show(discord, 'litesvm')).embeds[0]?.description, marker2);
  }, 40_000);

  it('says which ids a reload removed', async () => {
    const tools = path.join(catalogue.dir, 'tools.yaml');
    const original = readFileSync(tools, 'utf8');
    const all = idsIn(original);
    const since = bot.mark();
    writeFileSync(tools, cutAfter(original, all.length - 2));
    const reloaded = await bot.waitForLog(RELOADED, { since, timeoutMs: 5_000 });
    expect(reloaded).toMatchObject({ removedCount: 2, removed: all.slice(-2) });
    expect(reloaded.msg).toMatch(/; 2 entries removed$/);

    const restored = bot.mark();
    writeFileSync(tools, original);
    await bot.waitForLog(RELOADED, { since: restored, timeoutMs: 5_000 });
  }, 20_000);

  it('holds files cut at an entry boundary that lose more than a quarter of the entries, until they are saved again', async () => {
    const files = ['apis.yaml', 'sdks.yaml'].map((name) => path.join(catalogue.dir, name));
    const originals = files.map((file) => readFileSync(file, 'utf8'));
    // In catalogue order: files by name, entries by line.
    const lost = originals.flatMap((text) => idsIn(text).slice(1));
    const since = bot.mark();
    files.forEach((file, i) => {
      writeFileSync(file, cutAfter(originals[i] ?? '', 1));
    });
    const held = await bot.waitForLog(HELD, { since, timeoutMs: 5_000 });
    // Both files may be seen in one load or in two; either way the last hold covers both cuts.
    await sleep(1_000);
    const lastHeld = bot.logsMatching(HELD, since).at(-1) ?? held;
    expect(lastHeld).toMatchObject({ level: 40, removedCount: lost.length, removed: lost.slice(0, 20) });
    expect(lastHeld.msg).toContain('save the same files again unchanged (or restart the bot) to apply it');
    expect(bot.logsMatching(RELOADED, since)).toEqual([]);
    expect(await entryShown(lost[0] ?? '')).toBe(true);

    // Saving the same content again confirms it.
    const confirm = bot.mark();
    files.forEach((file) => {
      writeFileSync(file, readFileSync(file));
    });
    const applied = await bot.waitForLog(RELOADED, { since: confirm, timeoutMs: 5_000 });
    expect(applied.msg).toMatch(new RegExp(`; ${lost.length} entries removed, as confirmed by saving again$`));
    expect(await entryShown(lost[0] ?? '')).toBe(false);

    // Putting the entries back is an addition: it applies at once.
    const restore = bot.mark();
    files.forEach((file, i) => {
      writeFileSync(file, originals[i] ?? '');
    });
    await bot.waitForLog((line) => line.msg.startsWith('catalogue reloaded: catalogue OK: ') && line.removedCount === undefined, {
      since: restore,
      timeoutMs: 5_000,
    });
    expect(await entryShown(lost[0] ?? '')).toBe(true);
  }, 30_000);
});

describe('a running bot reading a Kubernetes ConfigMap mount', () => {
  let bot: BotProcess;
  let mount: string;
  beforeAll(async () => {
    // What the kubelet builds: a timestamped folder, a ..data link to it, and one link per file through ..data.
    mount = mkdtempSync(path.join(tmpdir(), 'configmap-'));
    cpSync(path.join(ROOT, 'catalogue'), path.join(mount, '..2025_01_01_v1'), { recursive: true });
    symlinkSync('..2025_01_01_v1', path.join(mount, '..data'));
    for (const name of readdirSync(path.join(mount, '..data'))) symlinkSync(`..data/${name}`, path.join(mount, name));
    bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, catalogueDir: mount });
  }, 30_000);
  afterAll(async () => {
    await bot.stop();
    rmSync(mount, { recursive: true, force: true });
  });

  it('reloads when the ..data link is swapped atomically to a new version', async () => {
    const marker = `Updated through the ConfigMap ${Date.now()}, an in-process Solana VM.`;
    const next = path.join(mount, '..2025_01_02_v2');
    cpSync(path.join(mount, '..2025_01_01_v1'), next, { recursive: true });
    const tools = path.join(next, 'tools.yaml');
    writeFileSync(tools, readFileSync(tools, 'utf8').replace(LITESVM_DESCRIPTION, `$1${marker}`));

    const since = bot.mark();
    symlinkSync('..2025_01_02_v2', path.join(mount, '..data_tmp'));
    renameSync(path.join(mount, '..data_tmp'), path.join(mount, '..data'));
    rmSync(path.join(mount, '..2025_01_01_v1'), { recursive: true });

    await bot.waitForLog(RELOADED, { since, timeoutMs: 5_000 });
    expectLitesvmDescription((await show(discord, 'litesvm')).embeds[0]?.description, marker);
    expect(bot.logsMatching((line) => line.level >= 40, since)).toEqual([]);
  }, 20_000);
});
