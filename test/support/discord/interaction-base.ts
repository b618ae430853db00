import {
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  Locale,
  type APIInteraction,
  type APIInteractionGuildMember,
  type APIUser,
  type InteractionType,
} from 'discord.js';
import { asObject } from './json.js';
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

/** Where an interaction outside a server happens: the bot's DM (context 1) or a DM or group DM without the bot (context 2). */
export type PrivatePlace = 'bot-dm' | 'private-channel';

export interface OutsideServerOptions {
  /** Who interacts; defaults to Alice (the bot DM's recipient). */
  user?: APIUser;
  /**
   * Which installation authorised it. A bot DM defaults to the guild install (the member shares a server
   * with the bot); a private channel can only be reached through the member's own (user) install.
   */
  install?: 'guild' | 'user';
}

/**
 * The same interaction as Discord sends it outside a server: `user` instead of `member`, no guild
 * fields, the DM or group DM as its channel, the context, and `authorizing_integration_owners` naming
 * the installation (`{"0": "0"}` for a guild install reached in the bot's DM, `{"1": userId}` for a
 * user install). Works on any builder's output, e.g. `outsideServer(buttonInteraction(...), 'bot-dm')`.
 */
export function outsideServer(payload: APIInteraction, place: PrivatePlace, options: OutsideServerOptions = {}): APIInteraction {
  const user = options.user ?? world.users.alice;
  const install = options.install ?? (place === 'bot-dm' ? 'guild' : 'user');
  const channel = place === 'bot-dm' ? world.privateChannels.botDm : world.privateChannels.groupDm;
  const owners =
    install === 'guild' ? { [ApplicationIntegrationType.GuildInstall]: '0' } : { [ApplicationIntegrationType.UserInstall]: user.id };
  const { guild_id: _guildId, guild: _guild, member: _member, guild_locale: _guildLocale, ...rest } = payload;
  const outside: Record<string, unknown> = {
    ...rest,
    user,
    channel_id: channel.id,
    channel,
    context: place === 'bot-dm' ? InteractionContextType.BotDM : InteractionContextType.PrivateChannel,
    authorizing_integration_owners: owners,
    app_permissions: install === 'user' ? memberPermissions.userInstall : memberPermissions.botDm,
  };
  // A component sits on a message in the same channel, which an interaction in that install posted.
  if ('message' in payload) {
    const { guild_id: _messageGuild, ...message } = payload.message as typeof payload.message & { guild_id?: string };
    const metadata = message.interaction_metadata
      ? { ...message.interaction_metadata, user, authorizing_integration_owners: owners }
      : undefined;
    outside.message = { ...message, channel_id: channel.id, ...(metadata ? { interaction_metadata: metadata } : {}) };
  }
  // A message command's target sits in the same channel too.
  const data = asObject(rest.data);
  const messages = asObject(asObject(data.resolved).messages);
  if (Object.keys(messages).length > 0) {
    const moved = Object.fromEntries(
      Object.entries(messages).map(([id, message]) => {
        const { guild_id: _messageGuild, ...inChannel } = asObject(message);
        return [id, { ...inChannel, channel_id: channel.id }];
      }),
    );
    outside.data = { ...data, resolved: { ...asObject(data.resolved), messages: moved } };
  }
  return outside as unknown as APIInteraction;
}
