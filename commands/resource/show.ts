/** `/resource show`: one resource, public by default; an unknown name gets suggestions instead. */
import { choicesIn } from '../../src/render/choices.js';
import { renderEntry } from '../../src/render/entry.js';
import { renderNoMatch } from '../../src/render/lists.js';
import { defineSubcommand } from '../module.js';
import { audienceFor, freshnessFor, guardFlood, hideOption, mentionOption, privateTo, requireText } from '../shared.js';

export const show = defineSubcommand({
  name: 'show',
  options: [{ type: 'string', name: 'name', required: true, autocomplete: true, maxLength: 100 }, mentionOption, hideOption],
  async execute(opts, ctx) {
    const { index } = ctx;
    const name = requireText(opts.name, ctx, 'error.empty-name');
    const found = index.lookup(name);
    if (!found.entry) return { type: 'reply', payload: renderNoMatch(name, found.candidates, privateTo(ctx)) };
    const successor = found.entry.successor ? index.get(found.entry.successor) : undefined;
    const audience = audienceFor(opts, ctx, false);
    const { refusal } = audience.private ? {} : await guardFlood(ctx, found.entry);
    if (refusal) return refusal;
    return { type: 'reply', payload: renderEntry(found.entry, audience, successor, freshnessFor(ctx)(found.entry)) };
  },
  autocomplete(_option, typed, { index, caller }) {
    return index.suggest(typed).map(choicesIn(caller.locale));
  },
});
