import {
  ButtonStyle,
  ComponentType,
  InteractionType,
  MessageType,
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIMessageComponentGuildInteraction,
  type APISelectMenuOption,
} from 'discord.js';
import { interactionEnvelope, type InteractionOptions } from './interaction-base.js';
import { createMessage, type StoredMessage } from './messages.js';
import { snowflake } from './snowflake.js';
import { world } from './world.js';

/**
 * A bot message carrying components, as it would sit in the channel after an earlier
 * command reply. Component interactions must include the message they were clicked on.
 */
export function componentMessage(components: APIActionRowComponent<APIComponentInMessageActionRow>[], content = 'Pick one'): StoredMessage {
  return createMessage(
    {
      channelId: world.channel.id,
      guildId: world.guild.id,
      type: MessageType.ChatInputCommand,
      interaction: { id: snowflake(), type: InteractionType.ApplicationCommand, user: world.users.alice },
    },
    { content, components },
  );
}

/** An action row with one button (default message content for button interactions). */
export function buttonRow(customId: string, label = 'More'): APIActionRowComponent<APIComponentInMessageActionRow> {
  return {
    type: ComponentType.ActionRow,
    components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: customId, label }],
  };
}

/** An action row with one string select offering `values` (labels equal values). */
export function selectRow(customId: string, values: readonly string[]): APIActionRowComponent<APIComponentInMessageActionRow> {
  const options: APISelectMenuOption[] = values.map((value) => ({ label: value, value }));
  return {
    type: ComponentType.ActionRow,
    components: [{ type: ComponentType.StringSelect, custom_id: customId, options, min_values: 1, max_values: 1 }],
  };
}

export interface ComponentOptions extends InteractionOptions {
  customId: string;
  /** The message the component sits on; defaults to a fresh bot message containing it. */
  message?: StoredMessage;
}

/** A button click (type 3, component_type 2). */
export function buttonInteraction(input: ComponentOptions): APIMessageComponentGuildInteraction {
  return {
    ...interactionEnvelope(InteractionType.MessageComponent, input),
    data: { custom_id: input.customId, component_type: ComponentType.Button },
    message: input.message ?? componentMessage([buttonRow(input.customId)]),
  };
}

/** A string select choice (type 3, component_type 3) with the chosen `values`. */
export function stringSelectInteraction(input: ComponentOptions & { values: string[] }): APIMessageComponentGuildInteraction {
  return {
    ...interactionEnvelope(InteractionType.MessageComponent, input),
    data: { custom_id: input.customId, component_type: ComponentType.StringSelect, values: input.values },
    message: input.message ?? componentMessage([selectRow(input.customId, input.values)]),
  };
}
