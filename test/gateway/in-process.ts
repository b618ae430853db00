import type { Client } from 'discord.js';
import { Events } from 'discord.js';
import pino from 'pino';
import { CatalogueService } from '../../src/runtime/catalogue-service.js';
import { createClient } from '../../src/gateway/client.js';
import type { Config } from '../../src/runtime/config.js';
import { nextEvent, startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';

export interface BotUnderTest {
  discord: DiscordStandIn;
  client: Client;
  catalogue: CatalogueService;
  stop(): Promise<void>;
}

export type ClientUnderTest = Omit<BotUnderTest, 'discord'>;

/**
 * Our real client factory and router, in this process, logged in to the Discord at `apiUrl` (a
 * stand-in, maybe in another process) and ready.
 */
export async function startClientInProcess(apiUrl: string): Promise<ClientUnderTest> {
  const config: Config = {
    DISCORD_TOKEN: 'MTAx.fake.token',
    DISCORD_GUILD_ID: world.guild.id,
    CATALOGUE_DIR: 'catalogue',
    LOG_LEVEL: 'silent',
    DISCORD_API_URL: apiUrl,
    INTERACTIONS_MODE: 'gateway',
    FLOOD_GUARD_SECONDS: 60,
    LEARN_FROM_CHANNEL: 'on',
  };
  const log = pino({ level: 'silent' });
  const catalogue = await CatalogueService.open(config.CATALOGUE_DIR, log);
  const client = createClient(config, catalogue, log);
  const ready = nextEvent(client, Events.ClientReady, 10_000);
  await client.login(config.DISCORD_TOKEN);
  await ready;
  return {
    client,
    catalogue,
    stop: async () => {
      catalogue.close();
      await client.destroy();
    },
  };
}

/**
 * Our real client factory and router, in this process, logged in to a local Discord. Faster
 * than spawning `npm start` (the end-to-end tests do that), and the same discord.js code path.
 */
export async function startBotInProcess(discord?: DiscordStandIn): Promise<BotUnderTest> {
  const stand = discord ?? (await startDiscordStandIn());
  const bot = await startClientInProcess(stand.apiUrl);
  return {
    ...bot,
    discord: stand,
    stop: async () => {
      await bot.stop();
      if (!discord) await stand.close();
    },
  };
}
