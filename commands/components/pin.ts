/** Pin under a public entry: for members who may pin in the channel, when the bot may too. */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { UserError } from '../../src/base/errors.js';
import { listOf, t, type SupportedLocale } from '../../src/i18n/index.js';
import { defineComponent } from '../module.js';
import { has } from './common.js';

/** Names of the permissions the bot needs to pin here and lacks, as Discord names them in `locale`. */
export function missingPinPermissions(appPermissions: bigint | null, locale: SupportedLocale = 'en-US'): string[] {
  if (appPermissions === null) return [];
  const missing: string[] = [];
  if (!has(appPermissions, PermissionFlagsBits.PinMessages)) missing.push(t(locale, 'permission.pin-messages'));
  if (!has(appPermissions, PermissionFlagsBits.ReadMessageHistory)) missing.push(t(locale, 'permission.read-message-history'));
  return missing;
}

export const pin = defineComponent({
  action: 'pin',
  execute(_action, ctx) {
    const locale = ctx.caller.locale;
    if (ctx.caller.place !== 'guild') throw new UserError(t(locale, 'error.server-only'));
    if (!has(ctx.caller.memberPermissions, PermissionFlagsBits.PinMessages)) throw new UserError(t(locale, 'error.pin-not-allowed'));
    const missing = missingPinPermissions(ctx.caller.appPermissions, locale);
    if (missing.length) {
      const permissions = listOf(
        locale,
        missing.map((name) => `**${name}**`),
      );
      throw new UserError(t(locale, 'error.pin-bot-lacks', { permissions, count: missing.length }));
    }
    return { type: 'pin' };
  },
});
