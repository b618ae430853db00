/** `/resource-admin missed`: the questions the catalogue missed lately, for moderators to turn into asks. */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { UserError } from '../../src/base/errors.js';
import { t } from '../../src/i18n/index.js';
import { renderMissed } from '../../src/render/missed.js';
import { defineSubcommand } from '../module.js';
import { privateTo } from '../shared.js';
import { MISSED_DAYS, MISSED_KEPT } from '../types.js';

export const missed = defineSubcommand({
  name: 'missed',
  options: [],
  async execute(_opts, ctx) {
    // Discord hides the command from others (default_member_permissions); a forged payload is refused here too.
    const permissions = ctx.caller.memberPermissions;
    if (permissions !== null && (permissions & PermissionFlagsBits.ManageMessages) === 0n)
      throw new UserError(t(ctx.caller.locale, 'error.moderators-only'));
    const records = ctx.keepsMissed === false ? undefined : await ctx.state.missedQuestions(ctx.now);
    return { type: 'reply', payload: renderMissed(records, privateTo(ctx), { kept: MISSED_KEPT, days: MISSED_DAYS, now: ctx.now }) };
  },
});
