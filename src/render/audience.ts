import { EPHEMERAL } from './limits.js';
import { NO_PINGS, type AllowedMentions } from './payload.js';

/** Who a reply is for: the caller alone, or the channel, optionally suggested to one member. */
export interface Audience {
  /** The member who asked (owner of Delete and page buttons). */
  requester: string;
  private: boolean;
  /** A member the reply is suggested to: the only one it may ping. */
  mention?: string | undefined;
  /** The member who shared a private reply into the channel. */
  sharedBy?: string | undefined;
}

/** The line above a reply that credits a sharer and names who it is suggested for. */
export function audienceLine(a: Audience): string | undefined {
  const parts: string[] = [];
  if (a.sharedBy) parts.push(`Shared by <@${a.sharedBy}>`);
  if (a.mention) parts.push(`${parts.length ? 'suggested' : 'Suggested'} for <@${a.mention}>`);
  if (a.mention && a.private) parts.push('(only you can see this, so nobody was notified)');
  return parts.length ? parts.join(' · ') : undefined;
}

/** Content, flags and mention policy for an audience: only a public suggestion pings, and only its target. */
export function audienceFields(a: Audience): { content?: string; allowed_mentions: AllowedMentions; flags?: number } {
  const line = audienceLine(a);
  const allowed: AllowedMentions = a.mention && !a.private ? { parse: [], users: [a.mention] } : { ...NO_PINGS };
  return { ...(line ? { content: line } : {}), allowed_mentions: allowed, ...(a.private ? { flags: EPHEMERAL } : {}) };
}
