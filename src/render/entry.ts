import { ButtonStyle, ComponentType, type APIButtonComponent, type APIEmbed, type APIEmbedField } from 'discord-api-types/v10';
import { NO_FRESHNESS, type Badge, type DatedFact, type Freshness } from '../catalogue/freshness.js';
import { installCommand, packageLabel, packagePage } from '../catalogue/install.js';
import type { Entry } from '../catalogue/schema.js';
import { audienceFields, inServer, type Audience } from './audience.js';
import { encodeCustomId } from './custom-ids.js';
import { fitMessage } from './fit.js';
import { DISCORD_LIMITS as L } from '../base/limits.js';
import type { MessagePayload } from './payload.js';
import { cleanText, truncate } from '../base/text.js';
import { codeBlock, inlineCode, safeInline, escapeMarkdown } from './markdown.js';
import { entryColour } from './style.js';
import { commandWith, kindOf, kindWord, monthIn, say, type Voice } from './words.js';

const STATUS_KEYS = {
  deprecated: 'entry.deprecated',
  beta: 'entry.beta',
  alpha: 'entry.alpha',
  experimental: 'entry.experimental',
} as const;

/** The entry that replaces this one: the one the catalogue names, else the one verification found a rename to. */
type Replacement = Pick<Entry, 'name'>;

function statusLine(status: Entry['status'], successor: Replacement | undefined, v: Voice): string | undefined {
  if (!status) return undefined;
  const said = say(v, STATUS_KEYS[status]);
  if (!successor) return said;
  return say(v, 'entry.use-instead', {
    status: said,
    name: safeInline(successor.name, 80),
    command: commandWith(v, 'show', truncate(successor.name, 80)),
  });
}

const LINK = /^https?:\/\/[^\s()<>[\]`*_~|]{1,300}$/;

/** What verification found that a member should know before using the entry, one line each. */
function warningLines(badges: readonly Badge[], entry: Entry, v: Voice): string[] {
  const registry = entry.packageRef?.label ?? entry.registry ?? '';
  return badges.flatMap((b): string[] => {
    switch (b.kind) {
      case 'missing':
        return [say(v, 'entry.missing', { registry: safeInline(registry, 40) })];
      case 'yanked':
        return [say(v, 'entry.yanked')];
      case 'renamed':
        return [say(v, 'entry.renamed', { name: inlineCode(b.to, 100) })];
      case 'moved':
        // The address came from a web server: shown only when it is a plain link markdown cannot misread.
        return LINK.test(b.to) ? [say(v, 'entry.moved', { url: b.to })] : [];
      case 'stale':
        return [say(v, 'entry.stale', { month: monthIn(v, b.lastRelease) })];
      default:
        return [];
    }
  });
}

function description(entry: Entry, successor: Entry | undefined, freshness: Freshness, v: Voice): string {
  const parts = [escapeMarkdown(cleanText(entry.description, { keepNewlines: entry.form === 'card' }))];
  // A card's "by" line also says where its package lives ("by Anza · npm @solana/kit", linked): one line, no field.
  const byParts = [
    entry.form === 'card' && entry.maker ? say(v, 'entry.by', { maker: safeInline(entry.maker, L.fieldValue) }) : undefined,
    entry.form === 'card' ? packageValue(entry) : undefined,
  ].filter((p): p is string => p !== undefined);
  const by = byParts.length ? byParts.join(' · ') : undefined;
  // The registry's deprecation counts as the catalogue's own, with the replacement it points to.
  const deprecation = freshness.badges.find((b) => b.kind === 'deprecated');
  const status = deprecation ? 'deprecated' : entry.status;
  const replacement = successor ?? deprecation?.replacement;
  const line = statusLine(status, status === 'deprecated' ? replacement : undefined, v);
  const warnings = warningLines(freshness.badges, entry, v);
  // A short status ("🧪 Alpha") shares the "by" line; a pointer to a successor, and what verification
  // found, make one paragraph of cautions.
  const shortStatus = by !== undefined && line !== undefined && !(status === 'deprecated' && replacement);
  if (shortStatus) parts.push(`${by} · ${line}`);
  else if (by) parts.push(by);
  const cautions = [shortStatus ? undefined : line, ...warnings].filter((p): p is string => p !== undefined);
  if (cautions.length) parts.push(cautions.join('\n'));
  return truncate(parts.join('\n\n'), L.embedDescription);
}

/**
 * The install line in a fenced shell block, which Discord shows with a copy button on desktop and
 * which a long press copies whole on a phone: it holds the bare command (no prompt), so what is
 * copied runs as pasted.
 */
function installLine(command: string): string {
  return codeBlock(command, L.fieldValue);
}

/** Characters of "registry id" that still sit on the "by" line of a phone without wrapping it twice. */
const PACKAGE_CHARS = 28;

/** The package as "crate litesvm", linked to its page on the registry when the registry has pages. */
function packageValue(entry: Entry): string | undefined {
  const label = packageLabel(entry);
  if (label === undefined || entry.package === undefined) return undefined;
  const page = packagePage(entry);
  if (page && /^https:\/\/[^\s()<>[\]]{1,300}$/.test(page)) {
    // A long id the install line already spells out is not said twice: the registry's name alone links to the page.
    const short = entry.packageRef && label.length > PACKAGE_CHARS && installCommand(entry)?.includes(entry.package);
    return `[${safeInline(short ? (entry.packageRef?.label ?? label) : label, 200)}](${page})`;
  }
  // Without a page to link to, the id alone in code, so it copies as written.
  return entry.packageRef ? `${safeInline(entry.packageRef.label, 40)} ${inlineCode(entry.package)}` : inlineCode(entry.package);
}

/**
 * A tabular entry's maker and package side by side (the package with its registry, linked to its
 * page), then the install line; a card has only the install line (its maker and package are on the "by" line).
 */
function fields(entry: Entry, v: Voice): APIEmbedField[] {
  const install = installCommand(entry);
  const out: APIEmbedField[] = [];
  if (entry.form === 'tabular') {
    const pkg = packageValue(entry);
    if (entry.maker) out.push({ name: say(v, 'entry.maker'), value: safeInline(entry.maker, L.fieldValue), inline: true });
    if (pkg) out.push({ name: say(v, 'entry.package'), value: pkg, inline: true });
  }
  if (install) out.push({ name: say(v, 'entry.install'), value: installLine(install) });
  return out;
}

/** A dated fact in the member's words, without a closing stop (an "as of" may follow it). */
function factText(fact: DatedFact, v: Voice): string {
  if (fact.version !== undefined) return say(v, 'entry.version', { version: fact.version.replace(/^v(?=\d)/, '') });
  return cleanText(fact.text)
    .trim()
    .replace(/[.;]+$/, '');
}

/**
 * The footer: dated facts grouped by the month they were seen, the month said once after each group
 * ("version 1.16.0 · Needs Go 1.25 or newer as of Oct 2026"), and left out for the month the entry
 * was last checked, which closes the footer ("· checked Nov 2026").
 */
function footer(freshness: Freshness, v: Voice): string | undefined {
  const checked = freshness.badges.find((b) => b.kind === 'checked');
  const byMonth = new Map<string, string[]>();
  for (const fact of freshness.facts) byMonth.set(fact.month, [...(byMonth.get(fact.month) ?? []), factText(fact, v)]);
  const parts = [...byMonth].map(([month, texts]) =>
    month === checked?.month ? texts.join(' · ') : say(v, 'entry.as-of', { fact: texts.join(' · '), month: monthIn(v, month) }),
  );
  if (checked) parts.push(say(v, 'entry.checked', { month: monthIn(v, checked.month) }));
  return parts.length ? truncate(parts.join(' · '), L.footer) : undefined;
}

/**
 * The embed for one entry: above the name (the link), what it is in members' words and the
 * catalogue topic it is filed under ("Tool · Developer tools"); then the description and what to
 * install. A tabular entry shows its maker and package as fields, a card its "by" line. What
 * verification recorded shows as warnings under the description and, in the footer, dated facts
 * and the month it was checked.
 */
export function entryEmbed(entry: Entry, v: Voice = {}, successor?: Entry, freshness: Freshness = NO_FRESHNESS): APIEmbed {
  const kind = kindOf(entry);
  const foot = footer(freshness, v);
  const heading = [kind ? kindWord(v, kind) : '', cleanText(entry.category).trim()].filter(Boolean).join(' · ');
  return {
    ...(heading ? { author: { name: truncate(heading, L.authorName) } } : {}),
    title: safeInline(entry.name, L.embedTitle),
    ...(entry.url ? { url: entry.url } : {}),
    description: description(entry, successor, freshness, v),
    color: entryColour(entry, freshness),
    fields: fields(entry, v),
    ...(foot ? { footer: { text: foot } } : {}),
  };
}

type ActionStyle = ButtonStyle.Primary | ButtonStyle.Secondary;

function button(label: string | undefined, customId: string, style: ActionStyle, emoji: string): APIButtonComponent {
  return { type: ComponentType.Button, style, ...(label ? { label } : {}), custom_id: customId, emoji: { name: emoji } };
}

/**
 * Buttons under an entry, the one every member uses first on the left. A private reply leads with
 * Share; a public one with the link. Pin and Delete, which only some members may use, come last as
 * small grey icons (never red), only in a server, and refuse others politely.
 */
export function entryButtons(entry: Entry, audience: Audience): APIButtonComponent[] {
  const buttons: APIButtonComponent[] = [];
  if (audience.private) {
    const share = encodeCustomId({ action: 'share', id: entry.id, ...(audience.mention ? { mention: audience.mention } : {}) });
    buttons.push(button(say(audience, 'button.share'), share, ButtonStyle.Primary, '📣'));
  }
  if (entry.url) buttons.push({ type: ComponentType.Button, style: ButtonStyle.Link, label: say(audience, 'button.open'), url: entry.url });
  if (installCommand(entry))
    buttons.push(
      button(say(audience, 'button.copy-install'), encodeCustomId({ action: 'copy', id: entry.id }), ButtonStyle.Secondary, '📋'),
    );
  if (!audience.private && inServer(audience)) {
    buttons.push(button(undefined, encodeCustomId({ action: 'pin' }), ButtonStyle.Secondary, '📌'));
    buttons.push(
      button(undefined, encodeCustomId({ action: 'delete', owner: audience.sharedBy ?? audience.requester }), ButtonStyle.Secondary, '🗑️'),
    );
  }
  return buttons;
}

/** The whole reply for `/resource show` (and the select menu, and Share). */
export function renderEntry(entry: Entry, audience: Audience, successor?: Entry, freshness?: Freshness): MessagePayload {
  return fitMessage({
    ...audienceFields(audience),
    embeds: [entryEmbed(entry, audience, successor, freshness)],
    components: [{ type: ComponentType.ActionRow, components: entryButtons(entry, audience) }],
  });
}

/** The private reply to Copy install: just the command, in a block that is easy to copy on a phone. */
export function renderInstall(entry: Entry, audience: Audience): MessagePayload {
  const install = installCommand(entry);
  return fitMessage({
    ...audienceFields({ ...audience, private: true, mention: undefined, sharedBy: undefined }),
    content: install ? codeBlock(install, L.content) : say(audience, 'entry.no-install', { name: safeInline(entry.name, 80) }),
    embeds: [],
    components: [],
  });
}
