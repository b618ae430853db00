import {
  ChannelType,
  InteractionContextType,
  Locale,
  type APIInteractionGuildMember,
  type APIUser,
  type InteractionType,
} from 'discord.js';
import { interactionToken, snowflake } from './snowflake.js';
import { guildMember, memberPermissions, world } from './world.js';

/** A member as interactions carry it: guild member plus permissions resolved in the channel. */
export function interactionMember(user: APIUser, permissions: string, roleIds: string[] = []): APIInteractionGuildMember {
  return { ...guildMember(user, roleIds), permissions };
}

/** A member without moderation rights (cannot pin): Alice by default. */
export function plainMember(user: APIUser = world.users.alice): APIInteractionGuildMember {
  return interactionMember(user, memberPermissions.plain);
}

/** A member with MANAGE_MESSAGES and PIN_MESSAGES (a moderator): the moderator user by default. */
export function memberWhoCanPin(user: APIUser = world.users.moderator): APIInteractionGuildMember {
  return interactionMember(user, memberPermissions.pinner, [world.roles.moderator.id]);
}

/** Fields every builder accepts; anything omitted gets a realistic default. */
export interface InteractionOptions {
  member?: APIInteractionGuildMember;
  locale?: Locale;
  /** Defaults to a fresh snowflake, so every interaction is distinct. */
  id?: string;
  token?: string;
}

/**
 * The envelope shared by all guild interactions. discord.js throws without `entitlements`
 * and `authorizing_integration_owners`, and needs the `channel` object (not just
 * `channel_id`) for `interaction.channelId`.
 */
export function interactionEnvelope<T extends InteractionType>(type: T, options: InteractionOptions) {
  const { channel, guild } = world;
  return {
    id: options.id ?? snowflake(),
    application_id: world.application.id,
    type,
    token: options.token ?? interactionToken(),
    version: 1 as const,
    guild_id: guild.id,
    guild: { id: guild.id, locale: Locale.EnglishUS, features: [] },
    channel_id: channel.id,
    channel: { ...channel, type: ChannelType.GuildText as const },
    member: options.member ?? plainMember(),
    app_permissions: memberPermissions.bot,
    locale: options.locale ?? Locale.EnglishUS,
    guild_locale: Locale.EnglishUS,
    entitlements: [],
    // A guild-installed app: Discord maps integration type 0 (guild install) to the guild id.
    authorizing_integration_owners: { 0: guild.id },
    context: InteractionContextType.Guild,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}
