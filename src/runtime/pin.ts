/** Pinning a message through Discord's REST API, for both transports, with Discord's refusals put in plain words. */
import type { REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { UserError } from '../base/errors.js';
import { listOf, t, type SupportedLocale } from '../i18n/index.js';

// Discord's JSON error codes worth a specific answer.
const MISSING_PERMISSIONS = 50013;
const MISSING_ACCESS = 50001;
const MAX_PINS = 30003;

/**
 * Discord's JSON error code carried by a DiscordAPIError. Read by shape, not `instanceof`: discord.js
 * bundles its own copy of @discordjs/rest, whose error class is not the one this package imports.
 */
export function discordErrorCode(err: unknown): number | undefined {
  if (!(err instanceof Error) || !err.name.startsWith('DiscordAPIError')) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'number' ? code : undefined;
}

/** Pins `messageId`; throws UserError when Discord refuses for a reason the member or an admin can fix. */
export async function pinMessage(rest: REST, channelId: string, messageId: string, userId: string, locale: SupportedLocale): Promise<void> {
  try {
    await rest.put(Routes.channelMessagesPin(channelId, messageId), { reason: `Pinned via /resource by ${userId}` });
  } catch (err) {
    const code = discordErrorCode(err);
    if (code === MISSING_PERMISSIONS || code === MISSING_ACCESS) {
      const permissions = listOf(
        locale,
        [t(locale, 'permission.pin-messages'), t(locale, 'permission.read-message-history')].map((p) => `**${p}**`),
      );
      throw new UserError(t(locale, 'error.pin-bot-lacks', { permissions, count: 2 }));
    }
    if (code === MAX_PINS) throw new UserError(t(locale, 'error.pin-full'));
    throw err;
  }
}
