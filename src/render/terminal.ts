import { ButtonStyle, ComponentType, type APIEmbed } from 'discord-api-types/v10';
import { EPHEMERAL } from '../base/limits.js';
import type { MessagePayload } from './payload.js';

export interface TerminalStyle {
  color: boolean;
}

const ansi = (on: boolean, code: string) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** Markdown as a terminal shows it: escapes removed, bold in bold, code blocks indented. */
function markdownToText(md: string, style: TerminalStyle): string {
  const bold = ansi(style.color, '1');
  const dim = ansi(style.color, '2');
  return md
    .split(/(```[a-z]*\n[\s\S]*?\n```)/)
    .map((part) => {
      const block = /^```[a-z]*\n([\s\S]*?)\n```$/.exec(part);
      if (block)
        return `\n${(block[1] ?? '')
          .replace(/\u200d/g, '')
          .split('\n')
          .map((l) => `    ${l}`)
          .join('\n')}\n`;
      return part
        .replace(/\[([^\]\n]+)\]\(<?https:\/\/[^\s)>]+>?\)/g, '$1') // a linked name reads as the name; the link is in the menu's entry
        .replace(/\*\*(.+?)\*\*/g, (_m, t: string) => bold(t))
        .replace(/`([^`]*)`/g, (_m, t: string) => dim(t))
        .replace(/\\([^a-zA-Z0-9\s])/g, '$1') // "\_" included: underscores are escaped too
        .replace(/@\u200b/g, '@');
    })
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function embedText(e: APIEmbed, style: TerminalStyle): string {
  const lines: string[] = [];
  if (e.author) lines.push(ansi(style.color, '2')(e.author.name));
  const title = ansi(style.color, '1;35')(markdownToText(e.title ?? '', { color: false }));
  lines.push(e.url ? `${title}  <${e.url}>` : title);
  if (e.description) lines.push(markdownToText(e.description, style));
  const inline = (e.fields ?? []).filter((f) => f.inline);
  if (inline.length) lines.push(inline.map((f) => `${f.name}: ${markdownToText(f.value, style)}`).join('   '));
  for (const f of (e.fields ?? []).filter((x) => !x.inline))
    lines.push(`${f.name}:\n${markdownToText(f.value, style).replace(/^(?! {4})/gm, '  ')}`);
  if (e.footer) lines.push(ansi(style.color, '2')(`— ${e.footer.text}`));
  return lines.join('\n');
}

function componentsText(p: MessagePayload): string[] {
  const lines: string[] = [];
  for (const row of p.components) {
    const buttons: string[] = [];
    for (const c of row.components) {
      if (c.type === ComponentType.Button) {
        const label = 'emoji' in c || 'label' in c ? [c.emoji?.name, c.label].filter(Boolean).join(' ') : '';
        if (c.style === ButtonStyle.Link) buttons.push(`[${label} ↗ ${c.url}]`);
        else buttons.push(c.disabled ? `(${label})` : `[${label}]`);
      } else if (c.type === ComponentType.StringSelect) {
        lines.push(`menu (${c.placeholder ?? 'choose'}): ${c.options.map((o) => o.value).join(', ')}`);
      }
    }
    if (buttons.length) lines.push(`buttons: ${buttons.join(' ')}`);
  }
  return lines;
}

/** A message payload as readable terminal text: what a member would see, in the same order. */
export function renderForTerminal(p: MessagePayload, style: TerminalStyle = { color: false }): string {
  const parts: string[] = [];
  const visibility = (p.flags ?? 0) & EPHEMERAL ? 'only you can see this' : 'visible to the channel';
  parts.push(
    ansi(style.color, '2')(`(${visibility}; pings: ${p.allowed_mentions.users?.length ? p.allowed_mentions.users.join(', ') : 'nobody'})`),
  );
  if (p.content) parts.push(markdownToText(p.content, style));
  for (const e of p.embeds) parts.push(embedText(e, style));
  const comps = componentsText(p);
  if (comps.length) parts.push(ansi(style.color, '2')(comps.join('\n')));
  return parts.join('\n\n');
}
