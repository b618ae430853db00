/**
 * Scores the search on labelled questions exactly as members meet it: through the registry's
 * search subcommand, reading the entries the reply lists (what `npm run cli -- search --json`
 * prints as `hits`).
 */
import { dispatch } from '../../commands/registry.js';
import type { Caller } from '../../commands/types.js';
import { MemoryState } from '../../src/runtime/state.js';
import type { ResourceIndex } from '../../src/search/index.js';

import type { Labelled } from './sets.js';
import { resolveLocale } from '../../src/i18n/index.js';

export type { Labelled };

export interface Scores {
  answerable: number;
  noAnswer: number;
  hitAt5: number;
  top1: number;
  mrr: number;
  /** Share of no-answer questions answered with an empty list. */
  honesty: number;
  honestCount: number;
  /** Answerable questions answered "nothing in the catalogue". */
  falseNothing: number;
  /** Questions answered as an answer (not as the nearest matches) whose first entry is wrong, or that have no answer. */
  confidentWrong: number;
  misses: string[];
  dishonest: string[];
}

const caller: Caller = { userId: '0', locale: 'en-US', place: 'guild', memberPermissions: null, appPermissions: null };

/** The ids the search reply lists for `text`, best first, asked by a member with `locale` (English by default). */
export async function listedFor(index: ResourceIndex, text: string, locale?: string): Promise<string[]> {
  return (await replyFor(index, text, locale)).listed;
}

/** What the search reply lists, and whether it lists it as an answer rather than as the nearest matches. */
async function replyFor(index: ResourceIndex, text: string, locale?: string): Promise<{ listed: string[]; confident: boolean }> {
  const asker = locale === undefined ? caller : { ...caller, locale: resolveLocale(locale) };
  const ctx = { index, caller: asker, state: new MemoryState(), now: 0 };
  const answer = await dispatch(
    { type: 'command', command: 'resource', subcommand: 'search', options: { query: text }, caller: asker },
    ctx,
  );
  if (answer.type !== 'reply') return { listed: [], confident: false };
  const listed = (answer.listed ?? []).map((l) => l.id);
  return { listed, confident: listed.length > 0 && answer.missed === undefined };
}

/** hit@5, top-1 and MRR over the answerable items; honesty over the rest. */
export async function score(index: ResourceIndex, items: readonly Labelled[]): Promise<Scores> {
  let hits = 0;
  let top1 = 0;
  let rr = 0;
  let honest = 0;
  const misses: string[] = [];
  const dishonest: string[] = [];
  const answerable = items.filter((q) => q.expect.length > 0);
  const noAnswer = items.filter((q) => q.expect.length === 0);
  let falseNothing = 0;
  let confidentWrong = 0;
  for (const q of answerable) {
    const { listed, confident } = await replyFor(index, q.text, q.locale);
    if (listed.length === 0) falseNothing++;
    const rank = listed.findIndex((id) => q.expect.includes(id));
    if (confident && rank !== 0) confidentWrong++;
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 5) hits++;
    if (rank >= 0) rr += 1 / (rank + 1);
    if (rank !== 0) misses.push(`${q.text} → ${rank < 0 ? 'not listed' : `#${rank + 1}`} (first: ${listed[0] ?? 'nothing'})`);
  }
  for (const q of noAnswer) {
    const { listed, confident } = await replyFor(index, q.text, q.locale);
    if (confident) confidentWrong++;
    if (listed.length === 0) honest++;
    else dishonest.push(`${q.text} → ${listed.slice(0, 3).join(', ')}`);
  }
  const n = Math.max(1, answerable.length);
  return {
    answerable: answerable.length,
    noAnswer: noAnswer.length,
    hitAt5: hits / n,
    top1: top1 / n,
    mrr: rr / n,
    honesty: noAnswer.length ? honest / noAnswer.length : 1,
    honestCount: honest,
    falseNothing,
    confidentWrong,
    misses,
    dishonest,
  };
}

/** One line of figures, as the script and the test print them. */
export function summary(name: string, s: Scores): string {
  const honesty = s.noAnswer ? `, honest no-answers ${s.honestCount}/${s.noAnswer}` : '';
  if (s.answerable === 0) return `${name}: honest no-answers ${s.honestCount}/${s.noAnswer}; listed as an answer ${s.confidentWrong}`;
  const nothing = `, answered "nothing" ${s.falseNothing}/${s.answerable}`;
  const wrong = `; shown as an answer but wrong ${s.confidentWrong}/${s.answerable + s.noAnswer}`;
  return `${name}: top-1 ${s.top1.toFixed(3)}, hit@5 ${s.hitAt5.toFixed(3)}, MRR ${s.mrr.toFixed(3)} over ${s.answerable}${nothing}${honesty}${wrong}`;
}

/** The items of each language, for sets that mix languages (items without a locale are not counted). */
export function byLocale(items: readonly Labelled[]): Map<string, Labelled[]> {
  const out = new Map<string, Labelled[]>();
  for (const item of items) if (item.locale !== undefined) out.set(item.locale, [...(out.get(item.locale) ?? []), item]);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}
