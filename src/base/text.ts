/**
 * Cleaning and cutting of text, for every layer: the catalogue rejects invisible characters,
 * search cleans what members type, render cleans what it shows. One definition of "invisible"
 * and one way to cut, so the three cannot drift apart.
 */

/**
 * Characters that hide text, reorder it or break layouts: controls, format characters
 * (zero-width, bidi overrides, BOM, soft hyphen), lone surrogates, private use and unassigned
 * code points. Line and tab characters are controls too; callers decide whether they separate
 * words (search, one-line text) or are kept (a card's paragraphs).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu;
const INVISIBLE_ONE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
const INVISIBLE_BUT_NEWLINE = /(?!\n)[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;
/** Characters that end a line or separate words the way a space does. */
const SPACING = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const SPACING_BUT_NEWLINE = /[\t\v\f\u0085\u2028\u2029]/g;

/** True when `text` holds an invisible character (a newline counts, unless `allowNewlines`). */
export function hasInvisible(text: string, { allowNewlines = false } = {}): boolean {
  return (allowNewlines ? INVISIBLE_BUT_NEWLINE : INVISIBLE_ONE).test(text);
}

/**
 * Text made safe to show: invisible characters removed, line and tab characters turned into
 * spaces (newlines kept only when asked, as "\n").
 */
export function cleanText(text: string, { keepNewlines = false } = {}): string {
  if (keepNewlines) {
    return text
      .replace(/\r\n?/g, '\n')
      .replace(SPACING_BUT_NEWLINE, ' ')
      .replace(/(?!\n)[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '');
  }
  return text.replace(SPACING, ' ').replace(INVISIBLE, '');
}

/** Longest query we look at. Nobody types more; the cap bounds the work a paste can cause. */
export const MAX_QUERY_CHARS = 200;
// Cut before any regex runs, so a megabyte paste costs no more than a long line.
const RAW_CAP = MAX_QUERY_CHARS * 8;

/**
 * User input made safe to search: visible characters only, single spaces, at most
 * MAX_QUERY_CHARS. Invisible characters inside a word join it ("an\u200bchor" is "anchor").
 */
export function cleanInput(text: unknown): string {
  if (typeof text !== 'string' || text.length === 0) return '';
  const visible = cleanText(text.slice(0, RAW_CAP));
  return cutUnits(visible.replace(/\s+/g, ' ').trim(), MAX_QUERY_CHARS).trim();
}

/** Cuts `text` to at most `max` UTF-16 units without leaving half a surrogate pair (no ellipsis). */
export function cutUnits(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}

const ELLIPSIS = '…';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Characters a line may break after: spaces of every kind. */
const SPACE = /\s/u;
/** Scripts written without spaces between words: a line may break between any two of their characters. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
/** Left dangling before an ellipsis, these read as a mistake ("Python,…"), so a cut drops them. */
const DANGLING = /[\s,;:–—-]+$/u;

/**
 * Cuts text to at most `max` UTF-16 units, ending in "…" when cut; text that fits is returned
 * as it is. The cut falls at the last space that keeps the text within `max` (or between two
 * characters of a script written without spaces, such as Chinese), so no word is cut in half;
 * only a single word longer than the room is cut, and then between graphemes, so neither a
 * surrogate pair nor a letter and its accent (nor a family emoji) is split.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return '';
  const room = max - ELLIPSIS.length;
  let fits = ''; // the longest run of whole graphemes within the room
  let atBreak = 0; // length of the longest such run that ends where a line may break
  let previous = '';
  for (const { segment } of graphemes.segment(text)) {
    const breaksHere = SPACE.test(segment) || (previous !== '' && (UNSPACED.test(segment) || UNSPACED.test(previous)));
    if (breaksHere && fits.trimEnd().length > 0) atBreak = fits.length;
    if (fits.length + segment.length > room) break;
    fits += segment;
    previous = segment;
  }
  const kept = atBreak > 0 ? fits.slice(0, atBreak) : fits;
  return `${kept.replace(DANGLING, '') || kept.trimEnd()}${ELLIPSIS}`;
}

/** Plain one-line text where markdown does not render (button and select labels, choice names); never empty. */
export function plainLabel(text: string, max: number): string {
  return truncate(cleanText(text).replace(/\s+/g, ' ').trim(), max) || '—';
}

/**
 * A query as the operator's "no answer" log records it: one line, lower case, spaces collapsed,
 * mentions of members, roles and channels replaced (the log carries no user ids), at most 100 characters.
 */
export function normalisedQuery(text: string): string {
  return cutUnits(
    cleanText(text)
      .replace(/<(?:@[!&]?|#)\d+>/g, '@someone')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim(),
    100,
  );
}
