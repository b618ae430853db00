/** `/resource`: one slash command with three subcommands. */
import { ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import { defineSlashCommand } from '../module.js';
import { kind } from './kind.js';
import { search } from './search.js';
import { show } from './show.js';

export const resource = defineSlashCommand({
  name: 'resource',
  subcommands: [search, kind, show],
  availability: { contexts: [InteractionContextType.Guild], integrationTypes: [ApplicationIntegrationType.GuildInstall] },
});
