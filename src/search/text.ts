/**
 * Cleaning and folding of untrusted text. Everything a user types passes through `cleanInput`
 * before any other work, so the rest of the search never sees control, zero-width or
 * direction characters, lone surrogates, or more than MAX_QUERY_CHARS characters.
 */

/** Longest query we look at. Nobody types more; the cap bounds the work a paste can cause. */
export const MAX_QUERY_CHARS = 200;

// Cut before any regex runs, so a megabyte paste costs no more than a long line.
const RAW_CAP = MAX_QUERY_CHARS * 8;
// Line and tab characters separate words; everything else invisible joins them ("an\u200bchor" is "anchor").
const SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// Controls, format characters (zero-width, bidi overrides, BOM, soft hyphen), lone surrogates,
// private use and unassigned code points.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu;
const NON_ASCII = /[^\u0000-\u007f]/;
const MARKS = /\p{M}+/gu;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/** Cuts `text` to at most `max` UTF-16 units without leaving half a surrogate pair. */
export function cutUnits(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}

/** User input made safe to search: visible characters only, single spaces, at most MAX_QUERY_CHARS. */
export function cleanInput(text: unknown): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  const visible = text.slice(0, RAW_CAP).replace(SPACING, ' ').replace(INVISIBLE, '');
  return cutUnits(visible.replace(/\s+/g, ' ').trim(), MAX_QUERY_CHARS).trim();
}

/** Lower case without accents or compatibility forms: "Ｃafé" and "cafe" fold alike. */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(MARKS, '') : lower;
}

const NOT_ASCII_ALPHANUMERIC = /[^a-z0-9]+/g;

/** Letters and digits only: "web3.js", "Web3 JS" and "web3js" share one key; "@solana/kit" and "Solana Kit" another. */
export function compactKey(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_ALPHANUMERIC, '');
  return fold(text).replace(NOT_ALPHANUMERIC, '');
}
