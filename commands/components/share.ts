/** Share under a private entry: posts it in the channel, crediting the member, at most once every few seconds. */
import { UserError } from '../../src/base/errors.js';
import { t } from '../../src/i18n/index.js';
import { renderEntry } from '../../src/render/entry.js';
import { defineComponent } from '../module.js';
import { freshnessFor, guardFlood, voiceOf } from '../shared.js';
import { entryOrGone, successorOf } from './common.js';

export const share = defineComponent({
  action: 'share',
  async execute(action, ctx) {
    const entry = entryOrGone(ctx, action.id);
    const wait = await ctx.state.takeShareCooldown(ctx.caller.userId, ctx.now);
    if (wait > 0) throw new UserError(t(ctx.caller.locale, 'error.share-wait', { count: wait }));
    const { refusal } = await guardFlood(ctx, entry);
    if (refusal) return refusal;
    const audience = {
      ...voiceOf(ctx),
      requester: ctx.caller.userId,
      private: false,
      sharedBy: ctx.caller.userId,
      mention: action.mention,
      place: ctx.caller.place,
    };
    return { type: 'reply', payload: renderEntry(entry, audience, successorOf(ctx, entry), freshnessFor(ctx)(entry)) };
  },
});
