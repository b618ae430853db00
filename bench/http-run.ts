import { spawn, type ChildProcess } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Catalogue } from '../src/catalogue/load.js';
import { FAKE_TOKEN, ROOT } from '../test/e2e/bot-process.js';
import { assertCompiled, compiledPath, startCommand } from '../test/helpers/compiled.js';
import { freePort } from '../test/helpers/redis.js';
import { applicationKeys, startDiscordStandIn, world, type DiscordStandIn } from '../test/support/discord/index.js';
import { rssBytes } from './burst-run.js';
import { drive, prepare, type Driven } from './http-load.js';
import { monotonicUs, writeProfileWindow } from './http-profile.js';
import { HTTP_KINDS, httpInputs, type HttpInput, type HttpKind } from './http-inputs.js';
import { latency, type Latency } from './measure.js';

/** Our bot at the log level the bench recommends operators run (warn) and at the default (info), and the bare endpoint. */
export type ServerName = 'bot-warn' | 'bot-info' | 'bare';
export const SERVERS: readonly ServerName[] = ['bot-warn', 'bot-info', 'bare'];

/** One server in one round: a fresh process, warmed up, then measured once. */
export interface ServerRound {
  server: ServerName;
  all: Latency;
  /** Our bot only: latency by kind of interaction. */
  byKind: Partial<Record<HttpKind, Latency>>;
  /** Requests answered per second, first write to last answer. */
  throughput: number;
  /** CPU the server process used per request (user + system, all threads), in microseconds. */
  cpuUsPerRequest: number;
  /** CPU this process (the client) used per request while it measured, in microseconds: small next to the server's, or the figures say little. */
  clientCpuUsPerRequest: number;
  /** Mean size of an answer's body in bytes. */
  answerBytes: number;
  rssMB: number;
  /** Answers that were refused or malformed, and error log lines, one line each; a sound run has none. */
  failures: string[];
}

export interface HttpResult {
  node: string;
  cpus: number;
  /** The machine's one-minute load average when the run began and ended: other work on the machine shows here. */
  load: [number, number];
  requests: number;
  concurrency: number;
  warmup: number;
  seed: number;
  mix: Record<HttpKind, number>;
  /** Share of measured requests whose kind and text repeat an earlier one in the same list. */
  repeatShare: number;
  rounds: ServerRound[][];
}

export interface HttpOptions {
  rounds: number;
  requests: number;
  concurrency: number;
  warmup: number;
  seed: number;
  log: (line: string) => void;
  /** Run every server with `--cpu-prof`, writing its profiles here (one per process), each beside the window it was measured in. */
  profileDir?: string | undefined;
}

const BARE = 'bench/bare-http.ts';
const START_TIMEOUT_MS = 30_000;
/** The bot registers /resource in the background once it listens: the bench waits until that traffic is over. */
const SETTLE_MS = 300;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server process, its standard error going to a file (not a pipe this process must drain while it measures). */
interface Running {
  name: ServerName;
  child: ChildProcess;
  port: number;
  logFile: string;
  exited: Promise<void>;
  exitCode: () => number | null | undefined;
}

/** Total CPU time of a process (all threads) in milliseconds, from /proc (in clock ticks: 100 a second on Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at ") "; utime and stime are the 12th and 13th of those.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function spawnLogged(name: ServerName, command: readonly string[], env: Record<string, string>, dir: string): Omit<Running, 'port'> {
  const logFile = path.join(dir, `${name}-${String(Date.now())}.log`);
  const fd = openSync(logFile, 'w');
  const [file, ...args] = command;
  const child = spawn(file ?? process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', fd] });
  closeSync(fd);
  let code: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (c) => {
      code = c;
      resolve();
    }),
  );
  return { name, child, logFile, exited, exitCode: () => code };
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');

async function until(run: Omit<Running, 'port'>, what: string, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (!(await probe())) {
    if (run.exitCode() !== undefined)
      throw new Error(`${run.name} exited (${String(run.exitCode())}) before ${what}.\n${tail(run.logFile)}`);
    if (performance.now() > deadline)
      throw new Error(`${run.name}: no ${what} within ${String(START_TIMEOUT_MS)} ms.\n${tail(run.logFile)}`);
    await sleep(10);
  }
}

const profileFlags = (dir: string | undefined, name: string) =>
  dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}.cpuprofile`] : [];

/** Our bot as `npm start` runs it, in http mode with the test key; ready and done registering. */
async function startBot(
  name: ServerName,
  level: string,
  ctx: { stand: DiscordStandIn; publicKeyHex: string; dir: string; profileDir?: string | undefined },
  profileName: string,
) {
  const port = await freePort();
  const [node, ...rest] = startCommand();
  const profile = profileFlags(ctx.profileDir, profileName);
  const seen = ctx.stand.rest.requests.length;
  const run = spawnLogged(
    name,
    [node, ...profile, ...rest],
    {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      DOTENV_CONFIG_PATH: '/nonexistent/.env',
      DISCORD_API_URL: ctx.stand.apiUrl,
      DISCORD_TOKEN: FAKE_TOKEN,
      DISCORD_GUILD_ID: world.guild.id,
      CATALOGUE_DIR: 'catalogue',
      LOG_LEVEL: level,
      INTERACTIONS_MODE: 'http',
      PORT: String(port),
      DISCORD_PUBLIC_KEY: ctx.publicKeyHex,
      // Off, as in the e2e tests: every request here comes from one channel, and a public post's id would cost a
      // webhook GET to a Discord that, in this bench, never saw the answer.
      FLOOD_GUARD_SECONDS: '0',
    },
    ctx.dir,
  );
  await until(
    run,
    'readiness',
    async () => (await fetch(`http://127.0.0.1:${String(port)}/readyz`).catch(() => undefined))?.status === 200,
  );
  const requests = () => ctx.stand.rest.requests.slice(seen);
  await until(run, 'registration', () => {
    const mine = requests();
    return mine.some((r) => r.path.endsWith('/commands')) && performance.now() - (mine.at(-1)?.at ?? 0) >= SETTLE_MS;
  });
  return { ...run, port };
}

async function startBare(
  ctx: { publicKeyHex: string; dir: string; profileDir?: string | undefined },
  profileName: string,
): Promise<Running> {
  const [node, ...rest] = startCommand();
  const flags = [...profileFlags(ctx.profileDir, profileName), ...rest.slice(0, -1)];
  const run = spawnLogged(
    'bare',
    [node, ...flags, compiledPath(BARE)],
    { PATH: process.env.PATH ?? '', DISCORD_PUBLIC_KEY: ctx.publicKeyHex, PORT: '0' },
    ctx.dir,
  );
  let out = '';
  run.child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  await until(run, 'listening', () => /listening \d+/.test(out));
  return { ...run, port: Number(/listening (\d+)/.exec(out)?.[1]) };
}

async function stop(run: Running): Promise<void> {
  if (run.exitCode() !== undefined) return;
  run.child.kill('SIGTERM');
  const killed = await Promise.race([run.exited.then(() => false), sleep(8_000).then(() => true)]);
  if (killed) {
    run.child.kill('SIGKILL');
    await run.exited;
  }
}

/** Why an answer is not sound for its kind, or undefined when it is. */
function fault(server: ServerName, input: HttpInput, status: number, body: Buffer | undefined): string | undefined {
  const where = `${input.kind} "${input.text}"`;
  if (status !== 200 || !body) return `${where}: status ${String(status)}`;
  let answer: { type?: number; data?: { content?: string; embeds?: unknown[]; choices?: unknown[] } };
  try {
    answer = JSON.parse(body.toString('utf8')) as typeof answer;
  } catch {
    return `${where}: the answer is not JSON`;
  }
  if (server === 'bare') return answer.type === 4 && answer.data?.content === 'ok' ? undefined : `${where}: not the bare answer`;
  if (input.kind === 'autocomplete') {
    const choices = answer.data?.choices;
    return answer.type === 8 && Array.isArray(choices) && choices.length <= 25 ? undefined : `${where}: not an autocomplete result`;
  }
  return answer.type === 4 && ((answer.data?.embeds?.length ?? 0) > 0 || Boolean(answer.data?.content))
    ? undefined
    : `${where}: not a message reply`;
}

/** Error and fatal lines (pino levels 50, 60) the server wrote while it ran. */
function errorLines(run: Running): string[] {
  return readFileSync(run.logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return line.trim() !== '';
      }
    })
    .map((line) => `${run.name} logged: ${line.slice(0, 300)}`);
}

/** Signs every request now, so the timestamps are fresh and no signing happens while the clock runs. */
const signAll = (bodies: readonly string[], key: KeyObject) => bodies.map((body) => prepare(body, key));

interface Measured {
  driven: Driven;
  /** Milliseconds of CPU the server and this client spent while the measured requests ran. */
  serverCpuMs: number;
  clientCpuMs: number;
  rssMB: number;
  failures: string[];
}

function summarise(
  server: ServerName,
  inputs: readonly HttpInput[],
  { driven, serverCpuMs, clientCpuMs, rssMB, failures }: Measured,
): ServerRound {
  const all = latency(Array.from(driven.latencies));
  const byKind: Partial<Record<HttpKind, Latency>> = {};
  if (server !== 'bare')
    for (const kind of HTTP_KINDS)
      byKind[kind] = latency(inputs.flatMap((input, k) => (input.kind === kind ? [driven.latencies[k] ?? NaN] : [])));
  const bytes = driven.bodies.reduce((sum, body) => sum + body.length, 0);
  return {
    server,
    all,
    byKind,
    throughput: (inputs.length / driven.wallMs) * 1000,
    cpuUsPerRequest: (serverCpuMs * 1000) / inputs.length,
    clientCpuUsPerRequest: (clientCpuMs * 1000) / inputs.length,
    answerBytes: bytes / inputs.length,
    rssMB,
    failures: [...inputs.flatMap((input, k) => fault(server, input, driven.statuses[k] ?? 0, driven.bodies[k]) ?? []), ...failures],
  };
}

/**
 * The HTTP benchmark: our bot's Interactions Endpoint (compiled, as `npm start` runs it, at
 * LOG_LEVEL warn and info) and the bare endpoint, each round in fresh processes, in an order
 * that rotates from round to round. Each process gets the same warm-up (other interactions
 * than those measured), then the same measured list, signed just before it is sent.
 */
export async function runHttp(catalogue: Catalogue, options: HttpOptions): Promise<HttpResult> {
  assertCompiled();
  assertCompiled([BARE], ['tsconfig.json', 'tsconfig.bench.json']);
  const loadBefore = loadavg()[0] ?? NaN;
  const keys = applicationKeys();
  const measured = httpInputs(catalogue, options.requests, options.seed);
  const warm = httpInputs(catalogue, options.warmup, options.seed + 1);
  const measuredBodies = measured.map((input) => JSON.stringify(input.interaction));
  const warmBodies = warm.map((input) => JSON.stringify(input.interaction));
  const dir = mkdtempSync(path.join(tmpdir(), 'http-bench-'));
  const stand = await startDiscordStandIn();
  const ctx = { stand, publicKeyHex: keys.publicKeyHex, dir, profileDir: options.profileDir };
  const rounds: ServerRound[][] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order = SERVERS.map((_, k) => SERVERS[(k + round) % SERVERS.length] as ServerName);
      const results: ServerRound[] = [];
      for (const server of order) {
        const profileName = `${server}-round${String(round + 1)}`;
        const run =
          server === 'bare'
            ? await startBare(ctx, profileName)
            : await startBot(server, server === 'bot-warn' ? 'warn' : 'info', ctx, profileName);
        try {
          if (warmBodies.length > 0) await drive(run.port, signAll(warmBodies, keys.privateKey), options.concurrency);
          const requests = signAll(measuredBodies, keys.privateKey);
          const restBefore = stand.rest.requests.length;
          const pid = run.child.pid ?? -1;
          const cpuBefore = cpuMs(pid);
          const clientBefore = process.cpuUsage();
          const from = monotonicUs();
          const driven = await drive(run.port, requests, options.concurrency);
          const to = monotonicUs();
          const cpuUsed = cpuMs(pid) - cpuBefore;
          const client = process.cpuUsage(clientBefore);
          if (options.profileDir)
            writeProfileWindow(options.profileDir, profileName, { fromUs: from, toUs: to, requests: measured.length });
          const rssMB = rssBytes(pid) / 2 ** 20;
          const restCalls = stand.rest.requests.length - restBefore;
          const result = summarise(server, measured, {
            driven,
            serverCpuMs: cpuUsed,
            clientCpuMs: (client.user + client.system) / 1000,
            rssMB,
            failures: restCalls > 0 ? [`${server} called Discord's REST API ${String(restCalls)} times while measured`] : [],
          });
          await stop(run);
          result.failures.push(...errorLines(run));
          results.push(result);
          options.log(roundLine(round + 1, result));
        } finally {
          await stop(run);
        }
      }
      rounds.push(SERVERS.map((s) => results.find((r) => r.server === s)).filter((r) => r !== undefined));
    }
  } finally {
    await stand.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const seen = new Set<string>();
  let repeats = 0;
  for (const input of measured) {
    const key = `${input.kind}\0${input.text}`;
    if (seen.has(key)) repeats++;
    seen.add(key);
  }
  const mix = { search: 0, show: 0, autocomplete: 0 };
  for (const input of measured) mix[input.kind]++;
  return {
    node: process.version,
    cpus: availableParallelism(),
    load: [loadBefore, loadavg()[0] ?? NaN],
    requests: options.requests,
    concurrency: options.concurrency,
    warmup: options.warmup,
    seed: options.seed,
    mix,
    repeatShare: repeats / measured.length,
    rounds,
  };
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function roundLine(round: number, r: ServerRound): string {
  const failed = r.failures.length > 0 ? `; ${String(r.failures.length)} FAILURES: ${r.failures.slice(0, 2).join('; ')}` : '';
  return (
    `  round ${String(round)} ${r.server.padEnd(8)}: p50 ${ms(r.all.p50)} p99 ${ms(r.all.p99)} max ${ms(r.all.max)} ms;` +
    ` ${r.throughput.toFixed(0)} req/s; CPU ${r.cpuUsPerRequest.toFixed(0)} µs/req (client ${r.clientCpuUsPerRequest.toFixed(0)}); RSS ${r.rssMB.toFixed(0)} MB${failed}`
  );
}
