/** `/resource kind`: browse every resource of one kind, ten a page. */
import { KINDS } from '../../src/catalogue/schema.js';
import type { MessageKey } from '../../src/i18n/index.js';
import { pageCount, renderKindPage } from '../../src/render/lists.js';
import { defineSubcommand } from '../module.js';
import { audienceFor, freshnessFor, hideOption, mentionOption } from '../shared.js';

export const kind = defineSubcommand({
  name: 'kind',
  options: [
    { type: 'string', name: 'kind', required: true, choices: KINDS, choiceKey: (k) => `kind.${k}` as MessageKey },
    { type: 'integer', name: 'page', min: 1, max: 1000 },
    mentionOption,
    hideOption,
  ],
  execute(opts, ctx) {
    const listing = ctx.index.byKind(opts.kind);
    const page = Math.min(Math.max(0, (opts.page ?? 1) - 1), pageCount(listing.entries.length) - 1);
    // Every entry browsed under the kind, for the terminal's JSON; the message shows the page asked for.
    const listed = listing.entries.map((e) => ({ id: e.id, score: null }));
    return { type: 'reply', payload: renderKindPage(listing, page, audienceFor(opts, ctx, true), freshnessFor(ctx)), listed };
  },
});
