import {
  Client,
  Events,
  GatewayIntentBits,
  Options,
  Status,
  type ClientOptions as DiscordClientOptions,
  type GuildMember,
  type User,
} from 'discord.js';
import { commandDefinitions } from '../../commands/registry.js';
import type { SharedState } from '../../commands/types.js';
import type { Config } from '../runtime/config.js';
import type { Logger } from '../runtime/log.js';
import type { Metrics, ShardStatus } from '../runtime/metrics.js';
import type { IndexSource } from '../runtime/catalogue-service.js';
import { registerCommands } from '../runtime/registration.js';
import { createResponder } from '../runtime/responder.js';
import { InFlight } from '../runtime/in-flight.js';
import { MemoryState } from '../runtime/state.js';
import type { CommandIds } from '../render/words.js';
import { perform, toIncoming } from './interactions.js';

/** What to tell the operator when Discord closes the gateway for good (discord.js will not reconnect). */
export function fatalCloseLine(code: number): string {
  if (code === 4004)
    return 'Discord rejected DISCORD_TOKEN (gateway close 4004): reset the token in the Developer Portal (Bot → Reset Token) and set it again.';
  if (code === 4013 || code === 4014)
    return `Discord refused the gateway intents (close ${code}): the bot needs only the Guilds intent, which needs no approval.`;
  return `Discord closed the gateway connection with code ${code} and the bot cannot reconnect.`;
}

export interface ClientOptions {
  /** Runs when Discord closes the gateway in a way discord.js does not recover from. */
  onFatal?: (line: string) => void;
  state?: SharedState;
  metrics?: Metrics;
  /** Interactions being answered; once it is closed (shutting down), new ones are left to other processes. */
  inFlight?: InFlight;
}

/** SHARD_COUNT as discord.js takes it: one shard by default, Discord's recommendation, or N shards in this process. */
function shardOptions(count: Config['SHARD_COUNT']): Partial<DiscordClientOptions> {
  if (count === undefined) return {};
  if (count === 'auto') return { shards: 'auto' };
  return { shards: Array.from({ length: count }, (_, i) => i), shardCount: count };
}

/**
 * discord.js's Client reads SHARD_COUNT from the environment (where its ShardingManager puts it for the
 * processes it spawns) whenever the options leave `shardCount` at its default. The name is also our own
 * setting, already turned into options above, and "auto" would become a shard count of NaN, which the
 * Client refuses at construction: it is built without seeing the variable.
 */
function withoutShardCountVariable<T>(make: () => T): T {
  const ours = process.env.SHARD_COUNT;
  delete process.env.SHARD_COUNT;
  try {
    return make();
  } finally {
    if (ours !== undefined) process.env.SHARD_COUNT = ours;
  }
}

// The bot reads members, users and messages only from the interaction payload itself. discord.js
// would still cache every member and user who interacts (and every message), which grows without
// end on a big server: keep none but the bot's own, and sweep what slips in.
const keepOnlyMe = (thing: { id: string; client: Client }): boolean => thing.id === thing.client.user?.id;
const BOUNDED_CACHES = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => keepOnlyMe(member) },
  UserManager: { maxSize: 0, keepOverLimit: (user) => keepOnlyMe(user) },
  MessageManager: 0,
  PresenceManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  ThreadMemberManager: 0,
  VoiceStateManager: 0,
  GuildBanManager: 0,
  GuildInviteManager: 0,
  GuildScheduledEventManager: 0,
  GuildEmojiManager: 0,
  GuildStickerManager: 0,
  StageInstanceManager: 0,
  AutoModerationRuleManager: 0,
  ApplicationCommandManager: 0,
  GuildMessageManager: 0,
  DMMessageManager: 0,
});
const SWEEPERS = {
  ...Options.DefaultSweeperSettings,
  users: { interval: 600, filter: () => (user: User) => !keepOnlyMe(user) },
  guildMembers: { interval: 600, filter: () => (member: GuildMember) => !keepOnlyMe(member) },
};

/** Each shard's heartbeat round trip and whether it is connected, for /metrics and /readyz. */
export function shardStatuses(client: Client): ShardStatus[] {
  return [...client.ws.shards.values()].map((shard) => ({ id: shard.id, pingMs: shard.ping, ready: shard.status === Status.Ready }));
}

/** Creates the discord.js client with the router attached; only the Guilds intent is needed. */
export function createClient(config: Config, catalogue: IndexSource, log: Logger, options: ClientOptions = {}): Client {
  const { onFatal = () => undefined, state = new MemoryState(), metrics, inFlight = new InFlight() } = options;
  const client = withoutShardCountVariable(
    () =>
      new Client({
        intents: [GatewayIntentBits.Guilds],
        makeCache: BOUNDED_CACHES,
        sweepers: SWEEPERS,
        ...shardOptions(config.SHARD_COUNT),
        ...(config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {}),
      }),
  );
  // Known once registration answers; until then replies name commands in plain code.
  let commandIds: CommandIds | undefined;
  const respond = createResponder({
    catalogue,
    state,
    log,
    metrics,
    commandIds: () => commandIds,
    keepMissed: config.LEARN_FROM_CHANNEL === 'on',
  });
  client.on(Events.InteractionCreate, (interaction) => {
    const incoming = toIncoming(interaction);
    if (incoming && !inFlight.closed) void inFlight.track(respond(incoming, (response) => perform(interaction, response)));
  });

  client.once(Events.ClientReady, (ready) => {
    log.info({ user: ready.user.tag, applicationId: ready.application.id, guilds: ready.guilds.cache.size }, 'connected to Discord');
    registerCommands(client.rest, ready.application.id, commandDefinitions(), config.DISCORD_GUILD_ID).then(
      (result) => {
        commandIds = result.ids;
        log.info(result, result.changed ? '/resource registered' : '/resource already registered, unchanged');
      },
      (err: unknown) => {
        log.error({ err }, 'could not register /resource; the bot still answers if it was registered before');
      },
    );
  });
  client.on(Events.ShardResume, (id, replayed) => {
    log.info({ shard: id, replayed }, 'gateway session resumed');
  });
  // discord.js emits this only for closes it will not recover from; ordinary drops end in shardResume.
  client.on(Events.ShardDisconnect, (event, id) => {
    const line = fatalCloseLine(event.code);
    log.error({ shard: id, code: event.code }, line);
    onFatal(line);
  });
  client.on(Events.Error, (err) => {
    log.error({ err }, 'discord.js client error');
  });
  client.on(Events.Warn, (message) => {
    log.warn({ message }, 'discord.js warning');
  });
  return client;
}
