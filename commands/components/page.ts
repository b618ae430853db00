/** Previous and Next under a kind listing (and the Browse buttons of a reply that found nothing). */
import { renderKindPage } from '../../src/render/lists.js';
import { defineComponent } from '../module.js';
import { freshnessFor, privateTo, voiceOf } from '../shared.js';

export const page = defineComponent({
  action: 'page',
  execute(action, ctx) {
    const listing = ctx.index.byKind(action.kind);
    if (action.owner === ctx.caller.userId) {
      const audience = { ...voiceOf(ctx), requester: action.owner, private: ctx.message.private, place: ctx.caller.place };
      return { type: 'update', payload: renderKindPage(listing, action.page, audience, freshnessFor(ctx)) };
    }
    // Someone else's public listing: show them the page privately rather than flipping it for everyone.
    return { type: 'reply', payload: renderKindPage(listing, action.page, privateTo(ctx), freshnessFor(ctx)) };
  },
});
