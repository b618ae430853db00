import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIComponentInMessageActionRow, type APIStringSelectComponent } from 'discord-api-types/v10';
import type { Entry, Kind } from '../catalogue/schema.js';
import type { KindListing, SearchHit } from '../search/types.js';
import { audienceFields, type Audience } from './audience.js';
import { encodeCustomId } from './custom-ids.js';
import { FORM_COLOURS } from './entry.js';
import { fitMessage } from './fit.js';
import { DISCORD_LIMITS as L, PAGE_SIZE } from './limits.js';
import type { MessagePayload } from './payload.js';
import { cleanText, inlineCode, plainLabel, safeInline, truncate } from './text.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** "SDK · Anza", or "card · Anza" for cards, which have no kind. */
export function kindAndMaker(entry: Entry): string {
  const kind = entry.form === 'tabular' ? entry.kind : 'card';
  return entry.maker ? `${kind} · ${cleanText(entry.maker)}` : kind;
}

/** One numbered line per entry: bold name, kind and maker, then a short description. */
function listLines(entries: readonly Entry[], startAt = 1): string {
  return entries
    .map((e, i) => {
      const head = `**${startAt + i}. ${safeInline(e.name, 80)}** · ${safeInline(kindAndMaker(e), 100)}`;
      const blurb = safeInline(e.description, 140);
      return `${head}${e.status === 'deprecated' ? ' · ⚠️ deprecated' : ''}\n${blurb}`;
    })
    .join('\n');
}

/** A select menu that opens any listed entry. */
export function openMenu(entries: readonly Entry[], placeholder = 'Open one of these…'): Row {
  const menu: APIStringSelectComponent = {
    type: ComponentType.StringSelect,
    custom_id: encodeCustomId({ action: 'open' }),
    placeholder,
    options: entries.slice(0, L.selectOptions).map((e) => ({
      label: plainLabel(e.name, L.selectOptionLabel),
      value: e.id,
      description: plainLabel(kindAndMaker(e), L.selectOptionDescription),
    })),
  };
  return { type: ComponentType.ActionRow, components: [menu] };
}

/** "“anchor”" with the query made harmless for a title. */
function quoted(query: string): string {
  return `“${safeInline(query, 100)}”`;
}

/** The reply to `/resource search`: the best hits and a menu to open one. */
export function renderSearchResults(query: string, hits: readonly SearchHit[], total: number, audience: Audience, kind?: Kind): MessagePayload {
  const shown = hits.slice(0, PAGE_SIZE);
  const filter = kind ? ` in ${kind}` : '';
  return fitMessage({
    ...audienceFields(audience),
    embeds: [
      {
        title: truncate(`Results for ${quoted(query)}${filter}`, L.embedTitle),
        description: listLines(shown.map((h) => h.entry)),
        color: FORM_COLOURS.tabular,
        footer: { text: `${shown.length} of ${total} match${total === 1 ? '' : 'es'} · pick one below to open it` },
      },
    ],
    components: [openMenu(shown.map((h) => h.entry))],
  });
}

/** The reply when nothing matched: a short "did you mean" list, never an empty message. */
export function renderNoMatch(query: string, candidates: readonly Entry[], audience: Audience, kind?: Kind): MessagePayload {
  const filter = kind ? ` in ${kind}` : '';
  const tips = kind
    ? `Try without the kind filter, or browse with \`/resource kind kind:${kind}\`.`
    : 'Try fewer or different words, or browse with `/resource kind`.';
  const suggestion = candidates.length
    ? `Did you mean:\n${candidates.map((e) => `• **${safeInline(e.name, 80)}** · ${safeInline(kindAndMaker(e), 80)} (${inlineCode(e.id)})`).join('\n')}\n\n${tips}`
    : tips;
  return fitMessage({
    ...audienceFields(audience),
    embeds: [{ title: truncate(`No resources match ${quoted(query)}${filter}`, L.embedTitle), description: suggestion, color: FORM_COLOURS.tabular }],
    components: candidates.length ? [openMenu(candidates, 'Open a suggestion…')] : [],
  });
}

/** Total pages of a listing; an empty listing still has one page that says so. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** One page of `/resource kind`: ten entries, a page counter, Previous/Next and a menu to open one. */
export function renderKindPage(listing: KindListing, requestedPage: number, audience: Audience): MessagePayload {
  const pages = pageCount(listing.entries.length);
  const page = Math.min(Math.max(0, requestedPage), pages - 1);
  const slice = listing.entries.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const synonym = listing.synonym
    ? `\n\nSee also **${listing.synonym.kind}** (${listing.synonym.count} entr${listing.synonym.count === 1 ? 'y' : 'ies'}): \`/resource kind kind:${listing.synonym.kind}\``
    : '';
  const body = slice.length ? listLines(slice, page * PAGE_SIZE + 1) : `No ${listing.kind} entries yet.`;
  const components: Row[] = [];
  if (slice.length) components.push(openMenu(slice));
  if (pages > 1) {
    const nav = (label: string, to: number, disabled: boolean) => ({
      type: ComponentType.Button as const,
      style: ButtonStyle.Secondary as const,
      label,
      custom_id: encodeCustomId({ action: 'page', kind: listing.kind, page: to, owner: audience.requester }),
      disabled,
    });
    components.push({
      type: ComponentType.ActionRow,
      components: [
        nav('◀ Previous', page - 1 < 0 ? 0 : page - 1, page === 0),
        { type: ComponentType.Button, style: ButtonStyle.Secondary, label: `${page + 1} / ${pages}`, custom_id: 'res:counter', disabled: true },
        nav('Next ▶', page + 1 >= pages ? pages - 1 : page + 1, page >= pages - 1),
      ],
    });
  }
  const total = listing.entries.length;
  return fitMessage({
    ...audienceFields(audience),
    embeds: [
      {
        title: `${listing.kind} · ${total} entr${total === 1 ? 'y' : 'ies'}`,
        description: truncate(body, L.embedDescription - synonym.length) + synonym,
        color: FORM_COLOURS.tabular,
        footer: { text: `Page ${page + 1} of ${pages}` },
      },
    ],
    components,
  });
}
