import {
  DiscordAPIError,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageComponentInteraction,
} from 'discord.js';
import { autocompleteChoices } from '../../commands/autocomplete.js';
import { handleComponent, ShareCooldown } from '../../commands/components.js';
import { resourceModule } from '../../commands/resource.js';
import { APOLOGY, UserError } from '../errors.js';
import type { Logger } from '../log.js';
import type { IndexSource } from './catalogue-service.js';
import { performOutcome } from './outcomes.js';
import { toReplyOptions } from './payload.js';

/** Everything the router needs, passed in so tests can build one without a live client. */
export interface RouterDeps {
  catalogue: IndexSource;
  log: Logger;
  shareCooldown?: ShareCooldown;
  now?: () => number;
}

type Outcome = 'ok' | 'user-error' | 'error';

/** Reads a chat-input interaction's options into a plain object the handlers validate. */
function optionsOf(interaction: ChatInputCommandInteraction): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of interaction.options.data[0]?.options ?? []) {
    out[o.name] = o.user ? o.user.id : o.value;
  }
  return out;
}

async function answerAutocomplete(interaction: AutocompleteInteraction, deps: RouterDeps): Promise<void> {
  let choices: { name: string; value: string }[] = [];
  try {
    choices = autocompleteChoices(deps.catalogue.current, interaction.options.getSubcommand(false), String(interaction.options.getFocused()));
  } catch (err) {
    deps.log.error({ err, userId: interaction.user.id }, 'autocomplete failed; answering with no choices');
  }
  await interaction.respond(choices);
}

async function answerCommand(interaction: ChatInputCommandInteraction, deps: RouterDeps): Promise<void> {
  if (interaction.commandName !== resourceModule.data.name) throw new UserError('I only know `/resource`.');
  const ctx = { index: deps.catalogue.current, userId: interaction.user.id };
  const payload = resourceModule.runSubcommand(interaction.options.getSubcommand(false) ?? '', optionsOf(interaction), ctx);
  await interaction.reply(toReplyOptions(payload));
}

async function answerComponent(interaction: MessageComponentInteraction, deps: RouterDeps, cooldown: ShareCooldown): Promise<void> {
  const outcome = handleComponent(interaction.customId, {
    index: deps.catalogue.current,
    userId: interaction.user.id,
    memberPermissions: interaction.memberPermissions?.bitfield ?? null,
    appPermissions: interaction.appPermissions?.bitfield ?? null,
    messageIsPrivate: interaction.message.flags.has(MessageFlags.Ephemeral),
    values: interaction.isStringSelectMenu() ? interaction.values : [],
    shareCooldown: cooldown,
    now: (deps.now ?? Date.now)(),
  });
  await performOutcome(interaction, outcome);
}

/** Tells the user privately what went wrong, whatever state the interaction is in. */
async function replyPrivately(interaction: Interaction, content: string, log: Logger): Promise<void> {
  if (!interaction.isRepliable()) return;
  const options = { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;
  try {
    if (interaction.replied || interaction.deferred) await interaction.followUp(options);
    else await interaction.reply(options);
  } catch (err) {
    log.warn({ err, interactionId: interaction.id }, 'could not tell the user about a failure');
  }
}

/** Names for the log line: command and subcommand, or the component's action. */
function describe(interaction: Interaction): { command: string; subcommand?: string } {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
    const sub = interaction.options.getSubcommand(false);
    return { command: interaction.isAutocomplete() ? 'autocomplete' : interaction.commandName, ...(sub ? { subcommand: sub } : {}) };
  }
  if (interaction.isMessageComponent()) return { command: 'component', subcommand: interaction.customId.split(':')[1] ?? 'unknown' };
  return { command: `type-${interaction.type}` };
}

/**
 * The one router: dispatches by interaction type, owns error handling and the per-interaction
 * log line. Nothing a user sends escapes it as an exception.
 */
export function createRouter(deps: RouterDeps): (interaction: Interaction) => Promise<void> {
  const cooldown = deps.shareCooldown ?? new ShareCooldown();
  return async (interaction) => {
    const started = performance.now();
    const names = describe(interaction);
    let outcome: Outcome = 'ok';
    try {
      if (interaction.isAutocomplete()) await answerAutocomplete(interaction, deps);
      else if (interaction.isChatInputCommand()) await answerCommand(interaction, deps);
      else if (interaction.isMessageComponent()) await answerComponent(interaction, deps, cooldown);
    } catch (err) {
      if (err instanceof UserError) {
        outcome = 'user-error';
        await replyPrivately(interaction, err.message, deps.log);
      } else {
        outcome = 'error';
        const code = err instanceof DiscordAPIError ? err.code : undefined;
        deps.log.error({ err, code, interactionId: interaction.id, ...names }, 'interaction failed');
        await replyPrivately(interaction, APOLOGY, deps.log);
      }
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      deps.log.info({ ...names, userId: interaction.user.id, outcome, ms }, 'interaction');
    }
  };
}
