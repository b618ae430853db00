/**
 * The gateway transport's two translations: a discord.js interaction into the commands' Incoming,
 * and a command's Response back into discord.js calls. The only code that touches interactions.
 */
import {
  MessageFlags,
  type BaseInteraction,
  type Interaction,
  type InteractionReplyOptions,
  type InteractionUpdateOptions,
  type MessageComponentInteraction,
  type RepliableInteraction,
} from 'discord.js';
import type { Caller, Incoming, Response } from '../../commands/types.js';
import { resolveLocale, t } from '../i18n/index.js';
import { callerFrom, focusedIn, messageWords, subcommandOf } from '../runtime/incoming.js';
import type { MessagePayload } from '../render/payload.js';
import { pinMessage } from '../runtime/pin.js';

function callerOf(interaction: BaseInteraction): Caller {
  return callerFrom({
    userId: interaction.user.id,
    locale: interaction.locale,
    context: interaction.context,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    memberPermissions: interaction.memberPermissions?.bitfield ?? null,
    appPermissions: interaction.appPermissions.bitfield,
  });
}

/** The interaction as the commands see it, or undefined for kinds the bot does not handle. */
export function toIncoming(interaction: Interaction): Incoming | undefined {
  const caller = callerOf(interaction);
  if (interaction.isChatInputCommand()) {
    const sub = subcommandOf(interaction.options.data);
    return { type: 'command', command: interaction.commandName, subcommand: sub.name, options: sub.values, caller };
  }
  if (interaction.isAutocomplete()) {
    return {
      type: 'autocomplete',
      command: interaction.commandName,
      subcommand: subcommandOf(interaction.options.data).name,
      focused: focusedIn(interaction.options.data),
      caller,
    };
  }
  if (interaction.isMessageContextMenuCommand()) {
    const message = interaction.targetMessage;
    return {
      type: 'message-command',
      command: interaction.commandName,
      target: { id: message.id, content: messageWords(message) },
      caller,
    };
  }
  if (interaction.isMessageComponent()) {
    return {
      type: 'component',
      customId: interaction.customId,
      values: interaction.isStringSelectMenu() ? interaction.values : [],
      message: { id: interaction.message.id, private: interaction.message.flags.has(MessageFlags.Ephemeral) },
      caller,
    };
  }
  return undefined;
}

/** Our REST-shaped payload in the form discord.js takes: allowed mentions are always explicit. */
function replyOptions(p: MessagePayload): InteractionReplyOptions {
  return {
    ...(p.content !== undefined ? { content: p.content } : {}),
    embeds: p.embeds,
    components: p.components,
    allowedMentions: { parse: [], ...(p.allowed_mentions.users ? { users: p.allowed_mentions.users } : {}) },
    // Our payloads carry one flag only: Ephemeral.
    ...(p.flags !== undefined && (p.flags & MessageFlags.Ephemeral) !== 0 ? { flags: MessageFlags.Ephemeral } : {}),
  };
}

/** The same for an in-place update, which cannot change a message's flags. */
function updateOptions(p: MessagePayload): InteractionUpdateOptions {
  const { flags: _flags, ...rest } = replyOptions(p);
  return rest;
}

async function pin(interaction: MessageComponentInteraction): Promise<void> {
  const locale = resolveLocale(interaction.locale);
  // Straight through REST: works whether or not the channel is in the client's cache.
  await pinMessage(interaction.client.rest, interaction.channelId, interaction.message.id, interaction.user.id, locale);
  await interaction.reply({ content: t(locale, 'pin.done'), flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** Replies, or follows up when the interaction was already answered (a deferral). */
async function reply(interaction: RepliableInteraction, payload: MessagePayload): Promise<void> {
  if (interaction.replied || interaction.deferred) await interaction.followUp(replyOptions(payload));
  else await interaction.reply(replyOptions(payload));
}

/** Carries out a command's answer on `interaction`: the only place gateway interaction I/O happens. */
export async function perform(interaction: Interaction, response: Response): Promise<void> {
  switch (response.type) {
    case 'choices':
      if (interaction.isAutocomplete() && !interaction.responded) await interaction.respond([...response.choices]);
      return;
    case 'reply':
      if (interaction.isRepliable()) await reply(interaction, response.payload);
      return;
    case 'update':
      if (interaction.isMessageComponent()) await interaction.update(updateOptions(response.payload));
      return;
    case 'pin':
      if (interaction.isMessageComponent()) await pin(interaction);
      return;
    case 'delete':
      if (interaction.isMessageComponent()) {
        // After deferUpdate, the interaction's original message is the one the button sits on.
        await interaction.deferUpdate();
        await interaction.deleteReply();
      }
      return;
  }
}
