import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIInteraction } from 'discord.js';
import type { Catalogue } from '../src/catalogue/load.js';
import { startBot, type BotProcess } from '../test/e2e/bot-process.js';
import { assertCompiled, compiledPath, startCommand } from '../test/helpers/compiled.js';
import {
  autocompleteInteraction,
  chatInputInteraction,
  dispatchTimed,
  option,
  plainMember,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
  type TimedCallback,
} from '../test/support/discord/index.js';
import { burstInputs, type BurstInput } from './burst-inputs.js';
import { latency, type Latency } from './measure.js';

export type BotName = 'ours' | 'bare';
export const BOTS: readonly BotName[] = ['ours', 'bare'];
export type Kind = 'autocomplete' | 'search';

/** One bot in one round: a fresh process timed to ready, then a fresh process meeting the bursts cold. */
export interface BotRound {
  bot: BotName;
  /** Spawn → the first interaction's callback arriving at the stand-in. */
  readyMs: number;
  rssAtReadyMB: number;
  autocomplete: Latency;
  search: Latency;
  /** Resident memory once the bursts are answered and the process has idled. */
  idleRssMB: number;
  /** Callbacks that were refused or malformed, one line each; a sound run has none. */
  failures: string[];
}

export interface BurstResult {
  node: string;
  count: number;
  seed: number;
  shortInputs: number;
  rounds: BotRound[][];
}

export interface BurstOptions {
  rounds: number;
  /** Interactions per burst (the figure is 200). */
  count: number;
  seed: number;
  log: (line: string) => void;
  /** Where our bot writes a V8 CPU profile per process (node --cpu-prof), to see where a burst goes. */
  profileDir?: string | undefined;
}

const BARE_BOT = 'bench/bare-bot.ts';
/** How long the REST side must be quiet after the gateway session opens (our bot registers /resource then). */
const SETTLE_MS = 500;
/** How long a process idles after the bursts before its memory is read. */
const IDLE_MS = 1_000;
const ANSWER_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 2 ** 20;

/** Resident set size of a live process, from /proc (the benchmark runs on Linux, as the image does). */
export function rssBytes(pid: number): number {
  let status = '';
  try {
    status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  } catch {
    // Reported below with what to check.
  }
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`cannot read the resident memory of process ${String(pid)}: it has exited, or /proc is missing`);
  return Number(kb) * 1024;
}

/** Polls `probe` until it holds; fails at once, with the process's last output, if the process exits. */
async function until(bot: BotProcess, what: string, probe: () => boolean, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!probe()) {
    if (bot.exitStatus) throw new Error(`the bot exited (${JSON.stringify(bot.exitStatus)}) before ${what}.\n${bot.tail()}`);
    if (performance.now() > deadline) throw new Error(`no ${what} within ${String(timeoutMs)} ms.\n${bot.tail()}`);
    await sleep(2);
  }
}

interface Launch {
  discord: DiscordStandIn;
  bot: BotProcess;
}

/** Starts a stand-in and one bot against it: ours as `npm start` runs it, the bare bot with the same node flags. */
async function launch(name: BotName, namesFile: string, profileDir?: string): Promise<Launch> {
  const discord = await startDiscordStandIn();
  const common = { apiUrl: discord.apiUrl, guildId: world.guild.id };
  const profile = profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {};
  const [node, ...ours] = startCommand();
  const bot =
    name === 'ours'
      ? startBot({ ...common, command: [node, ...ours], env: profile })
      : startBot({ ...common, command: [node, ...ours.slice(0, -1), compiledPath(BARE_BOT)], env: { BARE_BOT_NAMES: namesFile } });
  return { discord, bot };
}

async function shutDown({ discord, bot }: Launch): Promise<void> {
  await bot.stop();
  await discord.close();
}

const members = Object.values(world.users)
  .filter((user) => !user.bot)
  .map((user) => plainMember(user));
const memberFor = (k: number) => members[k % members.length] ?? plainMember();

/** Autocompletes as members type: alternately into `/resource search query` and `/resource show name`. */
function autocompletes(inputs: readonly BurstInput[]): APIInteraction[] {
  return inputs.map((input, k) =>
    autocompleteInteraction({
      command: 'resource',
      subcommand: k % 2 ? 'show' : 'search',
      member: memberFor(k),
      focused: { name: k % 2 ? 'name' : 'query', value: input.text },
    }),
  );
}

function searches(inputs: readonly BurstInput[]): APIInteraction[] {
  return inputs.map((input, k) =>
    chatInputInteraction({
      command: 'resource',
      subcommand: 'search',
      member: memberFor(k),
      options: [option.string('query', input.text)],
    }),
  );
}

/** Why a callback is not a sound answer of its kind, or undefined when it is. */
function fault(kind: Kind, answer: TimedCallback): string | undefined {
  const { request } = answer;
  const body = request.body as { type?: number; data?: { choices?: unknown[]; embeds?: unknown[] } } | null;
  const typed = answer.payload.data && 'options' in answer.payload.data ? JSON.stringify(answer.payload.data.options) : '';
  if (request.status >= 300) return `${kind} ${typed}: callback refused with ${String(request.status)}`;
  if (kind === 'autocomplete') {
    const choices = body?.data?.choices;
    return body?.type === 8 && Array.isArray(choices) && choices.length <= 25 ? undefined : `${kind} ${typed}: not an autocomplete result`;
  }
  return body?.type === 4 && (body.data?.embeds?.length ?? 0) >= 1 ? undefined : `${kind} ${typed}: not a reply with an embed`;
}

/** A fresh process, timed from spawn until it answers its first interaction (an empty autocomplete). */
async function coldStart(name: BotName, namesFile: string): Promise<{ readyMs: number; rssAtReadyMB: number }> {
  const run = await launch(name, namesFile);
  try {
    await until(run.bot, 'gateway session', () => run.discord.gateway.counts.identifies > 0);
    const [probe] = await dispatchTimed(run.discord, autocompletes([{ text: '', source: 'name' }]), START_TIMEOUT_MS);
    if (!probe) throw new Error('no answer to the first interaction');
    return { readyMs: probe.request.at - run.bot.startedAt, rssAtReadyMB: mb(rssBytes(run.bot.pid)) };
  } finally {
    await shutDown(run);
  }
}

/**
 * A fresh process that meets the bursts cold: no traffic before them. Once its gateway session
 * is open and the REST side has been quiet for a moment (registration done), every autocomplete
 * goes out at once, then every search command.
 */
async function bursts(name: BotName, namesFile: string, inputs: readonly BurstInput[], profileDir?: string) {
  const run = await launch(name, namesFile, profileDir);
  try {
    const { discord, bot } = run;
    await until(bot, 'gateway session', () => discord.gateway.counts.identifies > 0);
    const lastActivity = () => Math.max(discord.gateway.received.at(-1)?.at ?? 0, discord.rest.requests.at(-1)?.at ?? 0);
    await until(bot, `${String(SETTLE_MS)} ms without requests`, () => performance.now() - lastActivity() >= SETTLE_MS);
    const answered = {
      autocomplete: await dispatchTimed(discord, autocompletes(inputs), ANSWER_TIMEOUT_MS),
      search: await dispatchTimed(discord, searches(inputs), ANSWER_TIMEOUT_MS),
    };
    await sleep(IDLE_MS);
    const kinds: Kind[] = ['autocomplete', 'search'];
    return {
      autocomplete: latency(answered.autocomplete.map((a) => a.latencyMs)),
      search: latency(answered.search.map((a) => a.latencyMs)),
      idleRssMB: mb(rssBytes(bot.pid)),
      failures: kinds.flatMap((kind) => answered[kind].flatMap((a) => fault(kind, a) ?? [])),
    };
  } finally {
    await shutDown(run);
  }
}

/**
 * The burst benchmark: our compiled bot and the bare discord.js bot, each in fresh processes,
 * alternating which goes first from round to round, against a local Discord stand-in.
 */
export async function runBurst(catalogue: Catalogue, options: BurstOptions): Promise<BurstResult> {
  assertCompiled();
  assertCompiled([BARE_BOT], ['tsconfig.json', 'tsconfig.bench.json']);
  const inputs = burstInputs(catalogue, options.count, options.seed);
  const dir = mkdtempSync(path.join(tmpdir(), 'burst-bench-'));
  const namesFile = path.join(dir, 'names.json');
  writeFileSync(namesFile, JSON.stringify(catalogue.entries.map((entry) => entry.name)));
  const rounds: BotRound[][] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? BOTS : [...BOTS].reverse();
      const results: BotRound[] = [];
      for (const bot of order) {
        const cold = await coldStart(bot, namesFile);
        const burst = await bursts(bot, namesFile, inputs, options.profileDir);
        const result: BotRound = { bot, ...cold, ...burst };
        results.push(result);
        options.log(roundLine(round + 1, result));
      }
      rounds.push(BOTS.map((bot) => results.find((r) => r.bot === bot)).filter((r) => r !== undefined));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    node: process.version,
    count: options.count,
    seed: options.seed,
    shortInputs: inputs.filter((input) => input.text.length <= 3).length,
    rounds,
  };
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function roundLine(round: number, r: BotRound): string {
  const failed = r.failures.length > 0 ? `; ${String(r.failures.length)} bad answers` : '';
  return (
    `  round ${String(round)} ${r.bot.padEnd(4)}: ready ${ms(r.readyMs)} ms; autocomplete p50 ${ms(r.autocomplete.p50)} p99 ${ms(r.autocomplete.p99)} ms;` +
    ` search p50 ${ms(r.search.p50)} p99 ${ms(r.search.p99)} ms; idle RSS ${r.idleRssMB.toFixed(0)} MB${failed}`
  );
}
