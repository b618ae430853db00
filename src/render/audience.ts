import { DISCORD_LIMITS, EPHEMERAL } from '../base/limits.js';
import { truncate } from '../base/text.js';
import { NO_PINGS, type AllowedMentions, type MessagePayload } from './payload.js';
import { say, type Voice } from './words.js';

/**
 * Who a reply is for: the caller alone, or the channel, optionally suggested to one member; and
 * how to speak to them (their language, and the command ids that make command names clickable).
 */
export interface Audience extends Voice {
  /** The member who asked (owner of Delete and page buttons). */
  requester: string;
  private: boolean;
  /** A member the reply is suggested to: the only one it may ping. */
  mention?: string | undefined;
  /** The member who shared a private reply into the channel. */
  sharedBy?: string | undefined;
  /** Where the reply appears; pinning and moderating exist only in a server. Default: a server. */
  place?: InteractionPlace | undefined;
}

/** Where an interaction happened: a server, the bot's DM, or a group DM or DM between others (a user install). */
export type InteractionPlace = 'guild' | 'bot-dm' | 'private-channel';

/** True when the reply sits in a server channel, where Pin and moderator actions mean something. */
export const inServer = (a: Audience): boolean => (a.place ?? 'guild') === 'guild';

/** The line above a reply that credits a sharer and names who it is suggested for. */
export function audienceLine(a: Audience): string | undefined {
  const sharer = a.sharedBy ? `<@${a.sharedBy}>` : undefined;
  const member = a.mention ? `<@${a.mention}>` : undefined;
  let line: string | undefined;
  if (sharer && member) line = say(a, 'audience.shared-suggested', { sharer, member });
  else if (sharer) line = say(a, 'audience.shared', { sharer });
  else if (member) line = say(a, 'audience.suggested', { member });
  if (line && member && a.private) line = `${line} · ${say(a, 'audience.not-notified')}`;
  return line;
}

/** Content, flags and mention policy for an audience: only a public suggestion pings, and only its target. */
export function audienceFields(a: Audience): { content?: string; allowed_mentions: AllowedMentions; flags?: number } {
  const line = audienceLine(a);
  const allowed: AllowedMentions = a.mention && !a.private ? { parse: [], users: [a.mention] } : { ...NO_PINGS };
  return { ...(line ? { content: line } : {}), allowed_mentions: allowed, ...(a.private ? { flags: EPHEMERAL } : {}) };
}

/** A short private message: an error, a refusal or a confirmation, pinging nobody. */
export function privateNotice(text: string): MessagePayload {
  return {
    content: truncate(text, DISCORD_LIMITS.content),
    embeds: [],
    components: [],
    allowed_mentions: { ...NO_PINGS },
    flags: EPHEMERAL,
  };
}
