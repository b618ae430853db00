/**
 * The checks a member's eye would make on every reply, independent of the code that builds them:
 * data-model words, words cut in half, red buttons on public messages, prompts inside code, the
 * colour rule and the page count. Each returns the problems it found, as readable lines.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { Entry } from '../../src/catalogue/schema.js';
import { EPHEMERAL } from '../../src/base/limits.js';
import { TRANSLATIONS } from '../../src/i18n/index.js';
import type { MessagePayload } from '../../src/render/payload.js';

/** Everything a member can read on a message, one piece per place Discord draws on its own. */
export function everythingVisible(p: MessagePayload): string[] {
  const parts = [p.content ?? ''];
  for (const e of p.embeds)
    parts.push(
      e.author?.name ?? '',
      e.title ?? '',
      e.description ?? '',
      e.footer?.text ?? '',
      ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
    );
  for (const c of p.components.flatMap((r) => r.components)) {
    if (c.type === ComponentType.Button && 'label' in c && c.label) parts.push(c.label);
    if (c.type === ComponentType.StringSelect) {
      parts.push(c.placeholder ?? '');
      for (const o of c.options) parts.push(o.label, o.description ?? '');
    }
  }
  return parts.filter(Boolean);
}

/** Markdown as the member reads it: links as their text, bold marks and escapes gone. */
export function asRead(markdown: string): string {
  return markdown
    .replace(/\[([^\]\n]+)\]\(<?https:\/\/[^\s)>]+>?\)/g, '$1')
    .replace(/<\/([\w -]+):\d+>/g, '/$1')
    .replace(/\*\*/g, '')
    .replace(/\\([^a-zA-Z0-9\s])/g, '$1')
    .replace(/@\u200b/g, '@');
}

/** The catalogue's own text: what may hold any word, since catalogue content stays as written. */
export function catalogueTexts(entries: readonly Entry[]): string[] {
  return entries.flatMap((e) =>
    [
      e.name,
      e.description,
      e.maker,
      e.category,
      e.package,
      e.form === 'card' ? e.install : undefined,
      ...(e.as_of ?? []).map((f) => f.fact),
    ].filter((t): t is string => t !== undefined),
  );
}

const DATA_MODEL = /\b(cards?|tabular|entry|entries|id:)/i;

/**
 * Pieces of the bot's own wording that name the data model. A piece (text between the separators
 * the replies use) is the catalogue's own when it is a whole catalogue value (a name, a maker, a
 * topic), or a run of at least three words standing inside a catalogue text: "prepaid cards to AI
 * agents" from a description is content; "card" between two dots is the data model speaking.
 */
export function dataModelWords(p: MessagePayload, catalogue: readonly string[]): string[] {
  const problems: string[] = [];
  const values = new Set(catalogue.map((t) => asRead(t).trim()));
  const prose = catalogue.map(asRead);
  for (const part of everythingVisible(p)) {
    for (const piece of asRead(part).split(/\n| · | — |…/)) {
      // A dated fact is catalogue text followed by the bot's "as of <month>".
      const text = piece
        .replace(/^\s*\d+\.\s+/, '')
        .replace(/ as of [A-Z][a-z]{2} \d{4}$/, '')
        .trim();
      if (!DATA_MODEL.test(text) || values.has(text)) continue;
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const own = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u');
      if (text.split(/\s+/).length < 3 || !prose.some((t) => own.test(t))) problems.push(`data-model word in "${text}"`);
    }
  }
  return problems;
}

/** Every whole word the replies can show: from the catalogue, the bot's English words and the queries asked. */
export function vocabulary(catalogue: readonly string[], queries: readonly string[]): Set<string> {
  const words = new Set<string>();
  const chrome = Object.values(TRANSLATIONS['en-US']).flatMap((m) => (typeof m === 'string' ? [m] : Object.values(m)));
  for (const text of [...catalogue, ...chrome, ...queries])
    for (const word of asRead(text).split(/[\s…]+/)) if (word) words.add(word.replace(/[,;:–—-]+$/u, ''));
  return words;
}

/** Words cut in half: the word before each "…" must be a whole word the bot could have shown. */
export function midWordCuts(p: MessagePayload, words: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const part of everythingVisible(p)) {
    const read = asRead(part);
    for (const m of read.matchAll(/(\S*)…/g)) {
      const word = (m[1] ?? '').replace(/[,;:–—-]+$/u, '');
      // A word opened by a quote the reply added ("“python…") is checked without it.
      if (word && !words.has(word) && !words.has(word.replace(/^[“«「(*]+/u, '')))
        problems.push(`cut inside a word: "…${read.slice(Math.max(0, m.index - 30), m.index + m[0].length)}"`);
    }
  }
  return problems;
}

/** A red button on a message every member in the channel sees. */
export function redOnPublic(p: MessagePayload): string[] {
  if ((p.flags ?? 0) & EPHEMERAL) return [];
  return p.components
    .flatMap((r) => r.components)
    .filter((c) => c.type === ComponentType.Button && c.style === ButtonStyle.Danger)
    .map(() => 'a red button on a public message');
}

/** A shell prompt inside code a member copies: the pasted text would not run. */
export function promptsInCode(p: MessagePayload): string[] {
  const problems: string[] = [];
  for (const part of everythingVisible(p)) {
    const code = [...part.matchAll(/```[a-z]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2] ?? '');
    for (const c of code) if (/^\s*[$%>#]\s/m.test(c)) problems.push(`a prompt inside code: ${c.slice(0, 60)}`);
  }
  return problems;
}

/** How many times a page count ("Page 2 of 3", or a "2 / 3" button) shows. */
export function pageCounts(p: MessagePayload): number {
  return everythingVisible(p).reduce((n, part) => n + (part.match(/\bPage \d+ of \d+\b|^\d+ \/ \d+$/g)?.length ?? 0), 0);
}
