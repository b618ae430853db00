/** `/resource search`: the best matches for a name, package or question, with a menu to open one. */
import { KINDS, type Kind } from '../../src/catalogue/schema.js';
import type { Audience } from '../../src/render/audience.js';
import type { ResourceIndex } from '../../src/search/index.js';
import type { Response } from '../types.js';
import { DISCORD_LIMITS as L, PAGE_SIZE } from '../../src/base/limits.js';
import { normalisedQuery, plainLabel } from '../../src/base/text.js';
import { t, type MessageKey } from '../../src/i18n/index.js';
import { choicesIn, type Choice } from '../../src/render/choices.js';
import { renderNoAnswer, renderSearchResults, type FreshnessOf } from '../../src/render/lists.js';
import { defineSubcommand } from '../module.js';
import { audienceFor, freshnessFor, hideOption, mentionOption, requireText } from '../shared.js';

/** How many matches a search counts before saying "100+"; the reply shows the best ten. */
const COUNT_CAP = 100;

/**
 * The reply to a question: the results the search stands behind, said to be partial when some of
 * the question's words matched nothing; or, when nothing in the catalogue covers it, an honest
 * "nothing in the catalogue" with close names and the nearest categories (never a list of weak
 * matches). Shared by `/resource search` and the "Find resources" message command.
 */
export function answerReply(index: ResourceIndex, text: string, audience: Audience, how: AnswerOptions = {}): Response {
  const { kind, message = false, shown = text, freshnessOf, locale } = how;
  const found = index.answer(text, { kind, limit: COUNT_CAP, message, locale });
  if (found.match === 'none') {
    return {
      type: 'reply',
      payload: renderNoAnswer(shown, { didYouMean: found.didYouMean, nearest: found.nearest }, audience, kind),
      listed: [],
      missed: { query: normalisedQuery(text), answer: 'nothing' },
    };
  }
  const sureness = found.match === 'partial' ? { nearest: true as const, missing: found.missing } : { nearest: false as const };
  const payload = renderSearchResults(shown, found.hits, found.hits.length, audience, kind, sureness, freshnessOf);
  const listed = found.hits.slice(0, PAGE_SIZE).map((h) => ({ id: h.entry.id, score: h.score }));
  return {
    type: 'reply',
    payload,
    listed,
    ...(sureness.nearest && { missed: { query: normalisedQuery(text), answer: 'nearest' as const } }),
  };
}

export interface AnswerOptions {
  /** Only entries browsed under this kind (and its near-synonym). */
  kind?: Kind | undefined;
  /** The text is a whole message (a long question, an error, a link), not a typed query. */
  message?: boolean;
  /** What the reply's title quotes, when not the text itself. */
  shown?: string;
  /** What verification recorded, for the warnings on each hit and the month checked. */
  freshnessOf?: FreshnessOf | undefined;
  /** The member's locale: a question in that language is read with its glossary first. */
  locale?: string | undefined;
}

export const search = defineSubcommand({
  name: 'search',
  options: [
    { type: 'string', name: 'query', required: true, autocomplete: true, maxLength: 100 },
    {
      type: 'string',
      name: 'kind',
      description: 'option.search-kind.description',
      choices: KINDS,
      choiceKey: (kind) => `kind.${kind}` as MessageKey,
    },
    mentionOption,
    hideOption,
  ],
  execute(opts, ctx) {
    // Checked for visible text, but passed whole: a pasted message (code, logs, several lines) is read as a message.
    requireText(opts.query, ctx, 'error.empty-query');
    return answerReply(ctx.index, opts.query, audienceFor(opts, ctx, true), {
      kind: opts.kind,
      freshnessOf: freshnessFor(ctx),
      locale: ctx.caller.locale,
    });
  },
  /** The typed words themselves first, so a free-text search stays one keypress away, then entries. */
  autocomplete(_option, typed, { index, caller }) {
    const entries = index.suggest(typed).map(choicesIn(caller.locale));
    const text = plainLabel(typed, L.choiceValue);
    if (text.length < 2 || text === '—') return entries;
    const own: Choice = { name: plainLabel(t(caller.locale, 'autocomplete.search-for', { text }), L.choiceName), value: text };
    return [own, ...entries.filter((c) => c.value !== text)].slice(0, L.autocompleteChoices);
  },
});
