/**
 * Reading a member's text as a question, in named steps: shorthand and chatter rewritten, clauses
 * split, the vocabulary's wordings found (needs the catalogue names in its own words, and things it does
 * not cover), negations and requests for a replacement noted, terms taken from each chunk, split
 * compounds joined, and the question's terms chosen with the catalogue words that bridge to them.
 * A whole message is first taken apart: its links and imports name entries, its code and logs are set
 * aside, and its asking sentences say what the question is.
 */
import { NEVER_INDEXED, QUESTION_WORDS, chunksOf, cut, partTerms, stem, twoKnownWords, wordsOf } from './words.js';

/** A member's text read as a query: what they need, in their words and, where the vocabulary knows, in ours. */
/** At most this many terms per query: more words do not help ranking, they only cost time. */
export const MAX_QUERY_TERMS = 12;

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
  /** Words the member said they do not want ("without anchor", "don't want to depend on payai"). */
  excluded: ReadonlySet<string>;
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
// Contractions are folded to one word ("isn't" → "isnt"). "Can't", "won't" and "didn't" always come before the verb that
// fails ("can't connect"), so they stay filler and the verb stays the need.
const CONTRACTED_NEGATIONS = ['dont', 'doesnt', 'isnt', 'arent', 'wasnt', 'werent'];
const NEGATIONS = new Set(['without', 'no', 'not', 'avoid', 'avoiding', 'never', ...CONTRACTED_NEGATIONS].map(stem));
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
/** After "don't" or "not", these say what the member does not want: its object is excluded, however it is joined. */
const WANTING = new Set(['want', 'wanna', 'need', 'like', 'wish'].map(stem));
const UNWANTED_LINKS = new Set(['to', 'on', 'or', 'with', 'in', 'into', 'from'].map(stem));
// "not landing", "doesn't compile", "never confirmed": a verbal negation before a verb describes what fails,
// which is the need itself; only "not using …" still names what the member does not want.
const VERBAL_NEGATIONS = new Set(['not', 'never', ...CONTRACTED_NEGATIONS].map(stem));
const SYMPTOM_VERB =
  /^(?:\w{2,}(?:ing|ed)|found|shown|seen|sent|work|works|land|lands|compile|compiles|load|loads|show|shows|confirm|confirms|go|goes|get|gets)$/;
const NOT_A_SYMPTOM = new Set(['using', 'used', 'needed', 'wanted', 'interested', 'need', 'want', 'use', 'like']);

/** Whether a verbal negation is followed by a verb saying what fails ("not landing"), not by what is unwanted. */
function describesSymptom(negation: ClauseWord, next: ClauseWord | undefined): boolean {
  if (!VERBAL_NEGATIONS.has(negation.stem) || !next) return false;
  const word = next.part.toLowerCase();
  return SYMPTOM_VERB.test(word) && !NOT_A_SYMPTOM.has(word);
}
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

/** One word of a clause: its stem, the chunk it came from ("web3.js" is one chunk of two parts), as written. */
interface ClauseWord {
  stem: string;
  chunk: number;
  part: string;
}

/** One clause of the text: its chunks (each as its parts) and its words. */
interface Clause {
  chunks: string[][];
  words: ClauseWord[];
}

/** A vocabulary wording found in the text: the member's words it covers and the catalogue words they mean. */
interface WordingMatch {
  words: string[];
  means: readonly string[];
  /** Two or more words ("charge per request"): strong evidence of the need. */
  phrase: boolean;
}

/** Everything the vocabulary found in a text. */
interface Found {
  matches: WordingMatch[];
  concepts: string[];
  outsideWords: Set<string>;
  conceptWords: Set<string>;
  /** Words inside a wording: never negated. */
  bridged: Set<ClauseWord>;
}

/** The text's clauses, each with its words; `written` keeps each stem's first spelling. */
function splitClauses(text: string, written: Map<string, string>): Clause[] {
  return text.split(CLAUSE_END).map((clause) => {
    const chunks = chunksOf(clause);
    const words = chunks.flatMap((parts, chunk) => parts.map((part) => ({ stem: stem(cut(part)), chunk, part })));
    for (const w of words) if (!written.has(w.stem)) written.set(w.stem, w.part);
    return { chunks, words };
  });
}

/**
 * A wording right after a negation that is no wording's own word ("without a local validator", "no anchor") names
 * what the member does not want: it is left unmatched, so that its words are negated like any others.
 */
function negatedWording(before: ClauseWord | undefined, first: ClauseWord | undefined, bridged: ReadonlySet<ClauseWord>): boolean {
  return before !== undefined && NEGATIONS.has(before.stem) && !bridged.has(before) && !describesSymptom(before, first);
}

/** Words after a negation (up to a clause break, at most NEGATION_REACH) are not wanted; replacement words ask for a successor. */
function findNegations(clauses: readonly Clause[], bridged: ReadonlySet<ClauseWord>): { negated: Set<string>; wantsReplacement: boolean } {
  const negated = new Set<string>();
  let wantsReplacement = false;
  for (const { words } of clauses) {
    let reach = 0;
    let unwanted = false;
    for (const [k, w] of words.entries()) {
      if (NEGATIONS.has(w.stem)) {
        reach = describesSymptom(w, words[k + 1]) ? 0 : NEGATION_REACH;
        unwanted = reach > 0 && WANTING.has(words[k + 1]?.stem ?? '');
        continue;
      }
      if (unwanted && WANTING.has(w.stem)) continue;
      if (REPLACEMENT.has(w.stem)) wantsReplacement = true;
      // "don't want to depend on payai or coinbase": what is not wanted runs on past "to", "on" and "or".
      if (CLAUSE_BREAKS.has(w.stem) && !(unwanted && UNWANTED_LINKS.has(w.stem))) reach = 0;
      if (reach > 0 && !NEVER_INDEXED.has(w.stem) && !bridged.has(w)) {
        negated.add(w.stem);
        reach--;
      }
    }
  }
  return { negated, wantsReplacement };
}

/**
 * Each chunk's terms (parts, numbers inside words), in order. A joined form ("web3.js" → web3js) only when
 * the catalogue knows it: "go-to" means its parts, not "goto".
 */
function chunkTerms(clauses: readonly Clause[], isKnown: (term: string) => boolean): string[] {
  const all: string[] = [];
  for (const { chunks } of clauses)
    for (const parts of chunks) {
      for (const part of parts) partTerms(part, all);
      const joined = cut(parts.join(''));
      if (parts.length > 1 && isKnown(joined)) all.push(joined);
    }
  return all;
}

/**
 * Split compounds the catalogue writes as one word ("react native" → reactnative, "token 2022"): one word
 * of the question, covered by an entry that has the compound or both of its parts. Wordings that held a
 * part hold the compound too.
 */
function joinCompounds(all: readonly string[], matches: readonly WordingMatch[], isKnown: (term: string) => boolean) {
  const joined: string[] = [];
  const compounds = new Map<string, string[]>();
  for (let k = 0; k < all.length; k++) {
    const a = all[k] as string;
    const b = all[k + 1];
    const compound = b === undefined ? undefined : a + b;
    if (compound !== undefined && !QUESTION_WORDS.has(a) && !QUESTION_WORDS.has(b as string) && isKnown(compound)) {
      joined.push(compound);
      compounds.set(compound, [a, b as string]);
      for (const m of matches) if (m.words.includes(a) || m.words.includes(b as string)) m.words.push(compound);
      k++;
    } else {
      joined.push(a);
      // An unknown word that is two known ones run together ("blockheight") is searched as both.
      const parts = isKnown(a) || QUESTION_WORDS.has(a) ? undefined : twoKnownWords(a, (w) => !QUESTION_WORDS.has(w) && isKnown(w));
      if (parts) compounds.set(a, parts);
    }
  }
  return { joined, compounds };
}

/**
 * The question's terms: what is left without question words, negated words and replacement words (a
 * question word inside a matched phrase means something there: "for go", "get help"); all of it if
 * nothing is left. The last `maxTerms`, as the last word may be half typed.
 */
function chooseTerms(joined: readonly string[], matches: readonly WordingMatch[], negated: ReadonlySet<string>, maxTerms: number) {
  const phraseWords = new Set(matches.filter((m) => m.phrase).flatMap((m) => m.words));
  const meaningful = joined.filter((t) => (phraseWords.has(t) || !QUESTION_WORDS.has(t)) && !negated.has(t) && !REPLACEMENT.has(t));
  const wanted = joined.filter((t) => !negated.has(t));
  const kept = meaningful.length > 0 ? meaningful : wanted.length > 0 ? wanted : joined;
  const unique = [...new Set(kept)];
  return { chosen: unique.slice(-maxTerms), kept: unique, onlyFiller: meaningful.length === 0 };
}

/**
 * Each wording's member words carry its concept's catalogue words. When the question is nothing but filler
 * around a concept ("where do i start"), the concept's first word stands in for the question.
 */
function attachBridges(chosen: string[], matches: readonly WordingMatch[], onlyFiller: boolean): Map<string, string[]> {
  const bridges = new Map<string, string[]>();
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
  return bridges;
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
  /** The first word of every wording and outside word, as written: words the vocabulary knows. */
  readonly #firstWords = new Set<string>();
  /** Shorthand read as the word it stands for, chatter as nothing; undefined when the vocabulary has neither. */
  readonly #rewrite: ((text: string) => string) | undefined;
  /** Outside names that are also everyday words ("near", "ton"), by stem: outside only when written as a name. */
  readonly #everyday: ReadonlySet<string>;

  constructor(
    concepts: readonly ConceptWords[],
    outsideWords: readonly string[],
    private readonly isKnown: (term: string) => boolean,
    spoken: {
      shorthand?: readonly { means: string; words: readonly string[] }[];
      chatter?: readonly string[];
      everyday?: readonly string[];
    } = {},
  ) {
    this.#rewrite = rewriter(spoken.shorthand ?? [], spoken.chatter ?? []);
    this.#everyday = new Set((spoken.everyday ?? []).map((w) => stem(w)));
    for (const concept of concepts) {
      const means = [...new Set(concept.means.flatMap((m) => meansTerms(m)))];
      this.#means.set(concept.id, means);
      for (const wording of concept.wordings) this.#addWording(wording, concept);
    }
    // Outside words and phrases are wordings of a concept that means nothing in the catalogue.
    const outside: ConceptWords = { id: OUTSIDE, wordings: outsideWords, means: [] };
    for (const wording of outsideWords) this.#addWording(wording, outside);
  }

  /** Does a wording of the vocabulary (or an outside word) begin with this word? Such a word is English to the search. */
  knowsWord(word: string): boolean {
    return this.#firstWords.has(word);
  }

  #addWording(wording: string, concept: ConceptWords): void {
    const firstWord = wordsOf(wording)[0];
    if (firstWord !== undefined) this.#firstWords.add(firstWord);
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

  /** Reads `typed` (already cleaned) as a query of at most `maxTerms` terms (the last ones: the last may be half typed). */
  read(typed: string, { maxTerms = MAX_QUERY_TERMS } = {}): ReadQuery {
    const written = new Map<string, string>();
    const clauses = splitClauses(this.#rewrite ? this.#rewrite(typed) : typed, written);
    const found = this.#findWordings(clauses, typed);
    const { negated, wantsReplacement } = findNegations(clauses, found.bridged);
    const { joined, compounds } = joinCompounds(chunkTerms(clauses, this.isKnown), found.matches, this.isKnown);
    const { chosen, kept, onlyFiller } = chooseTerms(joined, found.matches, negated, maxTerms);
    const bridges = attachBridges(chosen, found.matches, onlyFiller);
    if (chosen.length === 0) chosen.push(...kept.slice(0, maxTerms));
    // A word of a concept phrase ("from ethereum") is that concept's, not outside the catalogue.
    const outside = new Set(chosen.filter((t) => found.outsideWords.has(t) && !found.conceptWords.has(t)));
    for (const c of [...compounds.keys()]) if (!chosen.includes(c)) compounds.delete(c);
    const phrased = new Set(
      found.matches
        .filter((m) => m.phrase)
        .flatMap((m) => m.words)
        .filter((w) => bridges.has(w)),
    );
    const excluded = new Set([...negated].filter((t) => !chosen.includes(t)));
    return { terms: chosen, bridges, concepts: found.concepts, outside, wantsReplacement, compounds, phrased, written, excluded };
  }

  /** The vocabulary's wordings (and outside words) in each clause, matched in order; articles between words are skipped. */
  #findWordings(clauses: readonly Clause[], typed: string): Found {
    const found: Found = { matches: [], concepts: [], outsideWords: new Set(), conceptWords: new Set(), bridged: new Set() };
    let capitals: Set<string> | undefined;
    for (const { words } of clauses) {
      const phrase = words.filter((w) => !SKIPPABLE.has(w.stem));
      for (let k = 0; k < phrase.length; k++) {
        const match = (this.#wordings.get(phrase[k]?.stem ?? '') ?? []).find((c) => c.stems.every((s, j) => phrase[k + j]?.stem === s));
        if (!match || negatedWording(phrase[k - 1], phrase[k], found.bridged)) continue;
        if (match.concept.id === OUTSIDE && this.#everyday.has(match.stems.join(' '))) {
          capitals ??= capitalised(typed);
          if (!writtenAsName(phrase, k, capitals)) continue;
        }
        const matched = match.stems.map((s, j) => {
          const word = phrase[k + j];
          if (word) found.bridged.add(word);
          return s;
        });
        if (match.concept.id === OUTSIDE) for (const w of matched) found.outsideWords.add(w);
        else {
          if (!found.concepts.includes(match.concept.id)) found.concepts.push(match.concept.id);
          found.matches.push({ words: matched, means: this.#means.get(match.concept.id) ?? [], phrase: match.stems.length > 1 });
          for (const w of matched) found.conceptWords.add(w);
        }
      }
      for (const exact of this.#exactWordings) {
        if (!words.some((_, k) => exact.stems.every((s, j) => words[k + j]?.stem === s))) continue;
        if (!found.concepts.includes(exact.concept.id)) found.concepts.push(exact.concept.id);
        found.matches.push({ words: exact.stems, means: this.#means.get(exact.concept.id) ?? [], phrase: true });
      }
    }
    return found;
  }
}

/** Words beside which an everyday word is a chain's name: "on near", "from ton", "near protocol", "scroll mainnet". */
const NAME_BEFORE = new Set(['on', 'to', 'from', 'for', 'vs', 'versus', 'via', 'like'].map(stem));
const NAME_AFTER = new Set(
  ['chain', 'chains', 'network', 'mainnet', 'testnet', 'protocol', 'blockchain', 'ecosystem', 'l2', 'evm', 'bridge'].map(stem),
);

/** Is the word at `k` written as a name: capitalised (see `capitalised`), or beside a chain word? */
function writtenAsName(phrase: readonly ClauseWord[], k: number, capitals: ReadonlySet<string>): boolean {
  if (capitals.has(phrase[k]?.part ?? '')) return true;
  return NAME_BEFORE.has(phrase[k - 1]?.stem ?? '') || NAME_AFTER.has(phrase[k + 1]?.stem ?? '');
}

const CAPITALISED = /\b[A-Z][A-Za-z]*\b/g;
const OPENING_MARKS = /[\s"'(*_-]/;
const SENTENCE_END = /[.!?¿¡:;]/;

/** Words written in capitals ("TON") or capitalised inside a sentence ("deploy to Near"), lower-cased. */
function capitalised(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(CAPITALISED)) {
    const word = m[0];
    if ((word.length > 1 && word === word.toUpperCase()) || !opensSentence(text, m.index)) out.add(word.toLowerCase());
  }
  return out;
}

/** Does the text at `at` open a sentence: only spaces, quotes or brackets between it and the start or a full stop? */
function opensSentence(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && OPENING_MARKS.test(text.charAt(k)) && text.charAt(k) !== '\n') k--;
  return k < 0 || text.charAt(k) === '\n' || SENTENCE_END.test(text.charAt(k));
}

// --- Whole messages --------------------------------------------------------------------------

/** What a message says, apart: its prose, the links in it, and the packages its code and commands name. */
export interface MessageParts {
  prose: string;
  /** The sentences that ask something ("how do i…?", "is there…"): the question's words are mostly here. */
  asking: string;
  urls: string[];
  /** Each package the code names, with the registry its import or command implies (npm for an ES import, crates for `use`…). */
  packages: { name: string; registry: string | undefined }[];
}

const FENCE = /```[^\n]*\n?([\s\S]*?)(?:```|$)/g;
const URL_IN_TEXT = /https?:\/\/[^\s<>()"'`]+/gi;
// Data, not words: hex, long numbers, file paths (and base58, below).
const NOISE = /\b0x[0-9a-f]{6,}\b|\b\d{5,}\b|(?:\.{0,2}\/[\w.@-]+){2,}/gi;
/** A run of base58 letters as long as an address or a signature (or one pasted with some letters masked). */
const BASE58_RUN = /\b[1-9A-HJ-NP-Za-km-z]{24,90}\b/g;
/** A project's file ("README.md", "lib.rs", "index.ts"): data unless the catalogue knows it ("Anchor.toml"). Not ".js": libraries are named so. */
const FILE_NAME = /\b[\w-]+\.(?:md|rs|ts|tsx|py|go|sh|log|txt|lock|json|toml|ya?ml|env)\b/gi;
/** …is data when it mixes cases and has a digit before its end: "getConfirmedSignaturesForAddress2" is a method name. */
const isAddressLike = (run: string) => /\d./.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run);

/** An identifier of three or more capitalised words ("TransactionExpiredBlockheightExceededError"), an error's name. */
const PASCAL_IDENTIFIER = /\b(?:[A-Z][a-z0-9]+){3,}\b/g;

/**
 * Error and class names spelled out ("TokenAccountNotFoundError" → token account not found error): the catalogue
 * speaks of the need in words; the name itself stays only where the catalogue writes it (`known`). Two-word names
 * stay whole ("JavaScript" is not "java").
 */
export function withIdentifiersSpelled(text: string, known: (name: string) => boolean = () => false): string {
  return text.replace(PASCAL_IDENTIFIER, (name) => {
    const spelled = name.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ');
    return known(name) ? `${name} ${spelled}` : spelled;
  });
}

/**
 * The text without the data members paste in (addresses, signatures, hashes, ids, paths): none of it names a need,
 * unless the catalogue itself names that address (a program id in a description), which `known` tells.
 */
export function withoutData(text: string, known: (run: string) => boolean = () => false): string {
  const data = (run: string) => isAddressLike(run) && !known(run);
  return text
    .replace(BASE58_RUN, (run) => (data(run) ? ' ' : run))
    .replace(FILE_NAME, (name) => (known(name) ? name : ' '))
    .replace(NOISE, ' ');
}

/** Pasted text as the words a question is read from: its data dropped, its error and class names spelled out. */
export function pastedAsWords(text: string, known?: (run: string) => boolean): string {
  return withIdentifiersSpelled(withoutData(text, known), known);
}

/** Package names in code and commands: imports, requires, Rust `use`, Python `from`, and install commands. */
const PACKAGE_PATTERNS: readonly (readonly [RegExp, string | undefined])[] = [
  [/\bfrom\s+["']([@\w][\w@/.-]*)["']/g, 'npm'],
  [/\brequire\(\s*["']([@\w][\w@/.-]*)["']\s*\)/g, 'npm'],
  [/\bimport\s+["']([@\w][\w@/.-]*)["']/g, undefined],
  [/^\s*use\s+([a-z_][\w]*)::/gm, 'crates'],
  [/^\s*(?:from|import)\s+([a-z_][\w]*)(?:\.[\w.]+)?\s+import\b/gm, 'pypi'],
  [/^\s*([a-z][\w-]*)\s*=\s*(?:"|\{\s*version)/gm, 'crates'],
  [/\b(?:npm\s+(?:i|install|add)|yarn\s+add|pnpm\s+(?:add|i)|bun\s+add)\s+(?:-[-\w]+\s+)*([@\w][\w@/.-]*)/g, 'npm'],
  [/\bcargo\s+(?:add|install)\s+(?:-[-\w]+\s+)*([\w-]+)/g, 'crates'],
  [/\bpip3?\s+install\s+(?:-[-\w]+\s+)*([\w.-]+)/g, 'pypi'],
  [/\bgo\s+(?:get|install)\s+(?:-[-\w]+\s+)*([\w./-]+)/g, 'go'],
];
/** A line of code or a stack frame, not prose: set aside unless it reads like an error. */
const CODE_LINE =
  /^\s*(?:at\s|[{}()[\];]|\/\/|#|import\s|export\s|const\s|let\s|var\s|val\s|final\s|fn\s|func\s|def\s|pub\s|use\s|await\s|return\s|\w+\s*[=(]|\w+\.\w+\()/;
const ERROR_LINE =
  /\b(?:error|failed|failure|panicked|exception|invalid|not found|cannot|can't|unable|timeout|timed out|rejected|denied)\b/i;

/** The language code is written in, told by what only that language writes (most telling first): a member asking with it wants that language's tools. */
const CODE_LANGUAGES: readonly [string, RegExp][] = [
  // Python also assigns a snake_case call's result with no keyword before it and no semicolon after.
  ['python', /^\s*(?:def\s+\w+\(|from\s+[\w.]+\s+import\s|import\s+\w+\s*$|print\(|\w+\s*=\s*[\w.]*[a-z]_[a-z]\w*\([^;]*$)/m],
  ['rust', /(?:\bfn\s+\w+\s*[<(]|\blet\s+mut\s|\buse\s+\w+::|#\[derive\(|\bimpl\s+\w+|->\s*Result<|\w+::\w+\()/],
  ['go', /(?:\bfunc\s+(?:\(\w+\s+\*?\w+\)\s*)?\w+\(|:=\s|\bpackage\s+main\b|\bif\s+err\s*!=\s*nil\b)/],
  ['dart', /(?:\bvoid\s+main\(\)|\bfinal\s+\w+\s*=|\bFuture<)/],
  ['kotlin', /(?:\bfun\s+\w+\(|\bval\s+\w+\s*=)/],
  ['c#', /(?:\busing\s+\w+(?:\.\w+)*;|\bpublic\s+(?:async\s+)?(?:Task|void|class)\b)/],
  // Last: its marks ("await x", "const x =") are shared by the languages above.
  ['typescript', /(?:\bconst\s+\w+\s*(?::\s*\w+)?\s*=|\bawait\s+\w+|\bimport\s*\{[^}]*\}\s*from\s*["']|\brequire\(["'])/],
];

/** The first language the message's code is written in, if its prose does not name one already. */
function codeLanguage(code: string, prose: string): string | undefined {
  const found = CODE_LANGUAGES.find(([, pattern]) => pattern.test(code))?.[0];
  const named = /\b(?:python|rust|go|golang|typescript|javascript|js|ts|node|dart|flutter|kotlin|java|c#|csharp|unity|swift)\b/i.test(
    prose,
  );
  return found !== undefined && !named ? found : undefined;
}

/** Sentences that ask: end with "?" or start like a question or a request. */
const ASKING =
  /^(?:how|what|which|where|why|when|is|are|can|could|does|do|any|anyone|should|would|i need|i want|i'm looking|looking for|need|want|please)\b|\?\s*$/i;

/** A first line at most this long reads as a title. */
const TITLE_CHARS = 120;

/**
 * Is the message's first line a title, its first sentence whole and short? An issue's title or a chat opener
 * ("Error with swap transaction") says what a message is about as often as a question does.
 */
function isTitle(firstLine: string, firstSentence: string | undefined, clean: (t: string) => string): boolean {
  const line = firstLine.trim();
  return line.length <= TITLE_CHARS && firstSentence !== undefined && clean(line).trim() === firstSentence;
}

/** Package names the message's code, imports and commands use, in order of first appearance. */
function packagesIn(text: string): MessageParts['packages'] {
  const found: MessageParts['packages'] = [];
  for (const [pattern, registry] of PACKAGE_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      const name = match[1]?.replace(/[@^~]?[\d.]+$/, '').replace(/@[^/]*$/, (tail) => (tail.includes('/') ? tail : ''));
      if (name && name.length > 1 && !found.some((p) => p.name === name)) found.push({ name, registry });
    }
  return found;
}

/** The lines of a code block worth reading: errors and log messages, not code. */
function errorLines(code: string): string {
  return code
    .split('\n')
    .filter((line) => ERROR_LINE.test(line) && !/^\s*at\s/.test(line))
    .join('. ');
}

/** A message split into the prose a question is read from, its links and the packages it names. */
export function messageParts(text: string, known?: (run: string) => boolean): MessageParts {
  const packages = packagesIn(text);
  const urls = text.match(URL_IN_TEXT) ?? [];
  const code: string[] = [];
  // Code blocks keep only their error lines; a line of code outside a block goes too.
  const outside = text.replace(FENCE, (_, block: string) => (code.push(block), `\n${errorLines(block)}\n`));
  const lines = outside.replace(URL_IN_TEXT, ' ').split('\n');
  const kept = lines.filter((line) => ERROR_LINE.test(line) || !CODE_LINE.test(line) || (code.push(line), false));
  const clean = (t: string) => pastedAsWords(t.replace(/`([^`\n]{1,80})`/g, ' $1 '), known);
  const sentences = clean(kept.join('\n'))
    .split(/(?<=[.?!])\s+|\n+/)
    .map((x) => x.trim())
    .filter(Boolean);
  const language = codeLanguage(code.join('\n'), sentences.join(' '));
  const prose = [...sentences, ...(language ? [`${language}.`] : [])].join('. ').replace(/\.\s*\./g, '.');
  const titled = isTitle(kept.find((line) => line.trim()) ?? '', sentences[0], clean);
  const asking = [...sentences.filter((x, k) => (k === 0 && titled) || ASKING.test(x)), ...(language ? [language] : [])].join('. ');
  return { prose, asking, urls, packages };
}
