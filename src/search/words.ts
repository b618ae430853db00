/**
 * Word-level rules: filler words, plural folding and the terms a single letters-and-digits
 * part contributes (shared by documents and queries), and the other forms of a query word.
 */

// Longer terms are cut: both sides cut alike, and fuzzy matching on a 300-letter run is wasted work.
const MAX_TERM = 40;
const MIXED_PIECES = /\d{2,}|\p{L}{2,}/gu;

/** Words that carry no meaning in any field; they are never indexed. */
export const NEVER_INDEXED: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'of', 'to', 'and', 'or', 'for', 'with', 'in', 'on', 'at', 'by', 'as',
  'is', 'are', 'be', 'it', 'its', 'that', 'this', 'from', 'into', 'via',
]);

/** The longest word in NEVER_INDEXED: longer parts skip the set lookup. */
const LONGEST_FILLER = Math.max(...[...NEVER_INDEXED].map((word) => word.length));

/**
 * Words of a question rather than of a resource ("is there an sdk for dart"), plus "solana",
 * which nearly every entry mentions. They are indexed, but dropped from a query unless
 * nothing else is left. "api", "sdk", "tool" and "docs" are NOT here: they name kinds.
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  ...NEVER_INDEXED,
  'i', 'me', 'my', 'we', 'you', 'your', 'there', 'any', 'some', 'do', 'doe', 'does', 'how',
  'what', 'which', 'where', 'who', 'can', 'could', 'should', 'would', 'want', 'need', 'find',
  'get', 'good', 'best', 'recommend', 'looking', 'something', 'thing', 'please', 'help',
  'hi', 'hey', 'way', 'about', 'like', 'use', 'using', 'all', 'solana',
]);

// Plurals people type and catalogues write; irregulars the suffix rule below would miss.
const IRREGULAR: ReadonlyMap<string, string> = new Map([['apis', 'api'], ['ides', 'ide'], ['dapps', 'dapp']]);
const KEEP_S = /(?:ss|us|is|os|js|as)$/;

/** A light plural folding ("payments" → "payment", "libraries" → "library"); names like "nodejs" keep their s. */
export function stem(word: string): string {
  if (word.length < 4 || word.charCodeAt(word.length - 1) !== 115 /* s */) return word;
  const irregular = IRREGULAR.get(word);
  if (irregular) return irregular;
  if (/\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  return KEEP_S.test(word) ? word : word.slice(0, -1);
}

export function cut(term: string): string {
  return term.length > MAX_TERM ? term.slice(0, MAX_TERM) : term;
}

/** True for a word with both letters and a run of two or more digits ("x402", "token2022"). */
export function hasNumberInside(part: string): boolean {
  let letter = false;
  let run = 0;
  let longRun = false;
  for (let k = 0; k < part.length; k++) {
    const c = part.charCodeAt(k);
    if (c >= 48 && c <= 57) {
      if (++run >= 2) longRun = true;
    } else {
      letter = true;
      run = 0;
    }
  }
  return letter && longRun;
}

/**
 * The terms of one folded part: itself, plural-folded (unless it is filler), and the number
 * inside a mixed word ("x402" also gives "402", "token2022" gives "token" and "2022").
 */
export function partTerms(part: string, out: string[], mixed = hasNumberInside(part)): void {
  if (part.length > LONGEST_FILLER || !NEVER_INDEXED.has(part)) out.push(cut(stem(part)));
  if (mixed) {
    for (const piece of part.match(MIXED_PIECES) ?? []) if (piece !== part) out.push(cut(piece));
  }
}

// Endings that turn a word into another form of it; a stem keeps at least four letters.
const ENDINGS = ['ing', 'er', 'ed', 'ion', 'e', ''] as const;
const ENDING_OF = /(?:ers|er|ing|ed|ions|ion|ors|or)$/;

/**
 * Other forms of a query word the index does not know: its stem ("indexer" → "index") with each common ending
 * ("index", "indexing", "indexed"…), and with a doubled last letter undone ("swapper" → "swap").
 */
export function otherForms(term: string): string[] {
  const ending = ENDING_OF.exec(term);
  if (!ending) return [];
  const stem = term.slice(0, ending.index);
  const stems = [stem];
  if (stem.length >= 5 && stem.at(-1) === stem.at(-2)) stems.push(stem.slice(0, -1));
  const forms = new Set<string>();
  for (const s of stems) {
    if (s.length < 4) continue;
    for (const end of ENDINGS) if (s + end !== term) forms.add(s + end);
  }
  return [...forms];
}
