import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertCompiled, ROOT, startCommand } from '../helpers/compiled.js';

/** The repository root: the bot runs from here, as `npm start` runs it. */
export { ROOT };
/** A fake token of the real shape (three dot-separated parts), so config validation passes. */
export const FAKE_TOKEN = 'MTAx.fake.token';

/** One pino line from the bot's standard error. */
export interface LogLine {
  level: number;
  msg: string;
  time?: string;
  [field: string]: unknown;
}

export interface BotOptions {
  /** The stand-in's REST base URL, passed as DISCORD_API_URL. */
  apiUrl: string;
  guildId?: string;
  /** Defaults to the shipped `catalogue`. */
  catalogueDir?: string;
  token?: string;
  logLevel?: string;
  /** The command line (argv); defaults to what `npm start` runs, the compiled bot. */
  command?: readonly [string, ...string[]];
  /** More environment variables, e.g. for a bot other than ours. */
  env?: Readonly<Record<string, string>>;
}

export type LogMatcher = string | RegExp | ((line: LogLine) => boolean);

/** How long `stop()` waits after SIGTERM before it sends SIGKILL to the whole process group. */
const STOP_GRACE_MS = 5_000;
const POLL_MS = 10;

/** Every process group still alive, so a crashed test file never leaves a bot behind. */
const liveGroups = new Set<number>();
process.once('exit', () => {
  for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
});

function killGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nobody left in the group
  }
}

function matcherOf(match: LogMatcher): (line: LogLine) => boolean {
  if (typeof match === 'function') return match;
  if (typeof match === 'string') return (line) => line.msg === match;
  return (line) => match.test(line.msg);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The bot started as `npm start` and the Docker image start it: the command line of the
 * `start` script (node on the compiled `dist/src/main.js`, with source maps), run from the
 * repository with a clean environment, without npm in between. It is spawned in its own
 * process group (`detached`) and stopped as a group, so nothing it starts can outlive a test.
 */
export class BotProcess {
  /** Parsed JSON log lines from standard error, in order. */
  readonly logs: LogLine[] = [];
  /** Every line of standard error (JSON or not), in order. */
  readonly stderrLines: string[] = [];
  stdout = '';
  /** Set once the process (the group leader) has exited. */
  exitStatus: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** `performance.now()` just before the spawn. */
  readonly startedAt: number;
  private readonly child: ChildProcess;
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private partial = '';

  constructor(options: BotOptions) {
    const env: Record<string, string> = {
      // A clean environment: only what node needs, so no developer setting leaks in.
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      // dotenv/config reads this path: a developer's .env must not override the test's values.
      DOTENV_CONFIG_PATH: '/nonexistent/.env',
      DISCORD_API_URL: options.apiUrl,
      DISCORD_TOKEN: options.token ?? FAKE_TOKEN,
      LOG_LEVEL: options.logLevel ?? 'info',
      CATALOGUE_DIR: options.catalogueDir ?? 'catalogue',
      ...(options.guildId ? { DISCORD_GUILD_ID: options.guildId } : {}),
      // The stand-in's world has one channel, where most files post the same entries again and again;
      // the flood guard has its own tests (flood-guard.test.ts, http-replicas.test.ts), which turn it on.
      FLOOD_GUARD_SECONDS: '0',
      ...options.env,
    };
    if (options.command === undefined) assertCompiled();
    const [file, ...args] = options.command ?? startCommand();
    this.startedAt = performance.now();
    this.child = spawn(file, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = this.child.pid;
    if (pid === undefined) throw new Error(`${[file, ...args].join(' ')} could not be spawned`);
    liveGroups.add(pid);
    this.child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString('utf8')));
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.onStderr(chunk.toString('utf8'));
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Standard error lines the bot wrote, without blank ones (no npm in between adds notices of its own). */
  get ownStderrLines(): string[] {
    return this.stderrLines.filter((line) => line.trim() !== '');
  }

  /** Everything the process printed, for failure messages and secret checks. */
  get output(): string {
    return `${this.stdout}\n${this.stderrLines.join('\n')}\n${this.partial}`;
  }

  /** The position of the next log line: pass it as `since` to wait only for later lines. */
  mark(): number {
    return this.logs.length;
  }

  /** Log lines at or after `since` that match. */
  logsMatching(match: LogMatcher, since = 0): LogLine[] {
    return this.logs.slice(since).filter(matcherOf(match));
  }

  /**
   * Resolves with the first matching log line at or after `since`; rejects on timeout or if
   * the bot exits first, quoting its last output.
   */
  async waitForLog(match: LogMatcher, { timeoutMs = 10_000, since = 0 } = {}): Promise<LogLine> {
    const test = matcherOf(match);
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.logs.slice(since).find(test);
      if (found) return found;
      if (this.exitStatus)
        throw new Error(`The bot exited (${JSON.stringify(this.exitStatus)}) before logging ${String(match)}.\n${this.tail()}`);
      if (performance.now() > deadline) throw new Error(`No log line ${String(match)} within ${timeoutMs} ms.\n${this.tail()}`);
      await sleep(POLL_MS);
    }
  }

  /** Resolves with the matching lines at or after `since` once there are at least `count` of them. */
  async waitForLogCount(match: LogMatcher, count: number, { timeoutMs = 10_000, since = 0 } = {}): Promise<LogLine[]> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const lines = this.logsMatching(match, since);
      if (lines.length >= count) return lines;
      if (this.exitStatus)
        throw new Error(
          `The bot exited (${JSON.stringify(this.exitStatus)}) after ${lines.length} of ${count} log lines ${String(match)}.\n${this.tail()}`,
        );
      if (performance.now() > deadline)
        throw new Error(`Only ${lines.length} of ${count} log lines ${String(match)} within ${timeoutMs} ms.\n${this.tail()}`);
      await sleep(POLL_MS);
    }
  }

  /** Resolves with the process's exit status; rejects if it is still running after `timeoutMs`. */
  async waitForExit(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`The bot did not exit within ${timeoutMs} ms.\n${this.tail()}`));
      }, timeoutMs);
    });
    try {
      const status = await Promise.race([this.exited, timeout]);
      await this.waitForGroupGone(timeoutMs);
      return status;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGTERM to the whole group, then SIGKILL if anything is left after a bound; never leaves orphans. */
  async stop(): Promise<void> {
    const pgid = this.pid;
    if (!liveGroups.has(pgid)) return;
    killGroup(pgid, 'SIGTERM');
    const gone = await this.waitForGroupGone(STOP_GRACE_MS).then(
      () => true,
      () => false,
    );
    if (!gone) {
      killGroup(pgid, 'SIGKILL');
      await this.waitForGroupGone(STOP_GRACE_MS);
    }
    liveGroups.delete(pgid);
  }

  /** The last lines of output, for failure messages. */
  tail(lines = 30): string {
    return `Last output:\n${this.output.split('\n').filter(Boolean).slice(-lines).join('\n')}`;
  }

  private async waitForGroupGone(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (killGroup(this.pid, 0)) {
      if (performance.now() > deadline) throw new Error(`Process group ${this.pid} still alive after ${timeoutMs} ms`);
      await sleep(POLL_MS);
    }
    liveGroups.delete(this.pid);
  }

  private onStderr(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.stderrLines.push(line);
      if (!line.startsWith('{')) continue;
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        // Not JSON after all: kept in stderrLines only.
      }
    }
  }
}

/** Starts the compiled bot (the `npm start` command line) against the stand-in. */
export function startBot(options: BotOptions): BotProcess {
  return new BotProcess(options);
}

/** The log line the bot writes once `/resource` is registered (or found already registered). */
export const REGISTERED = /^\/resource (registered|already registered, unchanged)$/;

/** Starts the bot and resolves once it is connected and `/resource` is registered. */
export async function startReadyBot(options: BotOptions, timeoutMs = 20_000): Promise<BotProcess> {
  const bot = startBot(options);
  try {
    await bot.waitForLog(REGISTERED, { timeoutMs });
  } catch (err) {
    await bot.stop();
    throw err;
  }
  return bot;
}

/** A temporary copy of the shipped catalogue, for tests that edit files while the bot runs. */
export function copyCatalogue(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-catalogue-'));
  cpSync(path.join(ROOT, 'catalogue'), dir, { recursive: true });
  return {
    dir,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
