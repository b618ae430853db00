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

/** Creates the discord.js client with the router attached; only the Guilds intent is needed. */
export function createClient(config: Config, catalogue: IndexSource, log: Logger): Client {
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
  client.on(Events.ShardDisconnect, (event, id) => log.warn({ shard: id, code: event.code }, 'gateway disconnected'));
  client.on(Events.Error, (err) => log.error({ err }, 'discord.js client error'));
  client.on(Events.Warn, (message) => log.warn({ message }, 'discord.js warning'));
  return client;
}
