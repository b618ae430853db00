/**
 * SharedState in Redis (or Valkey), for several replicas behind one load balancer: the share
 * cooldown and the flood guard hold whichever replica a request lands on. ioredis is used
 * because it reconnects by itself and reports its state through events.
 *
 * Redis is a helper, not a dependency of answering: when it is unreachable every call fails open
 * (no cooldown, no flood guard) and the outage is logged once, with one more line when it is back.
 */
import { Redis } from 'ioredis';
import type { RecentPost, SharedState } from '../../commands/types.js';
import type { Logger } from './log.js';
import { FLOOD_WINDOW_MS, SHARE_COOLDOWN_MS } from './state.js';

// Keys carry a prefix so the bot can share a Redis with other programs; "-" marks a claim whose link is not known yet.
const PREFIX = 'resource-bot:';
const PENDING = '-';

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
      if ((await this.redis.set(key, PENDING, 'PX', SHARE_COOLDOWN_MS, 'NX')) === 'OK') return 0;
      const left = await this.redis.pttl(key);
      return left > 0 ? Math.ceil(left / 1000) : 0;
    } catch (err) {
      this.unavailable(err);
      return 0;
    }
  }

  async claimPost(channelId: string, entryId: string, _now: number): Promise<RecentPost | 'claimed' | 'off'> {
    if (this.floodWindowMs === 0) return 'off';
    const key = postKey(channelId, entryId);
    try {
      if ((await this.redis.set(key, PENDING, 'PX', this.floodWindowMs, 'NX')) === 'OK') return 'claimed';
      const url = await this.redis.get(key);
      return { messageUrl: url && url !== PENDING ? url : undefined };
    } catch (err) {
      this.unavailable(err);
      return 'off';
    }
  }

  async notePost(channelId: string, entryId: string, messageUrl: string): Promise<void> {
    try {
      await this.redis.set(postKey(channelId, entryId), messageUrl, 'KEEPTTL', 'XX');
    } catch (err) {
      this.unavailable(err);
    }
  }

  /** Closes the connection, politely when it is up. */
  async close(): Promise<void> {
    await this.redis.quit().catch(() => {
      this.redis.disconnect();
    });
  }
}

const postKey = (channelId: string, entryId: string): string => `${PREFIX}post:${channelId}:${entryId}`;
