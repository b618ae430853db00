/** What the component handlers share: finding the entry a button names, and reading permissions. */
import { UserError } from '../../src/base/errors.js';
import type { Entry } from '../../src/catalogue/schema.js';
import { t } from '../../src/i18n/index.js';
import { commandRef } from '../../src/render/words.js';
import type { ComponentContext } from '../module.js';
import { voiceOf } from '../shared.js';

/** The entry a button or menu names, or a polite private answer when it has left the catalogue. */
export function entryOrGone(ctx: ComponentContext, id: string | undefined): Entry {
  const entry = id === undefined ? undefined : ctx.index.get(id);
  if (!entry) throw new UserError(t(ctx.caller.locale, 'error.gone', { command: commandRef(voiceOf(ctx), 'search') }));
  return entry;
}

/** The entry that replaces `entry`, when it names one that exists. */
export function successorOf(ctx: ComponentContext, entry: Entry): Entry | undefined {
  return entry.successor ? ctx.index.get(entry.successor) : undefined;
}

/** True when `perms` include every bit of `flag`. */
export const has = (perms: bigint | null, flag: bigint): boolean => perms !== null && (perms & flag) === flag;
