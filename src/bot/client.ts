import { Client, Events, GatewayIntentBits } from 'discord.js';
import { resourceModule } from '../../commands/resource.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import type { IndexSource } from './catalogue-service.js';
import { registerCommands } from './registration.js';
import { createRouter } from './router.js';

/** Checks the command module's shape at start, as the create-discord-bot template does. */
function assertCommandModule(mod: unknown): asserts mod is typeof resourceModule {
  const m = mod as Partial<typeof resourceModule> | undefined;
  if (!m?.data?.name || typeof m.runSubcommand !== 'function' || !m.handlers) {
    throw new Error('commands/resource.ts must export { data, handlers, runSubcommand }');
  }
}

/** What to tell the operator when Discord closes the gateway for good (discord.js will not reconnect). */
export function fatalCloseLine(code: number): string {
  if (code === 4004) return 'Discord rejected DISCORD_TOKEN (gateway close 4004): reset the token in the Developer Portal (Bot → Reset Token) and set it again.';
  if (code === 4013 || code === 4014) return `Discord refused the gateway intents (close ${code}): the bot needs only the Guilds intent, which needs no approval.`;
  return `Discord closed the gateway connection with code ${code} and the bot cannot reconnect.`;
}

/**
 * Creates the discord.js client with the router attached; only the Guilds intent is needed.
 * `onFatal` runs when Discord closes the gateway in a way discord.js does not recover from.
 */
export function createClient(config: Config, catalogue: IndexSource, log: Logger, onFatal: (line: string) => void = () => {}): Client {
  assertCommandModule(resourceModule);
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {}),
  });
  const route = createRouter({ catalogue, log });
  client.on(Events.InteractionCreate, (interaction) => void route(interaction));

  client.once(Events.ClientReady, async (ready) => {
    log.info({ user: ready.user.tag, applicationId: ready.application.id, guilds: ready.guilds.cache.size }, 'connected to Discord');
    try {
      const result = await registerCommands(client.rest, ready.application.id, [resourceModule.data], config.DISCORD_GUILD_ID);
      log.info(result, result.changed ? '/resource registered' : '/resource already registered, unchanged');
    } catch (err) {
      log.error({ err }, 'could not register /resource; the bot still answers if it was registered before');
    }
  });
  client.on(Events.ShardResume, (id, replayed) => log.info({ shard: id, replayed }, 'gateway session resumed'));
  // discord.js emits this only for closes it will not recover from; ordinary drops end in shardResume.
  client.on(Events.ShardDisconnect, (event, id) => {
    const line = fatalCloseLine(event.code);
    log.error({ shard: id, code: event.code }, line);
    onFatal(line);
  });
  client.on(Events.Error, (err) => log.error({ err }, 'discord.js client error'));
  client.on(Events.Warn, (message) => log.warn({ message }, 'discord.js warning'));
  return client;
}
