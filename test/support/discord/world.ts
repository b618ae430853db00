import {
  ChannelType,
  PermissionFlagsBits,
  type APIGuildMember,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type ChannelFlags,
  type GuildMemberFlags,
  type RoleFlags,
  type UserFlags,
} from 'discord.js';

/** Permission bitfields as Discord sends them: decimal strings. */
export function permissionString(...flags: bigint[]): string {
  return flags.reduce((all, flag) => all | flag, 0n).toString();
}

const P = PermissionFlagsBits;
const everyonePermissions = [
  P.ViewChannel,
  P.SendMessages,
  P.ReadMessageHistory,
  P.EmbedLinks,
  P.AttachFiles,
  P.AddReactions,
  P.UseApplicationCommands,
  P.UseExternalEmojis,
  P.CreatePublicThreads,
];

/** Channel permissions of interaction members: a plain member cannot pin, a pinner can. */
export const memberPermissions = {
  plain: permissionString(...everyonePermissions),
  pinner: permissionString(...everyonePermissions, P.ManageMessages, P.PinMessages),
  bot: permissionString(...everyonePermissions, P.ManageMessages, P.PinMessages, P.SendMessagesInThreads),
} as const;

function user(id: string, username: string, bot = false): APIUser {
  return {
    id,
    username,
    discriminator: '0',
    global_name: bot ? null : username.charAt(0).toUpperCase() + username.slice(1),
    avatar: null,
    bot,
    system: false,
    public_flags: 0 as UserFlags,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
  };
}

function role(id: string, name: string, position: number, permissions: string, managed = false): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions,
    managed,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

const applicationId = '1380000000000000001';
const guildId = '1380000000000000100';
const joinedAt = '2025-01-15T12:00:00.000000+00:00';

const users = {
  bot: user(applicationId, 'resource-bot', true),
  owner: user('1380000000000000300', 'owner'),
  moderator: user('1380000000000000301', 'moderator'),
  alice: user('1380000000000000302', 'alice'),
  bob: user('1380000000000000303', 'bob'),
};

const roles = {
  everyone: role(guildId, '@everyone', 0, memberPermissions.plain),
  bot: { ...role('1380000000000000101', 'resource-bot', 2, memberPermissions.bot, true), tags: { bot_id: applicationId } },
  moderator: role('1380000000000000102', 'moderator', 1, memberPermissions.pinner),
};

const channel: APITextChannel = {
  id: '1380000000000000200',
  type: ChannelType.GuildText,
  guild_id: guildId,
  name: 'general',
  position: 0,
  permission_overwrites: [],
  parent_id: null,
  topic: 'Where the bot answers',
  nsfw: false,
  last_message_id: null,
  last_pin_timestamp: null,
  rate_limit_per_user: 0,
  flags: 0 as ChannelFlags,
};

/** A guild member record for one of the world's users, with the given role ids. */
export function guildMember(member: APIUser, roleIds: string[]): APIGuildMember & { user: APIUser } {
  return {
    user: member,
    nick: null,
    avatar: null,
    banner: null,
    roles: roleIds,
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/**
 * The one Discord the stand-in serves: an application, its bot, one guild with roles,
 * a text channel and a few members. Fixed ids keep test output readable and stable.
 */
export const world = {
  application: { id: applicationId, name: 'Resource Bot', description: 'Answers /resource', flags: 0 },
  guild: { id: guildId, name: 'Stand-in Guild', ownerId: users.owner.id, locale: 'en-US' as const },
  channel,
  roles,
  users,
  members: {
    bot: guildMember(users.bot, [roles.bot.id]),
    owner: guildMember(users.owner, []),
    moderator: guildMember(users.moderator, [roles.moderator.id]),
    alice: guildMember(users.alice, []),
    bob: guildMember(users.bob, []),
  },
  joinedAt,
} as const;

export type World = typeof world;

/** Finds a world user by id (used to fill `resolved` for user options). */
export function findUser(id: string): APIUser | undefined {
  return Object.values(world.users).find((candidate) => candidate.id === id);
}
