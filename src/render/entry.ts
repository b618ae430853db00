import { ButtonStyle, ComponentType, type APIButtonComponent, type APIEmbed, type APIEmbedField } from 'discord-api-types/v10';
import { installCommand } from '../catalogue/install.js';
import type { Entry } from '../catalogue/schema.js';
import { audienceFields, inServer, type Audience } from './audience.js';
import { encodeCustomId } from './custom-ids.js';
import { fitMessage } from './fit.js';
import { DISCORD_LIMITS as L } from '../base/limits.js';
import type { MessagePayload } from './payload.js';
import { cleanText, truncate } from '../base/text.js';
import { codeBlock, inlineCode, safeInline, escapeMarkdown } from './markdown.js';
import { entryColour } from './style.js';
import { commandWith, kindOf, kindWord, say, type Voice } from './words.js';

const STATUS_KEYS = {
  deprecated: 'entry.deprecated',
  beta: 'entry.beta',
  alpha: 'entry.alpha',
  experimental: 'entry.experimental',
} as const;

function statusLine(entry: Entry, successor: Entry | undefined, v: Voice): string | undefined {
  if (!entry.status) return undefined;
  const status = say(v, STATUS_KEYS[entry.status]);
  if (!successor) return status;
  return say(v, 'entry.use-instead', {
    status,
    name: safeInline(successor.name, 80),
    command: commandWith(v, 'show', truncate(successor.name, 80)),
  });
}

function description(entry: Entry, successor: Entry | undefined, v: Voice): string {
  const parts = [escapeMarkdown(cleanText(entry.description, { keepNewlines: entry.form === 'card' }))];
  const by = entry.form === 'card' && entry.maker ? say(v, 'entry.by', { maker: safeInline(entry.maker, L.fieldValue) }) : undefined;
  const status = statusLine(entry, successor, v);
  // A short status ("🧪 Alpha") shares the "by" line; a pointer to a successor is a sentence of its own.
  if (by && status && !successor) parts.push(`${by} · ${status}`);
  else parts.push(...[by, status].filter((p): p is string => p !== undefined));
  return truncate(parts.join('\n\n'), L.embedDescription);
}

/**
 * The install line: the prompt outside the code, so what a member copies is the bare command and
 * runs as pasted, while the line still reads as a shell command.
 */
function installLine(command: string): string {
  return `$ ${inlineCode(command, L.fieldValue - 2)}`;
}

function fields(entry: Entry, v: Voice): APIEmbedField[] {
  const install = installCommand(entry);
  const out: APIEmbedField[] = [];
  // An install line that already names the package says it once; a second field would only repeat it.
  const shown = entry.package && !install?.includes(entry.package) ? entry.package : undefined;
  const pkg = shown ? { name: say(v, 'entry.package'), value: inlineCode(shown), inline: true } : undefined;
  if (entry.form === 'tabular') {
    if (entry.maker) out.push({ name: say(v, 'entry.maker'), value: safeInline(entry.maker, L.fieldValue), inline: true });
    if (pkg) out.push(pkg);
    if (install) out.push({ name: say(v, 'entry.install'), value: installLine(install) });
    return out;
  }
  if (install) out.push({ name: say(v, 'entry.install'), value: installLine(install) });
  if (pkg) out.push(pkg);
  return out;
}

/**
 * The embed for one entry: above the name (the link), what it is in members' words and the
 * catalogue topic it is filed under ("Tool · Developer tools"); then the description and what to
 * install. A tabular entry shows its maker and package as fields, a card its "by" line. The footer
 * is left free for dated facts ("as of <month>").
 */
export function entryEmbed(entry: Entry, v: Voice = {}, successor?: Entry): APIEmbed {
  const kind = kindOf(entry);
  const heading = [kind ? kindWord(v, kind) : '', cleanText(entry.category).trim()].filter(Boolean).join(' · ');
  return {
    ...(heading ? { author: { name: truncate(heading, L.authorName) } } : {}),
    title: safeInline(entry.name, L.embedTitle),
    ...(entry.url ? { url: entry.url } : {}),
    description: description(entry, successor, v),
    color: entryColour(entry),
    fields: fields(entry, v),
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
export function renderEntry(entry: Entry, audience: Audience, successor?: Entry): MessagePayload {
  return fitMessage({
    ...audienceFields(audience),
    embeds: [entryEmbed(entry, audience, successor)],
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
