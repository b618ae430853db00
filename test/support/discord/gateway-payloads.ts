import {
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildVerificationLevel,
  Locale,
  type ApplicationFlags,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
  type GuildSystemChannelFlags,
} from 'discord.js';
import { world } from './world.js';

/**
 * READY: discord.js needs `guilds` and `application`; each guild arrives unavailable until its GUILD_CREATE.
 * A shard's READY echoes its `[id, count]` and lists only the guilds that shard owns.
 */
export function readyPayload(
  sessionId: string,
  resumeGatewayUrl: string,
  shard: readonly [number, number] = [0, 1],
  guildIds: readonly string[] = [world.guild.id],
): GatewayReadyDispatchData {
  return {
    v: 10,
    user: { ...world.users.bot, verified: true, mfa_enabled: false },
    guilds: guildIds.map((id) => ({ id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: resumeGatewayUrl,
    shard: [shard[0], shard[1]],
    application: {
      id: world.application.id,
      flags: world.application.flags as ApplicationFlags,
      flags_new: String(world.application.flags),
    },
  };
}

/**
 * A full GUILD_CREATE. Without it discord.js waits `waitGuildTimeout` (15 s) before
 * `clientReady`, and the channel cache that `interaction.channel` relies on stays empty.
 */
export function guildCreatePayload(): GatewayGuildCreateDispatchData {
  const { guild, roles, channel, members } = world;
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: GuildVerificationLevel.Low,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.AllMembers,
    roles: [roles.everyone, roles.bot, roles.moderator],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: channel.id,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: Locale.EnglishUS,
    max_members: 500_000,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: GuildNSFWLevel.Default,
    hub_type: null,
    incidents_data: null,
    joined_at: world.joinedAt,
    large: false,
    unavailable: false,
    member_count: Object.keys(members).length,
    voice_states: [],
    members: [members.bot],
    channels: [channel],
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
