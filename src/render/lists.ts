import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIStringSelectComponent,
} from 'discord-api-types/v10';
import type { Freshness } from '../catalogue/freshness.js';
import type { Entry, Kind } from '../catalogue/schema.js';
import { listOf } from '../i18n/index.js';
import type { KindListing, SearchHit } from '../search/index.js';
import { audienceFields, type Audience } from './audience.js';
import { encodeCustomId } from './custom-ids.js';
import { fitMessage } from './fit.js';
import { DISCORD_LIMITS as L, PAGE_SIZE } from '../base/limits.js';
import type { MessagePayload } from './payload.js';
import { cleanText, plainLabel, truncate } from '../base/text.js';
import { escapeMarkdown, safeInline } from './markdown.js';
import { COLOURS } from './style.js';
import { commandRef, kindOf, kindWord, localeOf, monthIn, say, type Voice } from './words.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** What verification recorded for each listed entry; lists without it show the catalogue's own status only. */
export type FreshnessOf = (entry: Entry) => Freshness;

/**
 * The one warning a hit carries, the most serious first: deprecated (by the catalogue or its
 * registry), gone from its registry, yanked, renamed, no release for 18 months.
 */
function hitWarning(entry: Entry, v: Voice, freshness: Freshness | undefined): string {
  const badges = freshness?.badges ?? [];
  const has = (kind: string) => badges.find((b) => b.kind === kind);
  if (entry.status === 'deprecated' || has('deprecated')) return `⚠️ ${say(v, 'list.deprecated')}`;
  if (has('missing'))
    return `⚠️ ${say(v, 'list.missing', { registry: cleanText(entry.packageRef?.label ?? entry.registry ?? '').trim() })}`;
  if (has('yanked')) return `⚠️ ${say(v, 'list.yanked')}`;
  if (has('renamed')) return `⚠️ ${say(v, 'list.renamed')}`;
  const stale = badges.find((b) => b.kind === 'stale');
  return stale ? `⚠️ ${say(v, 'list.stale', { month: monthIn(v, stale.lastRelease) })}` : '';
}

/** Characters of a list's footer that fit one phone line; the month checked is added only within them. */
const FOOTER_LINE = 46;

/** The footer's parts joined; the month checked joins only while the footer stays one phone line. */
function listFooter(main: string, checked: string | undefined): string {
  const withChecked = checked && main ? `${main} · ${checked}` : (checked ?? main);
  return withChecked.length <= FOOTER_LINE ? withChecked : main;
}

/** "checked Nov 2026" for a list: the oldest month any listed entry was checked, so it holds for every one. */
function listChecked(entries: readonly Entry[], v: Voice, freshnessOf: FreshnessOf | undefined): string | undefined {
  if (!freshnessOf) return undefined;
  const months = entries.flatMap((e) => freshnessOf(e).badges.flatMap((b) => (b.kind === 'checked' ? [b.month] : [])));
  const oldest = months.sort()[0];
  return oldest === undefined ? undefined : say(v, 'entry.checked', { month: monthIn(v, oldest) });
}

/**
 * Characters one hit may take, name and description together: about two lines on a phone (where
 * a line holds some 38), so ten hits and their menu fit one phone screen.
 */
export const HIT_CHARS = 72;
/** A description cut shorter than this says nothing; the hit then shows its name, kind and maker alone. */
const MIN_BLURB = 16;
/** A link Discord will draw as a link in a list: https, and nothing that could end the markdown early. */
const LINKABLE = /^https:\/\/[^\s()<>[\]]{1,300}$/;

/** "SDK · Anza": the entry's kind in members' words and its maker, either left out when unknown. */
export function kindAndMaker(entry: Entry, v: Voice = {}, listedKind?: Kind): string {
  // On a list of one kind the title already says it; each line would only repeat it.
  const kind = kindOf(entry) === listedKind ? undefined : kindOf(entry);
  return [kind ? kindWord(v, kind) : '', entry.maker ? cleanText(entry.maker).trim() : ''].filter(Boolean).join(' · ');
}

/** Bold text is wider than plain: a bold name takes about this many plain characters' room per character. */
const BOLD_WIDTH = 1.15;

/** Characters of list text a phone shows on one line, beside the number (400 px wide, Discord's font). */
const PHONE_LINE = 38;
/**
 * Phone lines a list may fill, its notice and title included, so the whole reply (with menu,
 * buttons and the lines Discord adds) stays within one phone screen of about 700 px.
 */
export const LIST_LINES = 25;

interface HitText {
  /** The hit with its short description. */
  full: string;
  /** The hit as name, kind and maker alone. */
  bare: string;
  /** Phone lines each takes, estimated from what the member sees (markdown left out). */
  fullLines: number;
  bareLines: number;
}

/** Phone lines a piece of plain text takes. */
export const phoneLines = (seen: number, perLine = PHONE_LINE): number => Math.max(1, Math.ceil(seen / perLine));

/**
 * One hit as a numbered line: the name in bold (linked), its kind (unless the whole list is of
 * `listedKind`) and maker, then as much of its description as keeps the hit to about two phone lines.
 */
function hitText(entry: Entry, n: number, v: Voice, listedKind?: Kind, freshness?: Freshness): HitText {
  const warning = safeInline(hitWarning(entry, v, freshness), 60);
  // Entries are immutable and lists repeat them: one entry's line in one language, place and kind is made once.
  const key = `${n}|${v.locale ?? ''}|${listedKind ?? ''}|${warning}`;
  let made = hitTexts.get(entry);
  if (!made) hitTexts.set(entry, (made = new Map<string, HitText>()));
  let text = made.get(key);
  if (!text) made.set(key, (text = composeHit(entry, n, v, warning, listedKind)));
  return text;
}

/** Lines made for each entry, by place in the list, language, listed kind and warning (see hitText). */
const hitTexts = new WeakMap<Entry, Map<string, HitText>>();

function composeHit(entry: Entry, n: number, v: Voice, warning: string, listedKind?: Kind): HitText {
  const name = safeInline(entry.name, 80);
  const title = entry.url && LINKABLE.test(entry.url) ? `[${name}](${entry.url})` : name;
  const facts = safeInline(kindAndMaker(entry, v, listedKind), 100);
  const bare = `${n}. **${title}**${[facts, warning]
    .filter(Boolean)
    .map((f) => ` · ${f}`)
    .join('')}`;
  // What the member sees of the head, without markdown: the description gets what is left of the line.
  const seen =
    Math.ceil(cleanText(name).length * BOLD_WIDTH) +
    [kindAndMaker(entry, v, listedKind), warning].map((f) => (f ? ` · ${f}`.length : 0)).reduce((a, b) => a + b, 0) +
    `${n}. `.length;
  const room = HIT_CHARS - seen - ' — '.length;
  const bareLines = phoneLines(seen);
  const description = cleanText(entry.description).trim();
  // A first word longer than the room could only be shown cut in half: then no description at all.
  const firstWord = description.split(/\s/, 1)[0] ?? '';
  if (room < MIN_BLURB || (description.length > room && firstWord.length >= room))
    return { full: bare, bare, fullLines: bareLines, bareLines };
  const blurb = truncate(description, room);
  return { full: `${bare} — ${escapeMarkdown(blurb)}`, bare, fullLines: phoneLines(seen + 3 + blurb.length), bareLines };
}

/**
 * Numbered lines for entries, starting at `startAt`; a markdown list, so a wrapped line stays
 * indented. Within `budget` phone lines: when long names would overflow it, the last hits lose
 * their description first, then leave the text (the menu still opens every one of them).
 */
function hitLines(entries: readonly Entry[], v: Voice, budget: number, startAt = 1, listedKind?: Kind, freshnessOf?: FreshnessOf): string {
  const hits = entries.map((e, i) => hitText(e, startAt + i, v, listedKind, freshnessOf?.(e)));
  const useFull = hits.map(() => true);
  const total = () => hits.reduce((n, h, i) => n + (useFull[i] ? h.fullLines : h.bareLines), 0);
  for (let i = hits.length - 1; i >= 0 && total() > budget; i--) useFull[i] = false;
  let shown = hits.length;
  while (shown > 1 && hits.slice(0, shown).reduce((n, h) => n + h.bareLines, 0) > budget) shown--;
  return hits
    .slice(0, shown)
    .map((h, i) => (useFull[i] ? h.full : h.bare))
    .join('\n');
}

/** A select menu that opens any listed entry. */
export function openMenu(entries: readonly Entry[], v: Voice = {}, placeholder = say(v, 'list.menu'), listedKind?: Kind): Row {
  const menu: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: encodeCustomId({ action: 'open' }),
    placeholder,
    options: entries.slice(0, L.selectOptions).map((e) => {
      const hint = kindAndMaker(e, v, listedKind);
      return {
        label: plainLabel(e.name, L.selectOptionLabel),
        value: e.id,
        ...(hint ? { description: plainLabel(hint, L.selectOptionDescription) } : {}),
      };
    }),
  };
  return { type: ComponentType.ActionRow, components: [menu] };
}

/** Phone lines left for the hits under a title (bold and larger: fewer characters a line) and a notice. */
function listBudget(title: string, notice: string): number {
  const noticeLines = notice
    ? notice
        .trim()
        .split('\n')
        .reduce((n, l) => n + (l ? phoneLines(l.length) : 1), 0)
    : 0;
  return LIST_LINES - phoneLines(title.length, 30) - noticeLines;
}

/** A query made harmless for a title, and short enough to leave room for the words around it. */
const shownQuery = (query: string) => safeInline(query, 100);

/** How sure the search is of a list: sure of it, or offering the nearest matches and naming the words nothing covers. */
export type Sureness = { nearest: false } | { nearest: true; missing: readonly string[] };

/** The reply to a search: the best hits and a menu to open one; nearest matches say so, and name the words nothing matched. */
export function renderSearchResults(
  query: string,
  hits: readonly SearchHit[],
  total: number,
  audience: Audience,
  kind?: Kind,
  sureness: Sureness = { nearest: false },
  freshnessOf?: FreshnessOf,
): MessagePayload {
  const shown = hits.slice(0, PAGE_SIZE);
  const entries = shown.map((h) => h.entry);
  const title = kind
    ? say(audience, 'search.title-kind', { kind: kindWord(audience, kind), query: shownQuery(query) })
    : say(audience, 'search.title', { query: shownQuery(query) });
  const unmatched = sureness.nearest ? sureness.missing.map((w) => safeInline(w, 40)).filter(Boolean) : [];
  const missing = unmatched.length
    ? ` ${say(audience, 'search.partial', {
        words: listOf(
          localeOf(audience),
          unmatched.slice(0, 5).map((w) => `**${w}**`),
        ),
      })}`
    : '';
  const notice = sureness.nearest ? `${say(audience, 'search.nearest')}${missing}\n\n` : '';
  return fitMessage({
    ...audienceFields(audience),
    embeds: [
      {
        title: truncate(title, L.embedTitle),
        description:
          notice +
          truncate(hitLines(entries, audience, listBudget(title, notice), 1, kind, freshnessOf), L.embedDescription - notice.length),
        color: notice ? COLOURS.caution : COLOURS.answer,
        footer: {
          text: listFooter(
            say(audience, 'search.footer', { shown: shown.length, count: Math.max(total, shown.length) }),
            listChecked(entries, audience, freshnessOf),
          ),
        },
      },
    ],
    components: [openMenu(entries, audience, undefined, kind)],
  });
}

/** A place to look next when nothing matched: a kind to browse, or a search to run. */
export interface Nearest {
  /** What the place is, in a member's words ("Testing tools"). */
  label: string;
  kind?: Kind | undefined;
  query?: string | undefined;
}

/** Close names and nearby places for a query nothing in the catalogue answers. */
export interface NoAnswer {
  didYouMean: readonly Entry[];
  nearest: readonly Nearest[];
}

const MAX_DID_YOU_MEAN = 5;
const MAX_NEAREST = 3;

function nearestLine(n: Nearest, v: Voice): string | undefined {
  const label = `**${safeInline(n.label, 80)}**`;
  if (n.kind) return `• ${label}: ${say(v, 'noanswer.browse-kind', { kind: kindWord(v, n.kind), command: commandRef(v, 'kind') })}`;
  const query = n.query === undefined ? '' : safeInline(n.query, 80);
  if (query) return `• ${label}: ${say(v, 'noanswer.search-for', { query, command: commandRef(v, 'search') })}`;
  return undefined;
}

/**
 * The honest reply when nothing in the catalogue answers a query: it says so, says in one line
 * what the catalogue holds, and offers close names (with a menu) and the nearest categories (with a
 * button to browse each kind). The title is built from the query alone, so any command can use it.
 */
export function renderNoAnswer(query: string, answer: NoAnswer, audience: Audience, kind?: Kind): MessagePayload {
  const didYouMean = answer.didYouMean.slice(0, MAX_DID_YOU_MEAN);
  const nearest = answer.nearest.slice(0, MAX_NEAREST);
  const title = kind
    ? say(audience, 'noanswer.title-kind', { kind: kindWord(audience, kind), query: shownQuery(query) })
    : say(audience, 'noanswer.title', { query: shownQuery(query) });
  const parts = [say(audience, 'noanswer.covers')];
  if (didYouMean.length)
    parts.push(
      `**${say(audience, 'noanswer.did-you-mean')}**\n${didYouMean
        .map((e) => {
          const facts = safeInline(kindAndMaker(e, audience), 80);
          return `• **${safeInline(e.name, 80)}**${facts ? ` · ${facts}` : ''}`;
        })
        .join('\n')}`,
    );
  const places = nearest.map((n) => nearestLine(n, audience)).filter((l): l is string => l !== undefined);
  if (places.length) parts.push(`**${say(audience, 'noanswer.nearest')}**\n${places.join('\n')}`);
  else
    parts.push(
      kind
        ? say(audience, 'noanswer.tip-kind', { kind: kindWord(audience, kind), command: commandRef(audience, 'kind') })
        : say(audience, 'noanswer.tip', { command: commandRef(audience, 'kind') }),
    );
  const kinds = [...new Set(nearest.flatMap((n) => (n.kind ? [n.kind] : [])))];
  const components: Row[] = [];
  if (didYouMean.length) components.push(openMenu(didYouMean, audience, say(audience, 'noanswer.menu')));
  if (kinds.length)
    components.push({
      type: ComponentType.ActionRow,
      components: kinds.map((k): APIButtonComponent => ({
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: say(audience, 'noanswer.browse-button', { kind: kindWord(audience, k) }),
        custom_id: encodeCustomId({ action: 'page', kind: k, page: 0, owner: audience.requester }),
      })),
    });
  return fitMessage({
    ...audienceFields(audience),
    embeds: [{ title: truncate(title, L.embedTitle), description: parts.join('\n\n'), color: COLOURS.none }],
    components,
  });
}

/** The reply when nothing matched and only close names are known: a short "did you mean" list, never an empty message. */
export function renderNoMatch(query: string, candidates: readonly Entry[], audience: Audience, kind?: Kind): MessagePayload {
  return renderNoAnswer(query, { didYouMean: candidates, nearest: [] }, audience, kind);
}

/** Total pages of a listing; an empty listing still has one page that says so. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** One page of `/resource kind`: ten hits, Previous/Next and a menu to open one; the page count once, in the footer. */
export function renderKindPage(listing: KindListing, requestedPage: number, audience: Audience, freshnessOf?: FreshnessOf): MessagePayload {
  const pages = pageCount(listing.entries.length);
  const page = Math.min(Math.max(0, requestedPage), pages - 1);
  const slice = listing.entries.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const synonym = listing.synonym
    ? `\n\n${say(audience, 'kind.see-also', { kind: kindWord(audience, listing.synonym.kind), count: listing.synonym.count, command: commandRef(audience, 'kind') })}`
    : '';
  const title = say(audience, 'kind.title', { kind: kindWord(audience, listing.kind), count: listing.entries.length });
  // The Previous/Next row takes about two lines' height.
  const budget = listBudget(title, synonym) - (pages > 1 ? 2 : 0);
  const body = slice.length
    ? hitLines(slice, audience, budget, page * PAGE_SIZE + 1, listing.kind, freshnessOf)
    : say(audience, 'kind.empty');
  const footer = listFooter(
    pages > 1 ? say(audience, 'list.page', { page: page + 1, pages }) : '',
    listChecked(slice, audience, freshnessOf),
  );
  const components: Row[] = [];
  if (slice.length) components.push(openMenu(slice, audience, undefined, listing.kind));
  if (pages > 1) {
    const nav = (label: string, to: number, disabled: boolean): APIButtonComponent => ({
      type: ComponentType.Button,
      style: ButtonStyle.Secondary,
      label,
      custom_id: encodeCustomId({ action: 'page', kind: listing.kind, page: to, owner: audience.requester }),
      disabled,
    });
    components.push({
      type: ComponentType.ActionRow,
      components: [
        nav(say(audience, 'list.previous'), Math.max(0, page - 1), page === 0),
        nav(say(audience, 'list.next'), Math.min(pages - 1, page + 1), page >= pages - 1),
      ],
    });
  }
  return fitMessage({
    ...audienceFields(audience),
    embeds: [
      {
        title,
        description: truncate(body, L.embedDescription - synonym.length) + synonym,
        color: COLOURS.answer,
        ...(footer ? { footer: { text: footer } } : {}),
      },
    ],
    components,
  });
}
