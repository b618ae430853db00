/** What several command modules share: the audience options (mention, hide) and their rule, and required text. */
import { UserError } from '../src/base/errors.js';
import { cleanInput } from '../src/base/text.js';
import { t } from '../src/i18n/index.js';
import { freshnessIn } from '../src/catalogue/freshness.js';
import type { Audience } from '../src/render/audience.js';
import type { FreshnessOf } from '../src/render/lists.js';
import { commandExample, type Voice } from '../src/render/words.js';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { privateNotice } from '../src/render/audience.js';
import { escapeMarkdown } from '../src/render/markdown.js';
import type { CommandContext, Response } from './types.js';

/** Suggests the reply to one member: makes it public and pings that member only. */
export const mentionOption = { type: 'user', name: 'mention' } as const;
/** Makes any reply visible only to the member who asked. */
export const hideOption = { type: 'boolean', name: 'hide' } as const;

/** How replies speak to the caller: in their language, naming commands clickably when their ids are known. */
export function voiceOf(ctx: CommandContext): Voice {
  return { locale: ctx.caller.locale, commands: ctx.commands };
}

/** A private reply to the caller alone (a menu's entry, Copy install, a page of someone else's list). */
export function privateTo(ctx: CommandContext): Audience {
  return { ...voiceOf(ctx), requester: ctx.caller.userId, private: true, place: ctx.caller.place };
}

/**
 * Who a reply is for. Browsing (search, kind) is private unless suggested to someone; an entry
 * (show) is public by default. `hide` always wins.
 */
export function audienceFor(
  opts: { mention?: string | undefined; hide?: boolean | undefined },
  ctx: CommandContext,
  privateByDefault: boolean,
): Audience {
  const isPrivate = opts.hide ?? (opts.mention ? false : privateByDefault);
  return { ...voiceOf(ctx), requester: ctx.caller.userId, private: isPrivate, mention: opts.mention, place: ctx.caller.place };
}

/** The cleaned text of a required text option, or a private hint (with an example in their language) when nothing visible is left. */
export function requireText(value: string, ctx: CommandContext, hint: 'error.empty-query' | 'error.empty-name'): string {
  const text = cleanInput(value);
  if (!text) {
    const example =
      hint === 'error.empty-query'
        ? commandExample(voiceOf(ctx), 'search', 'query', 'python sdk')
        : commandExample(voiceOf(ctx), 'show', 'name', 'anchor');
    throw new UserError(t(ctx.caller.locale, hint, { example }));
  }
  return text;
}

/**
 * The flood guard for a public post of `entry`: when it was posted in this channel within the last
 * minute, a private line saying so, with a link to the channel, where it sits just above (moderators, who
 * may manage messages, are exempt). The same line whichever of two requests at once gets there first.
 */
export async function guardFlood(ctx: CommandContext, entry: { id: string; name: string }): Promise<{ refusal?: Response }> {
  const { channelId, guildId, place, memberPermissions } = ctx.caller;
  // A DM with the bot is the member's own space; elsewhere one copy a minute is enough.
  if (channelId === undefined || place === 'bot-dm') return {};
  if (memberPermissions !== null && (memberPermissions & PermissionFlagsBits.ManageMessages) !== 0n) return {};
  if ((await ctx.state.claimPost(channelId, entry.id, ctx.now)) !== 'recent') return {};
  const link = `https://discord.com/channels/${guildId ?? '@me'}/${channelId}`;
  const line = t(ctx.caller.locale, 'flood.recent', { name: escapeMarkdown(entry.name), link });
  return { refusal: { type: 'reply', payload: privateNotice(line) } };
}

/** What verification recorded for the entries of this request's catalogue, as of the request's time. */
export function freshnessFor(ctx: CommandContext): FreshnessOf {
  return freshnessIn(ctx.index.catalogue, new Date(ctx.now));
}
