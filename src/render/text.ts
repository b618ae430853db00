import { DISCORD_LIMITS } from './limits.js';

// Control characters (newline kept separately), zero-width characters, and bidi controls:
// they hide text, reorder it, or break layouts, and no resource needs them.
const INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

// Half of a surrogate pair is not text: only a forged payload carries one, and Discord rejects it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Removes invisible and direction-changing characters and broken surrogates; keeps newlines only where asked. */
export function cleanText(text: string, { keepNewlines = false } = {}): string {
  const cleaned = text.replace(INVISIBLE, '').replace(LONE_SURROGATE, '');
  return keepNewlines ? cleaned.replace(/\r\n?/g, '\n') : cleaned.replace(/[\r\n]+/g, ' ');
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts text to at most `max` UTF-16 units, ending in "…" when cut. Cuts fall between graphemes,
 * so neither a surrogate pair nor a letter and its accent (nor a family emoji) is split.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    if (out.length + segment.length > max - ELLIPSIS.length) break;
    out += segment;
  }
  return `${out.trimEnd()}${ELLIPSIS}`;
}

/** Escapes Discord markdown so text shows literally: no bold, links, headings, spoilers or mentions. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\*_~`|>[\]<])/g, '\\$1')
    .replace(/^(\s*)([#-])/gm, '$1\\$2') // headings and list markers only matter at a line start
    .replace(/^(\s*\d+)\./gm, '$1\\.')
    .replace(/@(everyone|here)/gi, '@\u200b$1'); // shown, never a mass mention
}

/** Safe single-line text for titles, labels and list rows: cleaned, escaped, cut to fit. */
export function safeInline(text: string, max: number): string {
  return truncate(escapeMarkdown(cleanText(text).trim()), max);
}

/** Safe plain text where markdown does not render (button and select labels, choice names). */
export function plainLabel(text: string, max: number): string {
  return truncate(cleanText(text).replace(/\s+/g, ' ').trim(), max) || '—';
}

/** A fenced code block that nothing inside can close early; cut to fit `max`. */
export function codeBlock(code: string, max: number = DISCORD_LIMITS.fieldValue, lang = 'sh'): string {
  const open = `\`\`\`${lang}\n`;
  const close = '\n```';
  // A zero-width joiner between backticks keeps the fence intact whatever the text holds.
  const body = cleanText(code, { keepNewlines: true }).replace(/`/g, '`\u200d');
  return open + truncate(body, max - open.length - close.length) + close;
}

/** Inline code that cannot be broken by backticks in the text. */
export function inlineCode(text: string, max = 200): string {
  const body = truncate(cleanText(text).replace(/`/g, "'"), max - 2);
  return `\`${body || ' '}\``;
}
