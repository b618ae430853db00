/**
 * Questions in the bot's other languages, read as English: the glossaries (`catalogue/language.*.yaml`)
 * map each language's words to the English words the search reads, and its filler to nothing. The
 * question's language is the caller's locale when its words are there, or the language whose words it uses.
 */
import type { Glossary } from '../catalogue/languages.js';
import { defaultSearchSettings } from './options.js';
import { englishRank, readDataPackage } from './words.js';

/**
 * The stopwords-iso code of each locale written in Latin letters. Only there can a function word pass for English:
 * a word in another script is never kept unless a glossary reads it.
 */
const ISO_LANGUAGE: Readonly<Record<string, string>> = { 'es-ES': 'es', 'pt-BR': 'pt', fr: 'fr', tr: 'tr', vi: 'vi' };

/**
 * A language's function words (stopwords-iso), as filler after the glossary's own. A glossary lists the filler its
 * translators thought of; a function word it missed that English subtitles happen to hold ("autre", "que") was kept
 * as an uncommon English word, weighed like a name, and could make the search say "nothing". Words English uses
 * every day stay out: they weigh nothing already, and some ("no") carry a negation the reader acts on.
 */
function functionWords(locale: string, everydayEnglish: number): readonly string[] {
  const code = ISO_LANGUAGE[locale];
  if (code === undefined) return [];
  // Worked out once per language: a catalogue reload builds a new translator from the same lists.
  const key = `${code} ${everydayEnglish}`;
  let words = functionWordLists.get(key);
  if (!words) {
    isoLists ??= latinScriptLists();
    words = (isoLists.get(code) ?? []).filter((word) => (englishRank(word) ?? Infinity) > everydayEnglish);
    functionWordLists.set(key, words);
  }
  return words;
}
let isoLists: ReadonlyMap<string, readonly string[]> | undefined;
/** Only the languages above, of the package's 58: the rest would stay in memory for nothing. */
function latinScriptLists(): ReadonlyMap<string, readonly string[]> {
  const all = readDataPackage('stopwords-iso') as Record<string, string[]>;
  return new Map(Object.values(ISO_LANGUAGE).map((code) => [code, all[code] ?? []]));
}
const functionWordLists = new Map<string, readonly string[]>();

/** A question read into English: the text the search reads, and whether any translating happened. */
export interface Translated {
  text: string;
  /** The locale whose words were read, when the question was not (only) English. */
  locale: string | undefined;
}

/** One word of a wording, ready to compare: as written, without accents, and whether it is a stem ("walle*"). */
interface WordForm {
  own: string;
  bare: string;
  stem: boolean;
  hangul: boolean;
}

/** One wording as matched: its words, each a full word or (ending with "*") a stem. */
interface Wording {
  words: readonly string[];
  forms: readonly WordForm[];
  /** Its length in characters, words joined by spaces: of two wordings with as many words, the longer wins. */
  span: number;
  /** The English it stands for; empty for filler. */
  means: string;
  locale: string;
  /** Filler matches only as written (accents aside): "con" must not swallow "config". */
  exact: boolean;
}

/**
 * Scripts written without spaces: a wording matches anywhere inside a run of them. The long-vowel mark ("ー" in
 * トークン, バリデーター) is of no script of its own; it belongs to the word around it. One class, for the test and
 * for the tokens: when the two disagreed, every katakana word with the mark was cut in two.
 */
const UNSPACED_CHARS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー';
const UNSPACED = new RegExp(`[${UNSPACED_CHARS}]`, 'u');
const HANGUL = /\p{Script=Hangul}/u;
const NON_ASCII = /[^\p{ASCII}]/u;
const SPANISH_OPENING = /[¿¡]/;
/** A word of letters, marks and digits, perhaps ending with "*": one token as it stands. */
const ONE_TOKEN = /^[\p{L}\p{M}\p{N}]+\*?$/u;
const MARKS = /\p{M}+/gu;
const SPACED_LETTER = `(?![${UNSPACED_CHARS}])[\\p{L}\\p{M}\\p{N}]`;
/**
 * A word (letters and marks, digits, and the joiners of names such as web3.js), or one unspaced character.
 * Apostrophes split ("l'idl" is "l" and "idl", "api'si" is "api" and "si").
 */
const TOKEN = new RegExp(`[${UNSPACED_CHARS}]|(?:${SPACED_LETTER})+(?:[._-](?:${SPACED_LETTER})+)*`, 'gu');
/** How many letters a Latin or Cyrillic word may have beyond a wording and still match it ("billeteras"). */
const ENDING_SLACK = 3;
/** Accents may be left out (typed "como" for "cómo") on words this long; shorter ones are too ambiguous. */
const FOLD_FROM = 4;
/** Punctuation other scripts use, as the English reader splits clauses on it. */
const PUNCTUATION: Readonly<Record<string, string>> = {
  '？': '?',
  '，': ',',
  '。': '.',
  '、': ',',
  '！': '!',
  '；': ';',
  '：': ':',
  '（': '(',
  '）': ')',
};

const lower = (text: string) => text.normalize('NFKC').toLowerCase();
const stripAccents = (text: string) => text.normalize('NFKD').replace(MARKS, '').normalize('NFC');

/** A token of the question, with its position, as typed and without accents. */
interface Token {
  text: string;
  bare: string;
  start: number;
  end: number;
  unspaced: boolean;
}

/**
 * Whether a word no glossary knows stays in the English text: an English word or one the catalogue uses (`keep`), or a
 * name joined with dots, dashes or underscores ("solana-bankrun", "json-rpc", "web3.js"), which no language writes as a word.
 */
function keptAsTyped(text: string, keep: (word: string) => boolean): boolean {
  if (NON_ASCII.test(text)) return false;
  return keep(text) || /^[a-z0-9]+(?:[._-][a-z0-9]+)+$/.test(text);
}

/** Korean writes its particles onto the word before ("Kit로", "Anchor에서"): the Latin word in front of them. */
const LATIN_BEFORE_HANGUL = /^([a-z0-9]+(?:[._-][a-z0-9]+)*)\p{Script=Hangul}/u;

/** What of an unknown token stays in the English text: all of it, the Latin word before a Korean particle, or nothing. */
function keptPart(text: string, keep: (word: string) => boolean): string {
  if (keptAsTyped(text, keep)) return text;
  const head = LATIN_BEFORE_HANGUL.exec(text)?.[1];
  return head !== undefined && keptAsTyped(head, keep) ? head : ' ';
}

function tokensOf(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({
    text: m[0],
    bare: stripAccents(m[0]),
    start: m.index,
    end: m.index + m[0].length,
    unspaced: UNSPACED.test(m[0]),
  }));
}

function formOf(word: string): WordForm {
  const stem = word.endsWith('*');
  const own = stem ? word.slice(0, -1) : word;
  return { own, bare: stripAccents(own), stem, hangul: HANGUL.test(own) };
}

/** Does the typed token match the wording's word? */
function wordMatches(word: WordForm, token: Token, exact: boolean): boolean {
  // Accents left out are accepted (typed "como" for "cómo"); accents typed are read as typed ("bằng" is not "bảng").
  const fold = token.text === token.bare && word.own.length >= FOLD_FROM;
  const form = token.text;
  if (exact) return form === word.own || (fold && form === word.bare);
  return matchesAs(word.own, word, form) || (fold && matchesAs(word.bare, word, form));
}

/** Does `form` match `own` (the word as written, or without accents)? */
function matchesAs(own: string, word: WordForm, form: string): boolean {
  if (word.stem) return form.startsWith(own);
  if (form === own) return true;
  return word.hangul ? form.startsWith(own) : own.length >= 3 && form.startsWith(own) && form.length - own.length <= ENDING_SLACK;
}

/** Does the wording match the tokens from `k` on? */
function wordingAt(wording: Wording, tokens: readonly Token[], k: number): boolean {
  for (let j = 0; j < wording.forms.length; j++) {
    const token = tokens[k + j];
    if (token === undefined || token.unspaced || !wordMatches(wording.forms[j] as WordForm, token, wording.exact)) return false;
  }
  return true;
}

/** Spaced wordings are found by the first two letters of their first word (accents aside), or its one letter. */
const keyOf = (bare: string) => bare.slice(0, 2);

/**
 * The glossaries of one catalogue, ready to read questions with: spaced wordings by the start of their
 * first word, unspaced ones (Chinese, Japanese) by their first character; longer wordings win.
 */
export class Translator {
  readonly #spaced = new Map<string, Wording[]>();
  /** Each spaced wording's place when all are sorted longest first: of two matches, the earlier wins. */
  readonly #order = new Map<Wording, number>();
  readonly #unspaced = new Map<string, Wording[]>();
  readonly #locales: readonly string[];

  /** `everydayEnglish`: the rank up to which an English word is everyday (the search settings' own), kept as typed. */
  constructor(glossaries: readonly Glossary[], everydayEnglish = defaultSearchSettings.everydayEnglish) {
    this.#locales = glossaries.map((g) => g.locale);
    for (const g of glossaries) {
      for (const item of g.words) for (const w of item.words) this.#add(w, item.means, g.locale, false);
      for (const w of g.filler) this.#add(w, '', g.locale, true);
      // A function word the glossary already reads ("nuevos" by "nuev*") keeps the glossary's meaning.
      for (const w of functionWords(g.locale, everydayEnglish)) if (!this.#reads(w, g.locale)) this.#add(w, '', g.locale, true);
    }
    const longestFirst = (a: Wording, b: Wording) => b.words.length - a.words.length || b.span - a.span;
    [...this.#spaced.values()]
      .flat()
      .sort(longestFirst)
      .forEach((w, i) => this.#order.set(w, i));
    for (const list of [...this.#spaced.values(), ...this.#unspaced.values()]) list.sort(longestFirst);
  }

  /**
   * Whether a wording of `locale` already reads `word` (a word of one token; anything else counts as read). Called
   * while wordings are still being added, before their order is known: any match will do.
   */
  #reads(word: string, locale: string): boolean {
    const tokens = tokensOf(lower(word));
    return tokens.length !== 1 || this.#bestByLocale(tokens, 0).has(locale);
  }

  /** The spaced wordings that may match at a token: those keyed by its first two letters, and by its first letter alone. */
  #candidates(token: Token): Wording[] {
    const two = token.bare.length >= 2 ? (this.#spaced.get(keyOf(token.bare)) ?? []) : [];
    return [...two, ...(this.#spaced.get(token.bare.charAt(0)) ?? [])];
  }

  /** Of the spaced wordings matching at token `k`, the best of each locale. */
  #bestByLocale(tokens: readonly Token[], k: number): Map<string, Wording> {
    const best = new Map<string, Wording>();
    for (const wording of this.#candidates(tokens[k] as Token)) {
      const held = best.get(wording.locale);
      if (held && (this.#order.get(held) ?? 0) < (this.#order.get(wording) ?? 0)) continue;
      if (wordingAt(wording, tokens, k)) best.set(wording.locale, wording);
    }
    return best;
  }

  #add(text: string, means: string, locale: string, exact: boolean): void {
    const lowered = lower(text);
    const first = lowered.charAt(0);
    if (first === '') return;
    const unspaced = UNSPACED.test(first);
    // Words as the question's tokens will be: split the same way, a stem keeping its "*".
    const words = unspaced
      ? [lowered.replace(/[\s*]+/g, '')]
      : lowered.split(/\s+/).flatMap((word) => {
          // Most words are one token already; the token pattern is only needed to split the others.
          if (ONE_TOKEN.test(word) && !UNSPACED.test(word)) return [word];
          const parts = tokensOf(word).map((t) => t.text);
          if (word.endsWith('*') && parts.length > 0) parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''}*`;
          return parts;
        });
    if (words.length === 0 || words[0] === '') return;
    const map = unspaced ? this.#unspaced : this.#spaced;
    const wording = { words, forms: words.map(formOf), span: words.join(' ').length, means, locale, exact };
    const key = unspaced ? first : keyOf(wording.forms[0]?.bare ?? '');
    const list = map.get(key);
    if (list) list.push(wording);
    else map.set(key, [wording]);
  }

  /** Whether any glossary is loaded. */
  get empty(): boolean {
    return this.#locales.length === 0;
  }

  /**
   * `typed` as the English search reads it. Words of the question's language become their English
   * meaning, its filler goes, and a word no glossary knows stays only when `keep` says so (an English word,
   * a product's name): a foreign word read as an unknown name would make the search say "nothing".
   */
  translate(typed: string, hint: string | undefined, keep: (word: string) => boolean): Translated {
    if (this.empty) return { text: typed, locale: undefined };
    const text = lower(typed);
    // A kept word keeps its capitals ("TON", "NEAR" are names) when lowering left every position in place.
    const cased = typed.normalize('NFKC');
    const samePlaces = cased.length === text.length;
    const asTyped = (token: Token) => (samePlaces ? cased.slice(token.start, token.end) : token.text);
    const tokens = tokensOf(text);
    const locale = this.#languageOf(text, tokens, hint, keep);
    if (locale === undefined) return { text: typed, locale: undefined };
    const out: string[] = [];
    let last = 0;
    for (let k = 0; k < tokens.length;) {
      const token = tokens[k] as Token;
      out.push(punctuationIn(text.slice(last, token.start)));
      const found = this.#matchAt(tokens, k, locale);
      if (found) {
        out.push(` ${found.wording.means} `);
        k += found.length;
      } else {
        const kept = token.unspaced ? ' ' : keptPart(token.text, keep);
        out.push(kept === token.text ? asTyped(token) : kept);
        k++;
      }
      last = (tokens[k - 1] as Token).end;
    }
    out.push(punctuationIn(text.slice(last)));
    return { text: out.join('').replace(/\s+/g, ' ').trim(), locale };
  }

  /**
   * The language of a question: the hinted locale when any of its wordings matches, else the locale with
   * the most matching words a speaker of English would not write, if any. A question with a word in an
   * unspaced script or Cyrillic or Hangul is never English.
   */
  #languageOf(text: string, tokens: readonly Token[], hint: string | undefined, keep: (word: string) => boolean): string | undefined {
    const score = new Map<string, number>();
    const add = (locale: string, points: number) => score.set(locale, (score.get(locale) ?? 0) + points);
    // Only Spanish opens a question or an exclamation with a mark of its own.
    if (this.#locales.includes('es-ES') && tokens.length > 0 && SPANISH_OPENING.test(text)) add('es-ES', 2);
    for (let k = 0; k < tokens.length; k++) {
      const token = tokens[k] as Token;
      const foreign = NON_ASCII.test(token.text) || !keep(token.text);
      if (token.unspaced) {
        // An unspaced wording is any locale's: it counts for every one, as a foreign word.
        if (this.#unspacedAt(tokens, k)) for (const locale of this.#locales) add(locale, 2);
        continue;
      }
      for (const [locale, wording] of this.#bestByLocale(tokens, k)) add(locale, foreign ? 2 : wording.words.length > 1 ? 1 : 0);
    }
    // The member's own locale needs only one of its wordings, however English that word also looks ("para", "hay"),
    // or a word in another script than English ("Helius の LaserStream だけ使いたい" has no wording, but is not English).
    if (hint !== undefined && (score.has(hint) || (this.#locales.includes(hint) && tokens.some((t) => NON_ASCII.test(t.text)))))
      return hint;
    const best = [...score].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
    return best !== undefined && best[1] >= 2 ? best[0] : undefined;
  }

  /** The longest wording of `locale` (or, for unspaced scripts, of any locale) at token `k`. */
  #matchAt(tokens: readonly Token[], k: number, locale: string): { wording: Wording; length: number } | undefined {
    const token = tokens[k] as Token;
    if (token.unspaced) return this.#unspacedAt(tokens, k);
    const wording = this.#bestByLocale(tokens, k).get(locale);
    return wording && { wording, length: wording.words.length };
  }

  /** Chinese and Japanese: the longest wording spelled by the unspaced characters from token `k` on. */
  #unspacedAt(tokens: readonly Token[], k: number): { wording: Wording; length: number } | undefined {
    let run = '';
    for (
      let j = k;
      j < tokens.length && (tokens[j] as Token).unspaced && (j === k || (tokens[j] as Token).start === (tokens[j - 1] as Token).end);
      j++
    )
      run += (tokens[j] as Token).text;
    for (const wording of this.#unspaced.get(run.charAt(0)) ?? []) {
      const word = wording.words[0] ?? '';
      // Unspaced tokens are single code points, so the wording spans as many tokens as it has code points.
      if (run.startsWith(word)) return { wording, length: Array.from(word).length };
    }
    return undefined;
  }
}

/** Other scripts' punctuation as ASCII, so the English reader ends clauses at it. */
function punctuationIn(text: string): string {
  let out = '';
  for (const c of text) out += PUNCTUATION[c] ?? c;
  return out;
}
