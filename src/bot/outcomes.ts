import { DiscordAPIError, MessageFlags, Routes, type MessageComponentInteraction } from 'discord.js';
import type { ComponentOutcome } from '../../commands/components.js';
import { UserError } from '../errors.js';
import { toReplyOptions, toUpdateOptions } from './payload.js';

// Discord's JSON error codes worth a specific answer.
const MISSING_PERMISSIONS = 50013;
const MISSING_ACCESS = 50001;
const MAX_PINS = 30003;

async function pin(interaction: MessageComponentInteraction): Promise<void> {
  try {
    // Straight through REST: works whether or not the channel is in the client's cache.
    await interaction.client.rest.put(Routes.channelMessagesPin(interaction.channelId, interaction.message.id), {
      reason: `Pinned via /resource by ${interaction.user.id}`,
    });
  } catch (err) {
    if (err instanceof DiscordAPIError && (err.code === MISSING_PERMISSIONS || err.code === MISSING_ACCESS)) {
      throw new UserError("I can't pin here: I need the **Pin Messages** and **Read Message History** permissions in this channel. A server admin can grant them to my role.");
    }
    if (err instanceof DiscordAPIError && err.code === MAX_PINS) {
      throw new UserError('This channel already has the most pins Discord allows. Unpin something first.');
    }
    throw err;
  }
  await interaction.reply({ content: '📌 Pinned to this channel.', flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

/** Carries out what a button or menu decided: the only place component I/O happens. */
export async function performOutcome(interaction: MessageComponentInteraction, outcome: ComponentOutcome): Promise<void> {
  switch (outcome.type) {
    case 'reply':
      await interaction.reply(toReplyOptions(outcome.payload));
      return;
    case 'update':
      await interaction.update(toUpdateOptions(outcome.payload));
      return;
    case 'pin':
      await pin(interaction);
      return;
    case 'delete':
      // After deferUpdate, the interaction's original message is the one the button sits on.
      await interaction.deferUpdate();
      await interaction.deleteReply();
      return;
  }
}
