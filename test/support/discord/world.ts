import {
  ChannelType,
  PermissionFlagsBits,
  type APIDMChannel,
  type APIGroupDMChannel,
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
  /** The bot's `app_permissions` in its own DM with a member: it may post there, and nothing more. */
  botDm: permissionString(
    P.ViewChannel,
    P.SendMessages,
    P.ReadMessageHistory,
    P.EmbedLinks,
    P.AttachFiles,
    P.AddReactions,
    P.UseExternalEmojis,
  ),
  /** A user-installed app's `app_permissions` where its bot is not present (Discord's fixed set). */
  userInstall: permissionString(P.EmbedLinks, P.AttachFiles, P.MentionEveryone, P.UseExternalEmojis),
} as const;

/** A user as Discord sends one (e.g. a member for a soak test: `apiUser(id, 'member42')`). */
export function apiUser(id: string, username: string, bot = false): APIUser {
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
  bot: apiUser(applicationId, 'resource-bot', true),
  owner: apiUser('1380000000000000300', 'owner'),
  moderator: apiUser('1380000000000000301', 'moderator'),
  alice: apiUser('1380000000000000302', 'alice'),
  bob: apiUser('1380000000000000303', 'bob'),
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

/** Alice's DM with the bot (context 1, bot DM): interactions there carry it as `channel`. */
const botDm: APIDMChannel = {
  id: '1380000000000000210',
  type: ChannelType.DM,
  name: null,
  last_message_id: null,
  flags: 0 as ChannelFlags,
  recipients: [users.alice],
};

/** A group DM of Alice and Bob, without the bot (context 2, private channel): where a user-installed app answers. */
const groupDm: APIGroupDMChannel = {
  id: '1380000000000000211',
  type: ChannelType.GroupDM,
  name: 'alice and bob',
  icon: null,
  owner_id: users.alice.id,
  last_message_id: null,
  flags: 0 as ChannelFlags,
  recipients: [users.alice, users.bob],
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
  /** Channels outside the guild: the bot's DM with Alice, and a group DM the bot is not in. */
  privateChannels: { botDm, groupDm },
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
