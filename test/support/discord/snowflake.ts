import { randomBytes } from 'node:crypto';

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/**
 * A fresh, time-ordered snowflake. discord.js derives timestamps from ids and
 * @discordjs/rest only buckets ids of 17–19 digits, so fake ids must look real.
 */
export function snowflake(at: number = Date.now()): string {
  increment = (increment + 1n) % 4096n;
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | (1n << 17n) | increment).toString();
}

/** An interaction token: long and URL-safe, so it travels unencoded in REST paths like Discord's. */
export function interactionToken(): string {
  return `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`;
}

/** A session id shaped like Discord's (32 hex characters). */
export function sessionId(): string {
  return randomBytes(16).toString('hex');
}
