import {
  ApplicationCommandOptionType as OptionType,
  ApplicationCommandType,
  InteractionType,
  type APIApplicationCommandAutocompleteGuildInteraction,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandGuildInteraction,
  type APIInteractionDataResolved,
  type APIMessageApplicationCommandGuildInteraction,
  type APIUser,
} from 'discord.js';
import { createMessage } from './messages.js';
import { interactionEnvelope, type InteractionOptions } from './interaction-base.js';
import { findUser, world } from './world.js';

export type LeafOption = APIApplicationCommandInteractionDataBasicOption<InteractionType.ApplicationCommand>;

/** Option builders for the leaf options of a command (what the user typed or picked). */
export const option = {
  string: (name: string, value: string): LeafOption => ({ name, type: OptionType.String, value }),
  integer: (name: string, value: number): LeafOption => ({ name, type: OptionType.Integer, value }),
  number: (name: string, value: number): LeafOption => ({ name, type: OptionType.Number, value }),
  boolean: (name: string, value: boolean): LeafOption => ({ name, type: OptionType.Boolean, value }),
  /** A user option; the builder fills `resolved.users` and `resolved.members` for it. */
  user: (name: string, user: APIUser): LeafOption => ({ name, type: OptionType.User, value: user.id }),
};

/** The command as registered: used as `data.id`, so tests can match it against the PUT echo. */
export const DEFAULT_COMMAND_ID = '1380000000000000500';

export interface ChatInputOptions extends InteractionOptions {
  /** Top-level command name, e.g. `resource`. */
  command: string;
  subcommand?: string;
  subcommandGroup?: string;
  options?: LeafOption[];
  commandId?: string;
  /** Extra users for user options whose users are not in the world. */
  users?: APIUser[];
}

function nest(leaves: unknown[], subcommand: string | undefined, group: string | undefined): unknown[] {
  if (subcommand === undefined) return leaves;
  const sub = { name: subcommand, type: OptionType.Subcommand, options: leaves };
  return group === undefined ? [sub] : [{ name: group, type: OptionType.SubcommandGroup, options: [sub] }];
}

function resolvedFor(
  leaves: readonly { type: OptionType; value?: unknown }[],
  extra: APIUser[] = [],
): APIInteractionDataResolved | undefined {
  const ids = leaves.filter((o) => o.type === OptionType.User || o.type === OptionType.Mentionable).map((o) => String(o.value));
  if (ids.length === 0) return undefined;
  const resolved: Required<Pick<APIInteractionDataResolved, 'users' | 'members'>> = { users: {}, members: {} };
  for (const id of ids) {
    const user = extra.find((candidate) => candidate.id === id) ?? findUser(id);
    if (!user) throw new Error(`User option ${id} is not a world user; pass it in \`users\``);
    resolved.users[id] = user;
    const member = Object.values(world.members).find((candidate) => candidate.user.id === id);
    if (member) {
      const { user: _user, deaf: _deaf, mute: _mute, ...rest } = member;
      resolved.members[id] = { ...rest, permissions: world.roles.everyone.permissions };
    }
  }
  return resolved;
}

/** A slash command invocation, e.g. `/resource show name:anchor`. */
export function chatInputInteraction(input: ChatInputOptions): APIChatInputApplicationCommandGuildInteraction {
  const leaves = input.options ?? [];
  const resolved = resolvedFor(leaves, input.users);
  return {
    ...interactionEnvelope(InteractionType.ApplicationCommand, input),
    data: {
      id: input.commandId ?? DEFAULT_COMMAND_ID,
      name: input.command,
      type: ApplicationCommandType.ChatInput,
      options: nest(leaves, input.subcommand, input.subcommandGroup) as APIApplicationCommandInteractionDataOption[],
      ...(resolved ? { resolved } : {}),
    },
  };
}

export interface AutocompleteOptions extends Omit<ChatInputOptions, 'options' | 'users'> {
  /** Options already filled in (not focused). */
  options?: LeafOption[];
  /** The option being typed: Discord sends its partial value as a string with `focused: true`. */
  focused: { name: string; value: string; type?: OptionType.String | OptionType.Integer | OptionType.Number };
}

/** An autocomplete request (type 4) for the focused option. */
export function autocompleteInteraction(input: AutocompleteOptions): APIApplicationCommandAutocompleteGuildInteraction {
  const focused = { name: input.focused.name, type: input.focused.type ?? OptionType.String, value: input.focused.value, focused: true };
  const leaves = [...(input.options ?? []), focused];
  return {
    ...interactionEnvelope(InteractionType.ApplicationCommandAutocomplete, input),
    data: {
      id: input.commandId ?? DEFAULT_COMMAND_ID,
      name: input.command,
      type: ApplicationCommandType.ChatInput,
      options: nest(
        leaves,
        input.subcommand,
        input.subcommandGroup,
      ) as APIApplicationCommandAutocompleteGuildInteraction['data']['options'],
    },
  };
}

export interface MessageCommandOptions extends InteractionOptions {
  /** The command's name as registered, e.g. "Find resources". */
  command: string;
  /** The message right-clicked; its content is what the member wants answered. */
  content: string;
  /** Who wrote the target message; defaults to Bob. */
  author?: APIUser;
  commandId?: string;
}

/** A message context-menu command (right-click a message → Apps → …) with its target in `resolved.messages`. */
export function messageCommandInteraction(input: MessageCommandOptions): APIMessageApplicationCommandGuildInteraction {
  const target = createMessage(
    { channelId: world.channel.id, guildId: world.guild.id, author: input.author ?? world.users.bob },
    { content: input.content },
  );
  return {
    ...interactionEnvelope(InteractionType.ApplicationCommand, input),
    data: {
      id: input.commandId ?? DEFAULT_COMMAND_ID,
      name: input.command,
      type: ApplicationCommandType.Message,
      target_id: target.id,
      resolved: { messages: { [target.id]: target } },
    },
  };
}
