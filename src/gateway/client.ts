import { Client, Events, GatewayIntentBits } from 'discord.js';
import { commandDefinitions } from '../../commands/registry.js';
import type { SharedState } from '../../commands/types.js';
import type { Config } from '../runtime/config.js';
import type { Logger } from '../runtime/log.js';
import type { IndexSource } from '../runtime/catalogue-service.js';
import { registerCommands } from '../runtime/registration.js';
import { createResponder } from '../runtime/responder.js';
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

/**
 * Creates the discord.js client with the router attached; only the Guilds intent is needed.
 * `onFatal` runs when Discord closes the gateway in a way discord.js does not recover from.
 */
export function createClient(
  config: Config,
  catalogue: IndexSource,
  log: Logger,
  onFatal: (line: string) => void = () => undefined,
  state: SharedState = new MemoryState(),
): Client {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {}),
  });
  // Known once registration answers; until then replies name commands in plain code.
  let commandIds: CommandIds | undefined;
  const respond = createResponder({ catalogue, state, log, commandIds: () => commandIds });
  client.on(Events.InteractionCreate, (interaction) => {
    const incoming = toIncoming(interaction);
    if (incoming) void respond(incoming, (response) => perform(interaction, response));
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
