import 'dotenv/config';
import { REST } from '@discordjs/rest';
import { Routes, type APIApplication } from 'discord-api-types/v10';
import { commandDefinitions } from '../commands/registry.js';
import { registerCommands } from './runtime/registration.js';
import { ConfigError, readConfig } from './runtime/config.js';

/** `npm run deploy-commands`: registers /resource now (bulk overwrite), without starting the bot. */
try {
  const config = readConfig();
  const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
  // The application id comes from the token itself: no extra variable to keep in sync.
  const app = (await rest.get(Routes.currentApplication())) as APIApplication;
  const result = await registerCommands(rest, app.id, commandDefinitions(), config.DISCORD_GUILD_ID, { force: true });
  process.stdout.write(
    `/resource registered ${result.scope === 'guild' ? `in server ${config.DISCORD_GUILD_ID}` : 'globally (may take up to an hour to appear everywhere)'} for application ${app.id}\n`,
  );
} catch (err) {
  if (err instanceof ConfigError) process.stderr.write(`Cannot deploy: ${err.message}\n`);
  else process.stderr.write(`Cannot deploy: ${(err as Error).message}\n`);
  process.exit(1);
}
