/**
 * A catalogue reload while members keep asking: a steady stream of interactions from before an edit
 * until after the new catalogue is live, and what the bot answered and when. Shared by the e2e test
 * (a moderate catalogue, checked for correctness) and `npm run bench:reload` (100 times the shipped
 * size, figures only): timing belongs to the benchmark, since machines here are shared.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIInteraction } from 'discord.js';
import { autocompleteInteraction, chatInputInteraction, option, waitUntil, type DiscordStandIn } from '../support/discord/index.js';
import type { BotProcess, LogLine } from './bot-process.js';

export const RELOADED = /^catalogue reloaded: catalogue OK: /;
/** Discord refuses a first answer later than this. */
const DEADLINE_MS = 3_000;

export interface ReloadFigures {
  /** Reading and checking on the worker, and building the index on the main thread (in turns), as the bot logged them. */
  loadMs: number;
  indexMs: number;
  /** From saving the edit to the new catalogue answering (includes the watcher's settle time). */
  reloadMs: number;
  sent: number;
  /** Interactions sent between the edit and the reload's log line. */
  during: number;
  /** Latency of those, nearest rank. */
  p50: number;
  p99: number;
  max: number;
  /** Interactions with no accepted answer within Discord's window. */
  late: string[];
  /** Warnings and errors the bot logged meanwhile. */
  warnings: LogLine[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;
}

/** The n-th interaction of the stream: shows of copied entries spread over the catalogue, and autocompletes. */
function nth(n: number, copies: number): APIInteraction {
  if (n % 2)
    return autocompleteInteraction({
      command: 'resource',
      subcommand: 'show',
      focused: { name: 'name', value: ['sol', 'anc', 'kit', 'rpc'][n % 4] ?? '' },
    });
  const name = `${['solana-kit', 'litesvm', 'helius-rpc', 'anchor'][n % 4] ?? ''}-c${1 + (n % copies)}`;
  return chatInputInteraction({ command: 'resource', subcommand: 'show', options: [option.string('name', name)] });
}

/** The text the edit writes into litesvm-c1's description, so the new catalogue can be recognised. */
export function editMarker(): string {
  return `Reloaded under load ${Date.now()}, an in-process Solana VM.`;
}

/**
 * Streams interactions every `everyMs` from half a second before `marker` is written into the first
 * copies file until half a second after the bot logs the reload, then waits for every answer.
 */
export async function reloadUnderLoad(
  discord: DiscordStandIn,
  bot: BotProcess,
  catalogueDir: string,
  { copies, marker, everyMs = 25, timeoutMs = 120_000 }: { copies: number; marker: string; everyMs?: number; timeoutMs?: number },
): Promise<ReloadFigures> {
  const file = path.join(catalogueDir, 'zz-copies-0001-tools.yaml');
  const text = readFileSync(file, 'utf8');
  const changed = text.replace(/(description: )Runs the Solana VM inside your test process[^\n]*/, `$1${marker}`);
  if (changed === text) throw new Error(`${file} no longer holds litesvm's description: update reload-under-load.ts`);

  const since = bot.mark();
  const sent: APIInteraction[] = [];
  const sentAt = new Map<string, number>();
  let editedAt = 0;
  let reloadedAt = 0;
  const start = performance.now();
  for (let n = 0; ; n++) {
    const now = performance.now();
    if (!editedAt && now - start > 500) {
      editedAt = now;
      writeFileSync(file, changed);
    }
    if (!reloadedAt && bot.logsMatching(RELOADED, since).length) reloadedAt = now;
    if (reloadedAt && now - reloadedAt > 500) break;
    if (now - start > timeoutMs) throw new Error(`no reload within ${timeoutMs} ms.\n${bot.tail()}`);
    const payload = nth(n, copies);
    sent.push(payload);
    sentAt.set(payload.id, now);
    discord.gateway.sendInteraction(payload);
    await sleep(everyMs);
  }

  const answeredAt = await answerTimes(discord, sent, timeoutMs);
  const latency = (p: APIInteraction) => (answeredAt.get(p.id) ?? Number.POSITIVE_INFINITY) - (sentAt.get(p.id) ?? 0);
  const during = sent.filter((p) => (sentAt.get(p.id) ?? 0) >= editedAt && (sentAt.get(p.id) ?? 0) <= reloadedAt).map(latency);
  const reloaded = bot.logsMatching(RELOADED, since)[0];
  return {
    loadMs: Number(reloaded?.loadMs),
    indexMs: Number(reloaded?.indexMs),
    reloadMs: reloadedAt - editedAt,
    sent: sent.length,
    during: during.length,
    p50: percentile(during, 50),
    p99: percentile(during, 99),
    max: Math.max(...during),
    late: sent.filter((p) => !(latency(p) < DEADLINE_MS)).map((p) => p.id),
    warnings: bot.logsMatching((line) => line.level >= 40, since),
  };
}

/** When each interaction got its first accepted callback (missing: none within the timeout). */
async function answerTimes(discord: DiscordStandIn, sent: readonly APIInteraction[], timeoutMs: number): Promise<Map<string, number>> {
  const pending = new Set(sent.map((p) => p.id));
  const at = new Map<string, number>();
  let seen = 0;
  await waitUntil(
    () => {
      for (const requests = discord.rest.requests; seen < requests.length; seen++) {
        const r = requests[seen]!;
        const id = r.method === 'POST' && r.path.endsWith('/callback') && r.status < 300 ? r.path.split('/')[2] : undefined;
        if (id !== undefined && pending.delete(id)) at.set(id, r.at);
      }
      return pending.size === 0 ? true : undefined;
    },
    { timeoutMs, describe: () => `${pending.size} of ${sent.length} interactions unanswered` },
  ).catch(() => undefined);
  return at;
}

/** Keeps one core busy in another process, as a neighbour on a shared machine does; returns how to stop it. */
export function busyCore(): () => void {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => child.kill('SIGKILL');
}
