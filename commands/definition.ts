import { ApplicationCommandOptionType as Opt, ApplicationIntegrationType, InteractionContextType, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { KINDS } from '../src/catalogue/schema.js';

const mention = { type: Opt.User, name: 'mention', description: 'Suggest the reply to this member (the only one it pings)' } as const;
const hide = { type: Opt.Boolean, name: 'hide', description: 'Show the reply only to you' } as const;
const kindChoices = KINDS.map((k) => ({ name: k, value: k }));

/** The `/resource` command as registered with Discord: one command, three subcommands. */
export const resourceCommand = {
  name: 'resource',
  description: 'Find Solana developer resources: APIs, SDKs, tools, docs and more',
  type: 1,
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: Opt.Subcommand,
      name: 'search',
      description: 'Search the catalogue by name, package, maker or topic',
      options: [
        { type: Opt.String, name: 'query', description: 'What you are looking for, e.g. "python sdk" or "anchor"', required: true, autocomplete: true, max_length: 100 },
        { type: Opt.String, name: 'kind', description: 'Only entries of this kind', choices: kindChoices },
        mention,
        hide,
      ],
    },
    {
      type: Opt.Subcommand,
      name: 'kind',
      description: 'List every entry of one kind',
      options: [{ type: Opt.String, name: 'kind', description: 'The kind to list', required: true, choices: kindChoices }, mention, hide],
    },
    {
      type: Opt.Subcommand,
      name: 'show',
      description: 'Show one resource with its install command and link',
      options: [
        { type: Opt.String, name: 'name', description: 'Name, id or package of the resource', required: true, autocomplete: true, max_length: 100 },
        mention,
        hide,
      ],
    },
  ],
} satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;
