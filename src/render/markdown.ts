import { DISCORD_LIMITS } from '../base/limits.js';
import { cleanText, truncate } from '../base/text.js';

/** Discord markdown built safely from untrusted text: escaped, fenced, cut to fit. */

/** Escapes Discord markdown so text shows literally: no bold, links, headings, spoilers or mentions. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\*_~`|>[\]<])/g, '\\$1')
    .replace(/^(\s*)([#-])/gm, '$1\\$2') // headings and list markers only matter at a line start
    .replace(/^(\s*\d+)\./gm, '$1\\.')
    .replace(/@(everyone|here)/gi, '@\u200b$1'); // shown, never a mass mention
}

/**
 * Text for inside an inline code span: mentions are not parsed there, but a span cut short by a length limit
 * ends up as plain text, so "@everyone" and "<@123>" are broken up here too (a zero-width space, unseen).
 */
export function defuseMentions(text: string): string {
  return text.replace(/@(everyone|here)/gi, '@\u200b$1').replace(/<([@#])/g, '<\u200b$1');
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
  const body = truncate(defuseMentions(cleanText(text).replace(/`/g, "'")), max - 2);
  return `\`${body || ' '}\``;
}
