/**
 * Memory stays flat with bounded caches: 20,000 interactions from 20,000 distinct members of a server
 * go through our real discord.js client (createClient, in this process) over a local Discord's gateway
 * and REST. Unbounded, discord.js would cache every member and user who interacts and every message a
 * button sits on; with our limits its caches hold the bot alone, the JavaScript heap after 20,000
 * interactions is within a few MB of where it was after 1,000, and so is RSS, within a tolerant bound.
 *
 * The local Discord runs in a process of its own (soak-discord.ts), so what is measured here is the
 * bot's memory, not the stand-in's HTTP server and payloads. The same traffic from the same few
 * members first brings the process to its working size (JIT, V8's pages, the allocator's arenas and
 * sockets grow for a while under any load), so what grows afterwards is what distinct members cost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { world } from '../support/discord/index.js';
import { startClientInProcess, type ClientUnderTest } from './in-process.js';
import { memberNumber, type DriveRequest, type SoakMessage } from './soak-load.js';

const TOTAL = 20_000;
/** Where the comparison starts: RSS after this many interactions from distinct members. */
const FIRST = 1_000;
/** Interactions from the same few members before the distinct members come. */
const WARM_UP = 2_000;
/** Dispatched at once, then awaited: a burst of members typing together. */
const BATCH = 100;
/**
 * How far RSS may grow from 1,000 to 20,000, after a full collection. RSS also holds what the allocator
 * keeps after bursts of short-lived buffers: here it moved by 5-26 MB between runs, as much when the
 * same 3 members sent all 20,000 as with 20,000 distinct ones, so this bound is tolerant and the heap
 * below is the sharp measure.
 */
const FLAT_RSS_MB = 40;
/** Without a way to force a collection, garbage not yet collected counts too. */
const FLAT_RSS_MB_WITHOUT_GC = 64;
/**
 * The JavaScript heap after a full collection: it grew by 0.1-1.6 MB over 19,000 distinct members
 * with our caches, and by 12 MB (and 20,004 cached users and members) with discord.js's defaults.
 */
const FLAT_HEAP_MB = 4;

type Gc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** A full collection, when V8 lets us ask for one (node --expose-gc, or the flag set at run time). */
function forcedGc(): Gc | undefined {
  const exposed = (globalThis as { gc?: Gc }).gc;
  if (exposed) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as Gc;
  } catch {
    return undefined;
  }
}

const gc = forcedGc();
const MB = 1024 * 1024;

/** RSS and heap after a last-resort collection, which also hands V8's pooled pages back to the system. */
function memory(): { rssMb: number; heapMb: number } {
  for (let i = 0; i < 3; i++) gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMb: rss / MB, heapMb: heapUsed / MB };
}

let discord: ChildProcess;
let bot: ClientUnderTest;
/** Interactions from distinct members so far (the i-th comes from member i). */
let sent = 0;
let familiarSent = 0;
const largestCaches = { users: 0, members: 0, messages: 0, channels: 0 };

/** The next message from the stand-in's process, or an error naming what was awaited. */
function reply(what: string, timeoutMs = 30_000): Promise<SoakMessage> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void): void => {
      clearTimeout(timer);
      discord.off('message', onMessage);
      discord.off('exit', onExit);
      settle();
    };
    const onMessage = (message: SoakMessage): void => {
      done(() => {
        resolve(message);
      });
    };
    const onExit = (code: number | null): void => {
      done(() => {
        reject(new Error(`the stand-in's process exited (${String(code)}) while waiting for ${what}`));
      });
    };
    const timer = setTimeout(() => {
      done(() => {
        reject(new Error(`no ${what} from the stand-in's process within ${timeoutMs} ms`));
      });
    }, timeoutMs);
    discord.on('message', onMessage);
    discord.on('exit', onExit);
  });
}

beforeAll(async () => {
  discord = fork(new URL('./soak-discord.ts', import.meta.url), {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await reply('ready');
  if (ready.type !== 'ready') throw new Error(`the stand-in's process did not start: ${JSON.stringify(ready)}`);
  bot = await startClientInProcess(ready.apiUrl);
}, 30_000);

afterAll(async () => {
  await bot.stop();
  if (discord.connected) {
    const exited = new Promise((resolve) => discord.once('exit', resolve));
    discord.disconnect();
    await exited;
  }
});

function cacheSizes() {
  const { client } = bot;
  const channel = client.channels.cache.get(world.channel.id);
  return {
    users: client.users.cache.size,
    members: client.guilds.cache.get(world.guild.id)?.members.cache.size ?? -1,
    messages: channel?.isTextBased() ? channel.messages.cache.size : -1,
    channels: client.channels.cache.size,
  };
}

/**
 * Has the next `count` interactions dispatched (from distinct members, or with `familiar` from the same
 * few), a batch at a time; every one must be answered, and accepted.
 */
async function drive(count: number, familiar = false): Promise<void> {
  for (let done = 0; done < count; done += BATCH) {
    const from = familiar ? familiarSent : sent;
    const request: DriveRequest = { type: 'drive', from, count: Math.min(BATCH, count - done), familiar };
    discord.send(request);
    const answer = await reply(`the answers to interactions ${from}…`);
    if (answer.type !== 'driven') throw new Error(`the stand-in's process failed: ${JSON.stringify(answer)}`);
    expect(answer.refused).toEqual([]);
    if (familiar) familiarSent += answer.answered;
    else sent += answer.answered;
    const sizes = cacheSizes();
    for (const key of Object.keys(largestCaches) as (keyof typeof largestCaches)[])
      largestCaches[key] = Math.max(largestCaches[key], sizes[key]);
  }
}

describe('20,000 interactions from distinct members', () => {
  it('keep the caches at the bot alone, and the heap and RSS where they were after 1,000', { timeout: 90_000 }, async () => {
    const ready = memory();
    const started = performance.now();
    await drive(WARM_UP, true);
    const warmedUp = memory();
    await drive(FIRST);
    const first = memory();
    const firstAt = performance.now();
    await drive(TOTAL - FIRST);
    const finished = performance.now();
    const end = memory();
    const rssGrowth = end.rssMb - first.rssMb;
    const heapGrowth = end.heapMb - first.heapMb;
    const mb = (n: number) => `${n.toFixed(1)} MB`;
    const signed = (n: number) => `${n >= 0 ? '+' : ''}${mb(n)}`;
    const stages = (of: 'rssMb' | 'heapMb') =>
      `ready ${mb(ready[of])}, warmed up ${mb(warmedUp[of])}, after ${FIRST} distinct ${mb(first[of])}, after ${TOTAL} ${mb(end[of])}`;
    console.log(
      [
        `soak: ${familiarSent} interactions from 3 members, then ${sent} from distinct members, in ${((finished - started) / 1000).toFixed(1)} s ` +
          `(${Math.round(((TOTAL - FIRST) / (finished - firstAt)) * 1000)}/s, batches of ${BATCH}); forced gc: ${gc ? 'yes' : 'no'}`,
        `  RSS:  ${stages('rssMb')} (${signed(rssGrowth)})`,
        `  heap: ${stages('heapMb')} (${signed(heapGrowth)})`,
        `  caches at the end: ${JSON.stringify(cacheSizes())}; largest after any batch: ${JSON.stringify(largestCaches)}`,
      ].join('\n'),
    );
    expect(sent).toBe(TOTAL);
    // The bot's own user and member and the guild's one text channel: none of the 20,000 members, no message.
    expect(largestCaches).toEqual({ users: 1, members: 1, messages: 0, channels: 1 });
    expect(bot.client.users.cache.has(world.users.bot.id)).toBe(true);
    expect(bot.client.users.cache.has(memberNumber(TOTAL - 1).user.id)).toBe(false);
    expect(rssGrowth).toBeLessThanOrEqual(gc ? FLAT_RSS_MB : FLAT_RSS_MB_WITHOUT_GC);
    if (gc) expect(heapGrowth).toBeLessThanOrEqual(FLAT_HEAP_MB);
  });
});
