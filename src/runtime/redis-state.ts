/**
 * SharedState in Redis (or Valkey), for several replicas behind one load balancer: the share
 * cooldown and the flood guard hold whichever replica a request lands on. ioredis is used
 * because it reconnects by itself and reports its state through events.
 *
 * Redis is a helper, not a dependency of answering: when it is unreachable every call fails open
 * (no cooldown, no flood guard) and the outage is logged once, with one more line when it is back.
 */
import { Redis } from 'ioredis';
import { MISSED_DAYS, MISSED_KEPT, type MissedQuestion, type MissedRecord, type SharedState } from '../../commands/types.js';
import type { Logger } from './log.js';
import { FLOOD_WINDOW_MS, SHARE_COOLDOWN_MS, missedKey } from './state.js';

// Keys carry a prefix so the bot can share a Redis with other programs.
const PREFIX = 'resource-bot:';

export class RedisState implements SharedState {
  private readonly redis: Redis;
  private available = true;

  private constructor(
    url: string,
    private readonly log: Logger,
    private readonly floodWindowMs: number,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: true,
      // Fail at once while disconnected rather than queue: a member is waiting for an answer.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      commandTimeout: 500,
      retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    });
    this.redis.on('error', (err: Error) => {
      this.unavailable(err);
    });
    this.redis.on('ready', () => {
      if (!this.available) this.log.info('Redis is reachable again: cooldowns and the flood guard are shared again');
      this.available = true;
    });
  }

  /** Connects; when Redis cannot be reached now, logs it once and keeps trying in the background. */
  static async connect(url: string, log: Logger, floodWindowMs = FLOOD_WINDOW_MS): Promise<RedisState> {
    const state = new RedisState(url, log, floodWindowMs);
    await state.redis.connect().catch((err: unknown) => {
      state.unavailable(err);
    });
    return state;
  }

  private unavailable(err: unknown): void {
    if (!this.available) return;
    this.available = false;
    this.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'Redis unavailable: share cooldowns and the flood guard are off (fail open) until it is back',
    );
  }

  async takeShareCooldown(userId: string, _now: number): Promise<number> {
    const key = `${PREFIX}share:${userId}`;
    try {
      if ((await this.redis.set(key, '1', 'PX', SHARE_COOLDOWN_MS, 'NX')) === 'OK') return 0;
      const left = await this.redis.pttl(key);
      return left > 0 ? Math.ceil(left / 1000) : 0;
    } catch (err) {
      this.unavailable(err);
      return 0;
    }
  }

  async claimPost(channelId: string, entryId: string, _now: number): Promise<'recent' | 'claimed' | 'off'> {
    if (this.floodWindowMs === 0) return 'off';
    try {
      return (await this.redis.set(postKey(channelId, entryId), '1', 'PX', this.floodWindowMs, 'NX')) === 'OK' ? 'claimed' : 'recent';
    } catch (err) {
      this.unavailable(err);
      return 'off';
    }
  }

  /**
   * Missed questions live in a sorted set (by when last asked) beside a hash of their counts and first times: trimming
   * by age and by count is then two range commands, whichever replica keeps the question.
   */
  async keepMissed(missed: MissedQuestion, now: number): Promise<void> {
    const member = missedKey(missed);
    try {
      await this.redis
        .multi()
        .hsetnx(MISSED_FIRST, member, String(now))
        .zadd(MISSED_LAST, now, member)
        .hincrby(MISSED_COUNT, member, 1)
        .zremrangebyscore(MISSED_LAST, '-inf', now - MISSED_DAYS * 86_400_000)
        .zremrangebyrank(MISSED_LAST, 0, -MISSED_KEPT - 1)
        .exec();
      await this.forgetTrimmed();
    } catch (err) {
      this.unavailable(err);
    }
  }

  async missedQuestions(now: number): Promise<MissedRecord[]> {
    try {
      await this.redis.zremrangebyscore(MISSED_LAST, '-inf', now - MISSED_DAYS * 86_400_000);
      const members = await this.redis.zrevrange(MISSED_LAST, 0, MISSED_KEPT - 1, 'WITHSCORES');
      const names = members.filter((_, k) => k % 2 === 0);
      if (names.length === 0) return [];
      const [counts, firsts] = await Promise.all([this.redis.hmget(MISSED_COUNT, ...names), this.redis.hmget(MISSED_FIRST, ...names)]);
      const records: MissedRecord[] = [];
      names.forEach((member, k) => {
        const [answer, query] = member.split('\u0000');
        if ((answer !== 'nothing' && answer !== 'nearest') || query === undefined) return;
        const last = Number(members[2 * k + 1]);
        const count = Number(counts[k] ?? 1);
        const first = Number(firsts[k] ?? last);
        records.push({ query, answer, count: count > 0 ? count : 1, first: first > 0 ? first : last, last });
      });
      return records;
    } catch (err) {
      this.unavailable(err);
      return [];
    }
  }

  /** Drops the counts of questions no longer in the sorted set. */
  private async forgetTrimmed(): Promise<void> {
    const counted = await this.redis.hkeys(MISSED_COUNT);
    if (counted.length <= MISSED_KEPT) return;
    const kept = new Set(await this.redis.zrange(MISSED_LAST, 0, -1));
    const gone = counted.filter((m) => !kept.has(m));
    if (gone.length)
      await this.redis
        .multi()
        .hdel(MISSED_COUNT, ...gone)
        .hdel(MISSED_FIRST, ...gone)
        .exec();
  }

  /** Closes the connection, politely when it is up. */
  async close(): Promise<void> {
    await this.redis.quit().catch(() => {
      this.redis.disconnect();
    });
  }
}

const postKey = (channelId: string, entryId: string): string => `${PREFIX}post:${channelId}:${entryId}`;
const MISSED_LAST = `${PREFIX}missed:last`;
const MISSED_COUNT = `${PREFIX}missed:count`;
const MISSED_FIRST = `${PREFIX}missed:first`;
