import { DISCORD_LIMITS } from '../base/limits.js';
import { cleanText, truncate } from '../base/text.js';

/** Discord markdown built safely from untrusted text: escaped, fenced, cut to fit. */

/** "@everyone" and "@here", to be shown but never to reach everyone: a zero-width space goes after the "@". */
const MASS_MENTION = /@(everyone|here)/gi;
const SHOWN_MASS_MENTION = '@\u200b$1';

/** Escapes Discord markdown so text shows literally: no bold, links, headings, spoilers or mentions. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\*_~`|>[\]<])/g, '\\$1')
    .replace(/^(\s*)([#-])/gm, '$1\\$2') // headings and list markers only matter at a line start
    .replace(/^(\s*\d+)\./gm, '$1\\.')
    .replace(MASS_MENTION, SHOWN_MASS_MENTION);
}

/**
 * Text for inside an inline code span: cleaned, with no backtick to close the span early. Mentions are not parsed in
 * code, but a span cut short by a length limit ends up as plain text, so "@everyone" and "<@123>" are broken up too.
 */
export function codeSpanText(text: string): string {
  return cleanText(text)
    .replace(/`/g, "'")
    .replace(MASS_MENTION, SHOWN_MASS_MENTION)
    .replace(/<([@#])/g, '<\u200b$1');
}

/** Safe single-line text for titles, labels and list rows: cleaned, escaped, cut to fit. */
export function safeInline(text: string, max: number): string {
  return truncate(escapeMarkdown(cleanText(text).trim()), max);
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
  const body = truncate(codeSpanText(text), max - 2);
  return `\`${body || ' '}\``;
}
