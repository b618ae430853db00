import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { tempCatalogue, withMaintainerFields } from '../helpers/temp-catalogue.js';
import { FAKE_TOKEN, startBot } from './bot-process.js';

const ENTRY = (id: string, kind = 'TOOL') =>
  `  - id: ${id}\n    name: Tool ${id}\n    form: tabular\n    kind: ${kind}\n    description: Does ${id} things.\n`;

/** Nine anchors, each a list of nine aliases of the one before: 9^9 items once expanded. */
function aliasBomb(): string {
  const lines = ['category: Bomb', 'entries:', '  - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++)
    lines.push(
      `  - &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

let discord: DiscordStandIn;
beforeAll(async () => {
  discord = await startDiscordStandIn();
});
afterAll(async () => {
  await discord.close();
});

/** `npm start` against `files`; resolves with the bot's own standard error lines once it has exited. */
async function startWith(files: Record<string, string | Buffer>) {
  const { dir, cleanup } = tempCatalogue({});
  // A huge file stays as written (its size is the point); other entries get the fields every entry needs.
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), typeof content === 'string' && name !== 'huge.yaml' ? withMaintainerFields(content) : content);
  try {
    const bot = startBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, catalogueDir: dir });
    const status = await bot.waitForExit(20_000);
    return { dir, status, lines: bot.ownStderrLines.filter((l) => !l.startsWith('>')), output: bot.output };
  } finally {
    cleanup();
  }
}

describe('npm start with a hostile catalogue', () => {
  it('exits 1 naming the alias bomb, the 20 MB file and the binary file, with no stack trace and no connection to Discord', async () => {
    const { dir, status, lines, output } = await startWith({
      'bomb.yaml': aliasBomb(),
      'huge.yaml': `category: Huge\nentries:\n${ENTRY('filler').repeat(Math.ceil((20 * 1024 * 1024) / ENTRY('filler').length))}`,
      'image.yaml': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]),
      'good.yaml': `category: Tools\nentries:\n${ENTRY('fine')}`,
    });
    expect(status.code).toBe(1);
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${dir}/bomb\\.yaml:4: expands YAML aliases too far `)),
      `${dir}/huge.yaml:0: is too big to be a catalogue file (expected at most 8 MB, got 20 MB; split it into several files by topic)`,
      `${dir}/image.yaml:1: is a binary file, not YAML text (expected UTF-8 text, got a NUL byte; check that the right file was saved here)`,
      `Cannot start: the catalogue has 3 problems in ${dir} (run npm run catalogue:check)`,
    ]);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain(FAKE_TOKEN);
    expect(discord.gateway.counts.connections).toBe(0);
  }, 30_000);

  it('exits 1 on nesting too deep for the parser, in the same words as the checker', async () => {
    const { dir, status, lines } = await startWith({
      'deep.yaml': `category: Deep\nentries:\n  - ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`,
    });
    expect(status.code).toBe(1);
    expect(lines[0]).toMatch(new RegExp(`^${dir}/deep\\.yaml:3:\\d+: nests too deeply to be read \\(expected at most 12 levels`));
    expect(lines.slice(1)).toEqual([`Cannot start: the catalogue has 1 problem in ${dir} (run npm run catalogue:check)`]);
  }, 30_000);

  it('lists the first 20 of many problems and how many more, instead of flooding the terminal', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => ENTRY(`tool-${i}`, 'TOOLZ')).join('');
    const { dir, status, lines } = await startWith({ 'tools.yaml': `category: Tools\nentries:\n${entries}` });
    expect(status.code).toBe(1);
    expect(lines).toHaveLength(22);
    expect(lines.slice(0, 20).every((l) => l.startsWith(`${dir}/tools.yaml:`) && l.includes('kind: is not allowed'))).toBe(true);
    expect(lines.slice(20)).toEqual([
      '… and 480 more (npm run catalogue:check lists them all)',
      `Cannot start: the catalogue has 500 problems in ${dir} (run npm run catalogue:check)`,
    ]);
  }, 30_000);
});
