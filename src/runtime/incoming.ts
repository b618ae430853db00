/**
 * The part of reading an interaction that both transports share: who asks and where (the caller),
 * a subcommand's options, the option being typed, and the words of a message. The gateway hands in
 * discord.js's objects and HTTP Discord's JSON; both carry these fields in the same shape.
 */
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { Caller, InteractionPlace } from '../../commands/types.js';
import { resolveLocale } from '../i18n/index.js';

const PLACES: Readonly<Record<number, InteractionPlace>> = {
  [InteractionContextType.Guild]: 'guild',
  [InteractionContextType.BotDM]: 'bot-dm',
  [InteractionContextType.PrivateChannel]: 'private-channel',
};

/** What an interaction says about its caller, as either transport reads it. */
export interface CallerFields {
  userId: string;
  locale: string | null | undefined;
  /** Discord's interaction context (guild, bot DM, private channel), when sent. */
  context: number | null | undefined;
  guildId: string | null | undefined;
  channelId: string | null | undefined;
  memberPermissions: bigint | null;
  appPermissions: bigint | null;
}

export function callerFrom(f: CallerFields): Caller {
  const place = (f.context === null || f.context === undefined ? undefined : PLACES[f.context]) ?? (f.guildId ? 'guild' : 'bot-dm');
  return {
    userId: f.userId,
    locale: resolveLocale(f.locale ?? undefined),
    place,
    guildId: f.guildId ?? undefined,
    channelId: f.channelId ?? undefined,
    memberPermissions: f.memberPermissions,
    appPermissions: f.appPermissions,
  };
}

/** An option of a command as both transports carry it (a user option's value is the user's id). */
export interface OptionFields {
  readonly name: string;
  readonly type: number;
  readonly value?: unknown;
  readonly focused?: boolean | undefined;
  readonly options?: readonly OptionFields[] | undefined;
}

/** The subcommand's name and its options as plain values, from the top level of a command's options. */
export function subcommandOf(options: readonly OptionFields[] | undefined): { name?: string; values: Record<string, unknown> } {
  const sub = options?.find((o) => o.type === (ApplicationCommandOptionType.Subcommand as number));
  const leaves = sub ? (sub.options ?? []) : (options ?? []);
  const values: Record<string, unknown> = {};
  for (const o of leaves) if (o.value !== undefined) values[o.name] = o.value;
  return { ...(sub ? { name: sub.name } : {}), values };
}

/** The option marked as being typed, at any depth; undefined when a forged payload marks none. */
export function focusedIn(options: readonly OptionFields[] | undefined): { name: string; value: unknown } | undefined {
  for (const o of options ?? []) {
    if (o.focused) return { name: o.name, value: o.value };
    const inner = focusedIn(o.options);
    if (inner) return inner;
  }
  return undefined;
}

/** A message as both transports carry it; fields may be missing from untrusted JSON. */
export interface MessageFields {
  readonly content?: string | null | undefined;
  readonly embeds?: readonly { readonly title?: string | null | undefined; readonly description?: string | null | undefined }[] | undefined;
}

/** The words of a message: its text and, for a bot's message or a link preview, its embeds' titles and descriptions. */
export function messageWords(message: MessageFields | undefined): string {
  if (!message) return '';
  const embedded = (message.embeds ?? []).flatMap((e) => [e.title ?? '', e.description ?? '']).filter(Boolean);
  return [message.content ?? '', ...embedded].filter(Boolean).join('\n');
}
