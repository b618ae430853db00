/**
 * The shape of a command module, in the discord.js guide's "definition + execute" form, extended:
 * a module declares its options once, and its Discord definition (with localisations), the check
 * of incoming options and its handler's input type all follow from that declaration.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  type APIApplicationCommandSubcommandOption,
  type ApplicationIntegrationType,
  type InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { z } from 'zod';
import type { MessageKey } from '../src/i18n/index.js';
import type { Choice } from '../src/render/choices.js';
import type { ComponentAction } from '../src/render/custom-ids.js';
import { discordOption, localisedText, optionsSchema, type OptionDef, type OptionsOf } from './options.js';
import type { CommandContext, Response } from './types.js';

/** One subcommand of a slash command: its options, its handler and, if it has any, its autocomplete. */
export interface Subcommand<Defs extends readonly OptionDef[] = readonly OptionDef[]> {
  /** The English name; translations come from `command.<name>.name`. */
  readonly name: string;
  readonly options: Defs;
  readonly schema: z.ZodType<OptionsOf<Defs>>;
  execute(options: OptionsOf<Defs>, ctx: CommandContext): Response | Promise<Response>;
  /** Choices for the option being typed. Never throws on odd input; an error reaches the router's log. */
  autocomplete?(option: string, typed: string, ctx: CommandContext): readonly Choice[];
}

/** Declares a subcommand; the handler's options are typed from `options`. */
export function defineSubcommand<const Defs extends readonly OptionDef[]>(spec: {
  name: string;
  options: Defs;
  execute(options: OptionsOf<Defs>, ctx: CommandContext): Response | Promise<Response>;
  autocomplete?(option: string, typed: string, ctx: CommandContext): readonly Choice[];
}): Subcommand<Defs> {
  return { ...spec, schema: optionsSchema(spec.options) };
}

/** Where a command may be used and by which installs. */
export interface Availability {
  contexts: readonly InteractionContextType[];
  integrationTypes: readonly ApplicationIntegrationType[];
}

/** A slash command made of subcommands, such as `/resource`. */
export interface SlashCommand {
  readonly name: string;
  readonly subcommands: readonly Subcommand[];
  definition(): RESTPostAPIChatInputApplicationCommandsJSONBody;
}

/** Declares a slash command from its subcommands; `defaultMemberPermissions` hides it from members without them. */
export function defineSlashCommand(spec: {
  name: string;
  subcommands: readonly Subcommand[];
  availability: Availability;
  defaultMemberPermissions?: bigint;
}): SlashCommand {
  return {
    name: spec.name,
    subcommands: spec.subcommands,
    definition: () => ({
      type: ApplicationCommandType.ChatInput,
      ...localisedText(`command.${spec.name}.name` as MessageKey, `command.${spec.name}.description` as MessageKey),
      contexts: [...spec.availability.contexts],
      integration_types: [...spec.availability.integrationTypes],
      ...(spec.defaultMemberPermissions === undefined ? {} : { default_member_permissions: String(spec.defaultMemberPermissions) }),
      options: spec.subcommands.map((sub): APIApplicationCommandSubcommandOption => ({
        type: ApplicationCommandOptionType.Subcommand,
        ...localisedText(`command.${sub.name}.name` as MessageKey, `command.${sub.name}.description` as MessageKey),
        options: sub.options.map(discordOption),
      })),
    }),
  };
}

/** A message context-menu command (right-click a message → Apps → …). */
export interface MessageCommand {
  /** The English name as Discord shows it in the menu, e.g. "Find resources". */
  readonly name: string;
  execute(target: { id: string; content: string }, ctx: CommandContext): Response | Promise<Response>;
  definition(): RESTPostAPIContextMenuApplicationCommandsJSONBody;
}

/** Declares a message command; `key` names its translations (`command.<key>.name`). */
export function defineMessageCommand(spec: {
  key: string;
  availability: Availability;
  execute(target: { id: string; content: string }, ctx: CommandContext): Response | Promise<Response>;
}): MessageCommand {
  const { name, name_localizations } = localisedText(`command.${spec.key}.name` as MessageKey, `command.${spec.key}.name` as MessageKey);
  return {
    name,
    execute: (target, ctx) => spec.execute(target, ctx),
    definition: () => ({
      type: ApplicationCommandType.Message,
      name,
      name_localizations,
      contexts: [...spec.availability.contexts],
      integration_types: [...spec.availability.integrationTypes],
    }),
  };
}

/** What a button or menu handler gets: the command context plus the component's own facts. */
export interface ComponentContext extends CommandContext {
  /** Values chosen in a select menu. */
  values: readonly string[];
  /** The message the component sits on. */
  message: { id: string; private: boolean };
}

type Action = ComponentAction['action'];

/** The handler of one family of buttons or menus, found by the action in its custom id. */
export interface Component<A extends Action = Action> {
  readonly action: A;
  execute(action: Extract<ComponentAction, { action: A }>, ctx: ComponentContext): Response | Promise<Response>;
}

/** Declares a component handler for custom ids of `action`. */
export function defineComponent<A extends Action>(component: Component<A>): Component<A> {
  return component;
}
