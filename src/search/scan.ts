import { cut, partTerms } from './words.js';

/**
 * The terms of pure-ASCII text in one pass over the original string (indexing spends most of
 * its time here, so no regexes, no lower-cased copy, no intermediate arrays, no closures).
 * Same rules as the general path: letters-and-digits parts, a chunk's parts joined, camelCase
 * words split ("getAssetsByOwner": a word starting lower-case breaks before an upper-case
 * letter that starts a new lower-case run; "iOS" and "JavaScript" stay whole). Returns false,
 * having added nothing, at the first non-ASCII character: the caller takes the general path.
 */
export function asciiTerms(text: string, out: string[]): boolean {
  const before = out.length;
  let start = -1; // where the current part began, or -1 between parts
  let upperSeen = false; // the part needs lower-casing
  let letter = false; // the part has a letter…
  let run = 0; // …and the current run of digits is this long…
  let longRun = false; // …and somewhere it had two digits in a row ("x402")
  let camelWord = false; // the current word started with a lower-case letter
  let parts = 0; // parts in the current chunk
  let joined = '';
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 32;
    if (c > 127) {
      out.length = before;
      return false;
    }
    const upper = c >= 65 && c <= 90;
    const lower = c >= 97 && c <= 122;
    const digit = c >= 48 && c <= 57;
    const alphanumeric = upper || lower || digit;
    let split = false;
    if (upper && camelWord && start >= 0) {
      const previous = text.charCodeAt(k - 1);
      const next = k + 1 < text.length ? text.charCodeAt(k + 1) : 0;
      split = ((previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57)) && ((next >= 97 && next <= 122) || (next >= 48 && next <= 57));
    }
    if (start >= 0 && (split || !alphanumeric)) {
      const raw = text.slice(start, k);
      const part = upperSeen ? raw.toLowerCase() : raw;
      partTerms(part, out, letter && longRun);
      joined = parts === 0 ? part : joined + part;
      parts++;
      start = -1;
      upperSeen = letter = longRun = false;
      run = 0;
    }
    if (alphanumeric) {
      if (start < 0) {
        if (!split) camelWord = lower;
        start = k;
      }
      if (upper) upperSeen = true;
      if (!digit) {
        letter = true;
        run = 0;
      } else if (++run >= 2) longRun = true;
      continue;
    }
    camelWord = false;
    if (c <= 32) {
      if (parts > 1) out.push(cut(joined));
      parts = 0;
    }
  }
  return true;
}
