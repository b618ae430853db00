/** Shared state kept in this process: the default for one bot process (a Redis-backed one serves replicas). */
import type { SharedState } from '../../commands/types.js';

/** Per-member cooldown on Share, so nobody can flood a channel through the bot. */
export class ShareCooldown {
  private readonly last = new Map<string, number>();
  constructor(readonly ms = 5_000) {}

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

/** SharedState held in memory. */
export class MemoryState implements SharedState {
  constructor(private readonly shareCooldown = new ShareCooldown()) {}

  takeShareCooldown(userId: string, now: number): Promise<number> {
    return Promise.resolve(this.shareCooldown.take(userId, now));
  }
}
