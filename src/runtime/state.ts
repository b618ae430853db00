/** Shared state kept in this process: the default for one bot process (RedisState serves replicas). */
import type { RecentPost, SharedState } from '../../commands/types.js';

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

/** The flood guard's memory in this process: recent public posts by channel and entry. */
export class RecentPosts {
  private readonly posts = new Map<string, { at: number; messageUrl?: string | undefined }>();
  constructor(readonly ms = FLOOD_WINDOW_MS) {}

  claim(channelId: string, entryId: string, now: number): RecentPost | 'claimed' | 'off' {
    if (this.ms === 0) return 'off';
    const key = `${channelId}:${entryId}`;
    const post = this.posts.get(key);
    if (post && now - post.at < this.ms) return { messageUrl: post.messageUrl };
    this.posts.set(key, { at: now });
    if (this.posts.size > 10_000) for (const [k, p] of this.posts) if (now - p.at >= this.ms) this.posts.delete(k);
    return 'claimed';
  }

  note(channelId: string, entryId: string, messageUrl: string): void {
    const post = this.posts.get(`${channelId}:${entryId}`);
    if (post) post.messageUrl = messageUrl;
  }
}

/** SharedState held in memory. */
export class MemoryState implements SharedState {
  constructor(
    private readonly shareCooldown = new ShareCooldown(),
    private readonly recentPosts = new RecentPosts(),
  ) {}

  takeShareCooldown(userId: string, now: number): Promise<number> {
    return Promise.resolve(this.shareCooldown.take(userId, now));
  }

  claimPost(channelId: string, entryId: string, now: number): Promise<RecentPost | 'claimed' | 'off'> {
    return Promise.resolve(this.recentPosts.claim(channelId, entryId, now));
  }

  notePost(channelId: string, entryId: string, messageUrl: string): Promise<void> {
    this.recentPosts.note(channelId, entryId, messageUrl);
    return Promise.resolve();
  }
}
