/** `/resource`: one slash command with three subcommands. */
import { ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import { defineSlashCommand } from '../module.js';
import { kind } from './kind.js';
import { search } from './search.js';
import { show } from './show.js';

export const resource = defineSlashCommand({
  name: 'resource',
  subcommands: [search, kind, show],
  availability: {
    // Everywhere a member can type a command: servers, the bot's DM, and (installed to a user) any DM or group DM.
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
    integrationTypes: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  },
});
