import { PermissionFlagsBits } from 'discord-api-types/v10';
import { UserError } from '../src/errors.js';
import { decodeCustomId, type ComponentAction } from '../src/render/custom-ids.js';
import { renderEntry, renderInstall } from '../src/render/entry.js';
import { renderKindPage } from '../src/render/lists.js';
import type { MessagePayload } from '../src/render/payload.js';
import type { ResourceIndex } from '../src/search/types.js';

/** What the bot should do in answer to a button or menu; the bot performs it, nothing here does I/O. */
export type ComponentOutcome =
  | { type: 'reply'; payload: MessagePayload } // a new message (private, or public for Share)
  | { type: 'update'; payload: MessagePayload } // replace the message the component sits on
  | { type: 'pin' } // pin the message the component sits on
  | { type: 'delete' }; // delete the message the component sits on

export interface ComponentContext {
  index: ResourceIndex;
  userId: string;
  /** The member's permissions in this channel, as Discord computed them for the interaction. */
  memberPermissions: bigint | null;
  /** The bot's own permissions in this channel. */
  appPermissions: bigint | null;
  /** Whether the message the component sits on is visible only to its reader. */
  messageIsPrivate: boolean;
  /** Values chosen in a select menu. */
  values: readonly string[];
  shareCooldown: ShareCooldown;
  now: number;
}

/** Per-member cooldown on Share, so nobody can flood a channel through the bot. */
export class ShareCooldown {
  private readonly last = new Map<string, number>();
  constructor(readonly ms = 5_000) {}

  /** Seconds left before `userId` may share again, or 0 (and the share is recorded). */
  take(userId: string, now: number): number {
    const previous = this.last.get(userId);
    if (previous !== undefined && now - previous < this.ms) return Math.ceil((this.ms - (now - previous)) / 1000);
    this.last.set(userId, now);
    if (this.last.size > 10_000) this.prune(now); // bounded memory on a busy server
    return 0;
  }

  private prune(now: number): void {
    for (const [user, at] of this.last) if (now - at >= this.ms) this.last.delete(user);
  }
}

const has = (perms: bigint | null, flag: bigint) => perms !== null && (perms & flag) === flag;

/** Names of the permissions the bot needs to pin here and lacks. */
export function missingPinPermissions(appPermissions: bigint | null): string[] {
  if (appPermissions === null) return [];
  const missing: string[] = [];
  if (!has(appPermissions, PermissionFlagsBits.PinMessages)) missing.push('Pin Messages');
  if (!has(appPermissions, PermissionFlagsBits.ReadMessageHistory)) missing.push('Read Message History');
  return missing;
}

function entryOrGone(ctx: ComponentContext, id: string | undefined) {
  const entry = id === undefined ? undefined : ctx.index.get(id);
  if (!entry) throw new UserError('That resource is no longer in the catalogue. Try `/resource search` for its new name.');
  return entry;
}

const successorOf = (ctx: ComponentContext, id: string | undefined) => (id ? ctx.index.get(id) : undefined);

const handlersByAction: { [A in ComponentAction['action']]: (a: Extract<ComponentAction, { action: A }>, ctx: ComponentContext) => ComponentOutcome } = {
  open: (_a, ctx) => {
    const entry = entryOrGone(ctx, ctx.values[0]);
    return { type: 'reply', payload: renderEntry(entry, { requester: ctx.userId, private: true }, successorOf(ctx, entry.successor)) };
  },
  page: (a, ctx) => {
    const listing = ctx.index.byKind(a.kind);
    if (a.owner === ctx.userId) return { type: 'update', payload: renderKindPage(listing, a.page, { requester: a.owner, private: ctx.messageIsPrivate }) };
    // Someone else's public listing: show them the page privately rather than flipping it for everyone.
    return { type: 'reply', payload: renderKindPage(listing, a.page, { requester: ctx.userId, private: true }) };
  },
  share: (a, ctx) => {
    const entry = entryOrGone(ctx, a.id);
    const wait = ctx.shareCooldown.take(ctx.userId, ctx.now);
    if (wait > 0) throw new UserError(`You shared something a moment ago. You can share again in ${wait} s.`);
    const audience = { requester: ctx.userId, private: false, sharedBy: ctx.userId, mention: a.mention };
    return { type: 'reply', payload: renderEntry(entry, audience, successorOf(ctx, entry.successor)) };
  },
  copy: (a, ctx) => ({ type: 'reply', payload: renderInstall(entryOrGone(ctx, a.id), { requester: ctx.userId, private: true }) }),
  pin: (_a, ctx) => {
    if (!has(ctx.memberPermissions, PermissionFlagsBits.PinMessages)) {
      throw new UserError('Sorry, only members who may pin messages in this channel can pin this. Ask a moderator if it deserves a pin.');
    }
    const missing = missingPinPermissions(ctx.appPermissions);
    if (missing.length) {
      throw new UserError(`I can't pin here: I need the **${missing.join('** and **')}** permission${missing.length > 1 ? 's' : ''} in this channel. A server admin can grant ${missing.length > 1 ? 'them' : 'it'} to my role.`);
    }
    return { type: 'pin' };
  },
  delete: (a, ctx) => {
    if (a.owner !== ctx.userId && !has(ctx.memberPermissions, PermissionFlagsBits.ManageMessages)) {
      throw new UserError('Only the member who asked for this reply, or a moderator, can delete it.');
    }
    return { type: 'delete' };
  },
};

/** Decides what a button or menu press does. Unknown or forged ids get a polite private answer. */
export function handleComponent(customId: string, ctx: ComponentContext): ComponentOutcome {
  const action = decodeCustomId(customId);
  if (!action) throw new UserError('This button is from an older version of the bot. Run the command again.');
  const run = handlersByAction[action.action] as (a: ComponentAction, c: ComponentContext) => ComponentOutcome;
  return run(action, ctx);
}
