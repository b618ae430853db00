/**
 * Replies drawn the way Discord draws them, at a phone's width, by `../shared/look/look.mjs`
 * (Chromium): a search reply or a kind page fits one phone screen (at most 700 px, menu and
 * buttons included), an entry at most 600 px. Without Chromium the drawings cannot be made: the
 * test says so and is skipped on a laptop, but fails in CI (CI=true), where .ci/run installs it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { entrySchema, type Entry } from '../../src/catalogue/schema.js';
import { renderKindPage, renderSearchResults } from '../../src/render/lists.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import type { ResourceIndex } from '../../src/search/index.js';
import { runSubcommand } from '../helpers/commands.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOOK = path.resolve(ROOT, '..', 'shared', 'look', 'look.mjs');
const CHROMIUM = process.env.CHROMIUM ?? 'chromium';
const PHONE = 400;
const LIST_MAX = 700;
const ENTRY_MAX = 600;

/** Why the drawings cannot be made here, or undefined when they can. */
function missing(): string | undefined {
  if (!existsSync(LOOK)) return `look.mjs is not at ${LOOK} (the shared folder sits beside the project)`;
  const version = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8', timeout: 15_000 });
  if (version.status !== 0)
    return `Chromium ("${CHROMIUM}") does not run: apt-get install -y chromium fonts-noto-core fonts-noto-color-emoji`;
  return undefined;
}
const cannot = missing();
const inCi = Boolean(process.env.CI);

/** The height look.mjs measures for the message itself, drawn `width` px wide. */
function messageHeight(payload: MessagePayload, width = PHONE): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [LOOK, path.join(process.env.TMPDIR ?? '/tmp', `phone-${process.pid}-${Math.random()}.png`), '--width', String(width)],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`look.mjs exited ${String(code)}: ${err}`));
      else resolve((JSON.parse(out) as { messageHeight: number }).messageHeight);
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

/** Draws every payload, two at a time (each drawing is one Chromium). */
async function heights(payloads: readonly { what: string; payload: MessagePayload }[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const queue = [...payloads];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) out.set(next.what, await messageHeight(next.payload));
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/** Ten hits whose long names and makers leave the least room: the worst a list can look. */
function wordyEntries(): Entry[] {
  return Array.from({ length: 25 }, (_, i) => ({
    ...entrySchema.parse({
      id: `wordy-${i}`,
      name: `An Extremely Long Resource Name Number ${i} With Many Words In It`,
      form: 'tabular',
      kind: 'API',
      maker: 'A Maker With A Rather Long Name Incorporated',
      description: 'A description long enough that it has to be cut at a word boundary to fit beside the name.',
      url: 'https://example.com/resource',
    }),
    category: 'Stress',
    source: { file: 'stress.yaml', line: i + 1 },
  }));
}

/**
 * An entry's height at 400 px, estimated from the characters of each part of its embed: a least-squares
 * fit over every shipped entry drawn on 25 Nov 2026 (344 drawings, typical error 18 px, largest 87 px).
 * Every entry then measured at 570 px or more had an estimate above DRAW_FROM_PX (about 160 qualify).
 */
function estimatedHeight(payload: MessagePayload): number {
  const embed = payload.embeds[0];
  if (!embed) return 0;
  const description = embed.description ?? '';
  const fields = embed.fields ?? [];
  return (
    245 +
    0.51 * description.length +
    6.7 * (description.split('\n').length - 1) +
    0.6 * (embed.title?.length ?? 0) +
    0.78 * (embed.author?.name.length ?? 0) +
    0.73 * fields.reduce((sum, f) => sum + f.value.length, 0) +
    8.7 * fields.filter((f) => f.inline).length +
    0.52 * (embed.footer?.text.length ?? 0)
  );
}
const DRAW_FROM_PX = 500;

let index: ResourceIndex;
beforeAll(async () => {
  index = await buildIndex('catalogue');
});
const asTerminal = { caller: { userId: '0' } };

describe.skipIf(cannot !== undefined && !inCi)("replies drawn at a phone's width (400 px)", () => {
  it('can be drawn here', () => {
    expect(cannot, 'install Chromium and keep ../shared/look beside the project').toBeUndefined();
  });

  it('a search reply and a kind page fit one phone screen; every entry that may come near fits 600 px', async () => {
    const lists: { what: string; payload: MessagePayload }[] = [];
    for (const query of [
      'python sdk',
      'how do I test my program without a validator?',
      'token prices',
      'wallet adapter for react',
      'x402 payments',
      'telegram bot on ethereum',
    ])
      lists.push({ what: `search "${query}"`, payload: await runSubcommand(index, 'search', { query }, asTerminal) });
    for (const [kind, page] of [
      ['SDK', 1],
      // Pages of long package names: the tallest kind pages at 400 px when LIST_LINES was 26 (705 px).
      ['SDK', 2],
      ['SDK', 9],
      ['API', 1],
      ['API', 3],
      ['DOCS', 2],
    ] as const)
      lists.push({ what: `kind ${kind} page ${page}`, payload: await runSubcommand(index, 'kind', { kind, page }, asTerminal) });
    const wordy = wordyEntries();
    const me = { requester: '0', private: true };
    lists.push(
      {
        what: 'search with long names and a partial-match notice',
        payload: renderSearchResults(
          'a long question a member typed to see what happens to the title',
          wordy.map((entry, i) => ({ entry, score: 25 - i })),
          25,
          me,
          undefined,
          { nearest: true, missing: ['ethereum', 'telegram'] },
        ),
      },
      {
        what: 'kind page of long names',
        payload: renderKindPage({ kind: 'API', entries: wordy, synonym: { kind: 'TOOL', count: 3 } }, 0, me),
      },
    );
    // Drawing all 353 entries takes minutes, so only those an estimate says may come near 600 px.
    const entries: { what: string; payload: MessagePayload }[] = [];
    for (const { id } of index.catalogue.entries) {
      const payload = await runSubcommand(index, 'show', { name: id }, asTerminal);
      if (estimatedHeight(payload) >= DRAW_FROM_PX) entries.push({ what: `show ${id}`, payload });
    }

    const measured = await heights([...lists, ...entries]);
    const over = [
      ...lists
        .filter((l) => (measured.get(l.what) ?? Infinity) > LIST_MAX)
        .map((l) => `${l.what}: ${String(measured.get(l.what))} px > ${LIST_MAX}`),
      ...entries
        .filter((e) => (measured.get(e.what) ?? Infinity) > ENTRY_MAX)
        .map((e) => `${e.what}: ${String(measured.get(e.what))} px > ${ENTRY_MAX}`),
    ];
    console.info(`phone heights: ${[...measured].map(([what, px]) => `${what} ${px}`).join('; ')}`);
    expect(over).toEqual([]);
    // About 170 drawings, each a Chromium start: minutes on a busy machine, so a wide bound.
  }, 1_200_000);
});
