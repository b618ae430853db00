/** The moderators' list of questions the catalogue missed: each question, how it was answered, how often and when. */
import { DISCORD_LIMITS as L } from '../base/limits.js';
import { truncate } from '../base/text.js';
import { audienceFields, type Audience } from './audience.js';
import { fitMessage } from './fit.js';
import { safeInline } from './markdown.js';
import type { MessagePayload } from './payload.js';
import { COLOURS } from './style.js';
import { localeOf, say } from './words.js';

/** A kept question, as the list shows it. */
export interface MissedLine {
  query: string;
  answer: 'nothing' | 'nearest';
  count: number;
  /** When last asked, in milliseconds since the epoch. */
  last: number;
}

/** How many questions one reply lists: the most recently asked. */
const SHOWN = 20;
const DAY_MS = 86_400_000;

/** The list, or (records undefined) a note that nothing is kept because LEARN_FROM_CHANNEL is off. */
export function renderMissed(
  records: readonly MissedLine[] | undefined,
  audience: Audience,
  bounds: { kept: number; days: number; now: number },
): MessagePayload {
  const lines = (records ?? []).slice(0, SHOWN).map((r) => {
    const days = Math.max(0, Math.floor((bounds.now - r.last) / DAY_MS));
    const age = new Intl.RelativeTimeFormat(localeOf(audience), { numeric: 'auto' }).format(-days, 'day');
    const how = say(audience, r.answer === 'nothing' ? 'missed.nothing' : 'missed.nearest');
    return `• “${safeInline(r.query, 120)}” · ${how}${r.count > 1 ? ` ×${r.count}` : ''} · ${age}`;
  });
  const empty = records === undefined ? say(audience, 'missed.off') : say(audience, 'missed.none', { days: bounds.days });
  return fitMessage({
    ...audienceFields(audience),
    embeds: [
      {
        title: truncate(say(audience, 'missed.title'), L.embedTitle),
        description: truncate(lines.length ? lines.join('\n') : empty, L.embedDescription),
        color: COLOURS.caution,
        footer: { text: truncate(say(audience, 'missed.footer', { max: bounds.kept, days: bounds.days }), L.footer) },
      },
    ],
    components: [],
  });
}
