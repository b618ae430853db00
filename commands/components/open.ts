/** The select menu under a list: opens the chosen entry privately, with Share. */
import { renderEntry } from '../../src/render/entry.js';
import { defineComponent } from '../module.js';
import { freshnessFor, privateTo } from '../shared.js';
import { entryOrGone, successorOf } from './common.js';

export const open = defineComponent({
  action: 'open',
  execute(_action, ctx) {
    const entry = entryOrGone(ctx, ctx.values[0]);
    return { type: 'reply', payload: renderEntry(entry, privateTo(ctx), successorOf(ctx, entry), freshnessFor(ctx)(entry)) };
  },
});
