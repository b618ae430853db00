/** RedisState against a real redis-server on 127.0.0.1: the shared cooldown, the flood guard, and failing open. */
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisState } from '../../src/runtime/redis-state.js';
import { freePort, startRedis, type RedisServer } from '../helpers/redis.js';

/** A logger whose lines the test can read. */
function recordingLog(): { log: pino.Logger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

const started: (RedisServer | RedisState)[] = [];
afterEach(async () => {
  for (const thing of started.splice(0).reverse()) await (thing instanceof RedisState ? thing.close() : thing.stop());
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('RedisState', () => {
  it('shares the cooldown and the flood guard between two connections, as two replicas would', async () => {
    const redis = await startRedis();
    started.push(redis);
    const { log } = recordingLog();
    const one = await RedisState.connect(redis.url, log, 60_000);
    const two = await RedisState.connect(redis.url, log, 60_000);
    started.push(one, two);

    expect(await one.takeShareCooldown('u1', 0)).toBe(0);
    const wait = await two.takeShareCooldown('u1', 0);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(5);
    expect(await two.takeShareCooldown('u2', 0)).toBe(0);

    expect(await one.claimPost('c1', 'anchor', 0)).toBe('claimed');
    expect(await two.claimPost('c1', 'anchor', 0)).toBe('recent');
    expect(await one.claimPost('c1', 'anchor', 0)).toBe('recent');
    expect(await two.claimPost('c2', 'anchor', 0)).toBe('claimed'); // another channel
    expect(await two.claimPost('c1', 'litesvm', 0)).toBe('claimed'); // another entry
  });

  it('turns the flood guard off with a window of 0', async () => {
    const redis = await startRedis();
    started.push(redis);
    const state = await RedisState.connect(redis.url, recordingLog().log, 0);
    started.push(state);
    expect(await state.claimPost('c1', 'anchor', 0)).toBe('off');
    expect(await state.claimPost('c1', 'anchor', 0)).toBe('off');
  });

  it('fails open while Redis is unreachable, says so once, and once more when it is back', async () => {
    const port = await freePort();
    const { log, lines } = recordingLog();
    const state = await RedisState.connect(`redis://127.0.0.1:${port}`, log, 60_000);
    started.push(state);
    for (let i = 0; i < 5; i++) {
      expect(await state.takeShareCooldown('u1', 0)).toBe(0);
      expect(await state.claimPost('c1', 'anchor', 0)).toBe('off');
    }
    expect(lines.filter((l) => l.msg.startsWith('Redis unavailable'))).toHaveLength(1);

    // Redis comes up on that port: the client reconnects by itself and the guard works again.
    const { spawn } = await import('node:child_process');
    const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    try {
      await until(() => lines.some((l) => l.msg.startsWith('Redis is reachable again')), 'the reconnection line');
      expect(await state.claimPost('c1', 'anchor', 0)).toBe('claimed');
      expect(lines.filter((l) => l.msg.startsWith('Redis unavailable'))).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
    }
  }, 20_000);
});
