/**
 * "Find resources": right-click any message → Apps → Find resources. Answers privately with the
 * resources for that message's text (a long question, an error pasted with code, a link), in the
 * same form as /resource search.
 */
import { ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import { UserError } from '../src/base/errors.js';
import { cleanInput, truncate } from '../src/base/text.js';
import { t } from '../src/i18n/index.js';
import { defineMessageCommand } from './module.js';
import { answerReply } from './resource/search.js';
import { freshnessFor, privateTo } from './shared.js';

/** How much of the message a reply quotes in its title. */
const QUOTED_CHARS = 80;

export const findResources = defineMessageCommand({
  key: 'find-resources',
  availability: {
    // Everywhere a member can type a command: servers, the bot's DM, and (installed to a user) any DM or group DM.
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
    integrationTypes: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  },
  execute(target, ctx) {
    const quoted = truncate(cleanInput(target.content), QUOTED_CHARS);
    if (!quoted) throw new UserError(t(ctx.caller.locale, 'error.empty-message'));
    // The reply quotes the start of the message, not all of it.
    return answerReply(ctx.index, target.content, privateTo(ctx), {
      message: true,
      shown: quoted,
      freshnessOf: freshnessFor(ctx),
      locale: ctx.caller.locale,
    });
  },
});
