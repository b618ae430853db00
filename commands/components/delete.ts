/** Delete under a public entry: for the member who asked for it, or a moderator; anyone else is told so privately. */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { UserError } from '../../src/base/errors.js';
import { t } from '../../src/i18n/index.js';
import { defineComponent } from '../module.js';
import { has } from './common.js';

export const remove = defineComponent({
  action: 'delete',
  execute(action, ctx) {
    if (action.owner !== ctx.caller.userId && !has(ctx.caller.memberPermissions, PermissionFlagsBits.ManageMessages)) {
      throw new UserError(t(ctx.caller.locale, 'error.delete-not-allowed'));
    }
    return { type: 'delete' };
  },
});
