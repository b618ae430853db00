import { ButtonStyle, ComponentType, type APIButtonComponent, type APIEmbed, type APIEmbedField } from 'discord-api-types/v10';
import { installCommand } from '../catalogue/install.js';
import type { Entry } from '../catalogue/schema.js';
import { audienceFields, type Audience } from './audience.js';
import { encodeCustomId } from './custom-ids.js';
import { fitMessage } from './fit.js';
import { DISCORD_LIMITS as L } from './limits.js';
import type { MessagePayload } from './payload.js';
import { cleanText, codeBlock, inlineCode, safeInline, truncate, escapeMarkdown } from './text.js';

const DASH = '—';
/** Solana's purple for tabular rows, its green for cards: the two forms look different at a glance. */
export const FORM_COLOURS = { tabular: 0x9945ff, card: 0x14f195 } as const;

const STATUS_NOTES = {
  deprecated: '⚠️ **Deprecated**',
  beta: '🧪 Beta',
  alpha: '🧪 Alpha',
  experimental: '🧪 Experimental',
} as const;

function statusLine(entry: Entry, successor: Entry | undefined): string | undefined {
  if (!entry.status) return undefined;
  const note = STATUS_NOTES[entry.status];
  return successor ? `${note}: use **${safeInline(successor.name, 80)}** instead (\`/resource show ${successor.id}\`).` : note;
}

function description(entry: Entry, successor: Entry | undefined): string {
  const parts = [escapeMarkdown(cleanText(entry.description, { keepNewlines: entry.form === 'card' }))];
  if (entry.form === 'card' && entry.maker) parts.push(`by ${safeInline(entry.maker, L.fieldValue)}`);
  const status = statusLine(entry, successor);
  if (status) parts.push(status);
  return truncate(parts.join('\n\n'), L.embedDescription);
}

function fields(entry: Entry): APIEmbedField[] {
  const install = installCommand(entry);
  const out: APIEmbedField[] = [];
  if (entry.form === 'tabular') {
    out.push(
      { name: 'Kind', value: entry.kind, inline: true },
      { name: 'Maker', value: entry.maker ? safeInline(entry.maker, L.fieldValue) : DASH, inline: true },
      { name: 'Package', value: entry.package ? inlineCode(entry.package) : DASH, inline: true },
    );
    if (install) out.push({ name: 'Install', value: codeBlock(install) });
    return out;
  }
  if (install) out.push({ name: 'Install', value: codeBlock(`$ ${install}`) });
  if (entry.package) out.push({ name: 'Package', value: inlineCode(entry.package), inline: true });
  return out;
}

/** The embed for one entry: a tabular row's four columns, or a card's own fields. */
export function entryEmbed(entry: Entry, successor?: Entry): APIEmbed {
  const form = entry.form === 'card' ? 'Card' : 'Tabular entry';
  return {
    title: safeInline(entry.name, L.embedTitle),
    ...(entry.url ? { url: entry.url } : {}),
    description: description(entry, successor),
    color: FORM_COLOURS[entry.form],
    fields: fields(entry),
    footer: { text: truncate(`${form} · ${cleanText(entry.category)} · id: ${entry.id}`, L.footer) },
  };
}

type ActionStyle = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

function button(label: string, customId: string, style: ActionStyle = ButtonStyle.Secondary, emoji?: string): APIButtonComponent {
  return { type: ComponentType.Button, style, label, custom_id: customId, ...(emoji ? { emoji: { name: emoji } } : {}) };
}

/** Buttons under an entry: Share on a private reply; Pin and Delete on a public one; Copy install and the link on both. */
export function entryButtons(entry: Entry, audience: Audience): APIButtonComponent[] {
  const buttons: APIButtonComponent[] = [];
  if (audience.private) {
    buttons.push(button('Share', encodeCustomId({ action: 'share', id: entry.id, ...(audience.mention ? { mention: audience.mention } : {}) }), ButtonStyle.Primary, '📣'));
  } else {
    buttons.push(button('Pin', encodeCustomId({ action: 'pin' }), ButtonStyle.Secondary, '📌'));
  }
  if (installCommand(entry)) buttons.push(button('Copy install', encodeCustomId({ action: 'copy', id: entry.id }), ButtonStyle.Secondary, '📋'));
  if (!audience.private) buttons.push(button('Delete', encodeCustomId({ action: 'delete', owner: audience.sharedBy ?? audience.requester }), ButtonStyle.Danger, '🗑️'));
  if (entry.url) buttons.push({ type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open', url: entry.url });
  return buttons;
}

/** The whole reply for `/resource show` (and the select menu, and Share). */
export function renderEntry(entry: Entry, audience: Audience, successor?: Entry): MessagePayload {
  return fitMessage({
    ...audienceFields(audience),
    embeds: [entryEmbed(entry, successor)],
    components: [{ type: ComponentType.ActionRow, components: entryButtons(entry, audience) }],
  });
}

/** The private reply to Copy install: just the command, in a block that is easy to copy on a phone. */
export function renderInstall(entry: Entry, audience: Audience): MessagePayload {
  const install = installCommand(entry);
  return fitMessage({
    ...audienceFields({ ...audience, private: true, mention: undefined, sharedBy: undefined }),
    content: install ? codeBlock(install, L.content) : `${safeInline(entry.name, 80)} has no install command.`,
    embeds: [],
    components: [],
  });
}
