/** `/resource-admin`: moderators' tools, shown only to members who can manage messages. */
import { ApplicationIntegrationType, InteractionContextType, PermissionFlagsBits } from 'discord-api-types/v10';
import { defineSlashCommand } from '../module.js';
import { missed } from './missed.js';

export const resourceAdmin = defineSlashCommand({
  name: 'resource-admin',
  subcommands: [missed],
  availability: { contexts: [InteractionContextType.Guild], integrationTypes: [ApplicationIntegrationType.GuildInstall] },
  defaultMemberPermissions: PermissionFlagsBits.ManageMessages,
});
