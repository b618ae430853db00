/** Shared state kept in this process: the default for one bot process (RedisState serves replicas). */
import { MISSED_DAYS, MISSED_KEPT, type MissedQuestion, type MissedRecord, type SharedState } from '../../commands/types.js';

/** How long the same entry is not posted publicly again in the same channel, by default (FLOOD_GUARD_SECONDS). */
export const FLOOD_WINDOW_MS = 60_000;
/** How long a member waits between two Shares. */
export const SHARE_COOLDOWN_MS = 5_000;

/** Per-member cooldown on Share, so nobody can flood a channel through the bot. */
export class ShareCooldown {
  private readonly last = new Map<string, number>();
  constructor(readonly ms = SHARE_COOLDOWN_MS) {}

  /** Seconds left before `userId` may share again, or 0 (and the share is recorded). */
  take(userId: string, now: number): number {
    const previous = this.last.get(userId);
    if (previous !== undefined && now - previous < this.ms) return Math.ceil((this.ms - (now - previous)) / 1000);
    this.last.set(userId, now);
    if (this.last.size > 10_000) this.prune(now); // bounded memory on a busy server
    return 0;
  }

  private prune(now: number): void {
    for (const [user, at] of this.last) if (now - at >= this.ms) this.last.delete(user);
  }
}

/** The flood guard's memory in this process: when each entry was last posted publicly, by channel. */
export class RecentPosts {
  private readonly posts = new Map<string, number>();
  constructor(readonly ms = FLOOD_WINDOW_MS) {}

  claim(channelId: string, entryId: string, now: number): 'recent' | 'claimed' | 'off' {
    if (this.ms === 0) return 'off';
    const key = `${channelId}:${entryId}`;
    const at = this.posts.get(key);
    if (at !== undefined && now - at < this.ms) return 'recent';
    this.posts.set(key, now);
    if (this.posts.size > 10_000) for (const [k, t] of this.posts) if (now - t >= this.ms) this.posts.delete(k);
    return 'claimed';
  }
}

const DAY_MS = 86_400_000;

/** The key a missed question is kept under: the same question missed the same way is one record. */
export const missedKey = (m: MissedQuestion): string => `${m.answer}\u0000${m.query}`;

/** Missed questions in this process, least recently asked first (a Map keeps insertion order). */
export class MissedQuestions {
  private readonly records = new Map<string, MissedRecord>();
  constructor(
    readonly kept = MISSED_KEPT,
    readonly days = MISSED_DAYS,
  ) {}

  keep(missed: MissedQuestion, now: number): void {
    const key = missedKey(missed);
    const known = this.records.get(key);
    this.records.delete(key);
    this.records.set(key, { ...missed, count: (known?.count ?? 0) + 1, first: known?.first ?? now, last: now });
    this.prune(now);
  }

  list(now: number): MissedRecord[] {
    this.prune(now);
    return [...this.records.values()].reverse();
  }

  private prune(now: number): void {
    for (const [key, record] of this.records) {
      if (this.records.size <= this.kept && now - record.last <= this.days * DAY_MS) break;
      this.records.delete(key);
    }
  }
}

/** SharedState held in memory. */
export class MemoryState implements SharedState {
  constructor(
    private readonly shareCooldown = new ShareCooldown(),
    private readonly recentPosts = new RecentPosts(),
    private readonly missed = new MissedQuestions(),
  ) {}

  keepMissed(missed: MissedQuestion, now: number): Promise<void> {
    this.missed.keep(missed, now);
    return Promise.resolve();
  }

  missedQuestions(now: number): Promise<MissedRecord[]> {
    return Promise.resolve(this.missed.list(now));
  }

  takeShareCooldown(userId: string, now: number): Promise<number> {
    return Promise.resolve(this.shareCooldown.take(userId, now));
  }

  claimPost(channelId: string, entryId: string, now: number): Promise<'recent' | 'claimed' | 'off'> {
    return Promise.resolve(this.recentPosts.claim(channelId, entryId, now));
  }
}
