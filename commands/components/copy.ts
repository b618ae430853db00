/** Copy install: replies privately with just the command, easy to copy on a phone. */
import { renderInstall } from '../../src/render/entry.js';
import { defineComponent } from '../module.js';
import { privateTo } from '../shared.js';
import { entryOrGone } from './common.js';

export const copy = defineComponent({
  action: 'copy',
  execute(action, ctx) {
    return { type: 'reply', payload: renderInstall(entryOrGone(ctx, action.id), privateTo(ctx)) };
  },
});
