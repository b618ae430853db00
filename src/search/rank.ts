/** Ranking a query: name tiers first (exact, near, typo), then full-text hits; and lookup of one entry with "did you mean". */
import type { Entry, Kind } from '../catalogue/schema.js';
import { cleanInput, cleanText } from '../base/text.js';
import type { Engine, EngineHit, EngineQuery } from './engine.js';
import { editDistance, type NameIndex } from './names.js';
import {
  ANSWER_SHARE,
  PARTIAL_LABEL_SHARE,
  PARTIAL_SHARE,
  COVERAGE_STEP,
  COMMON_ENGLISH,
  DISTINCTIVE_SHARE,
  EVERYDAY_ENGLISH,
  FULL_COVERAGE,
  MAX_NEAREST,
  TIE_WEIGHTS,
  WEAK_EVIDENCE,
  NEAR_NAME_SHARE,
  PREFIX_FROM,
  TYPO_NAME_CANDIDATES,
  UNCOMMON_SHARE,
  UNKNOWN_WEIGHT,
  fuzzyDistance,
} from './tuning.js';
import { ACTION_WORDS, QUESTION_WORDS, compactKey, englishRank, fieldTerms, type QueryReader, type ReadQuery } from './words.js';

/** One ranked search result. */
export interface SearchHit {
  entry: Entry;
  score: number;
}

export interface SearchOptions {
  /** Restrict results to tabular entries of this kind. */
  kind?: Kind;
  /** At most this many hits (default 10). */
  limit?: number;
}

/** An exact match, or up to five "did you mean" candidates. */
export type LookupResult = { entry: Entry } | { entry?: undefined; candidates: Entry[] };

/** The precomputed parts of one index snapshot that the query functions read. Never mutated. */
export interface Snapshot {
  readonly entries: readonly Entry[];
  /** Entry id → position in `entries`. */
  readonly positions: ReadonlyMap<string, number>;
  readonly names: NameIndex;
  readonly engine: Engine;
  /** The empty-input autocomplete list: featured first, then by name. */
  readonly defaultEntries: readonly Entry[];
  /** Reads members' text with this catalogue's concept vocabulary. */
  readonly reader: QueryReader;
  /** What each concept suggests to a member who found nothing: its label, a kind to browse, a search. */
  readonly concepts: ReadonlyMap<string, Nearest>;
}

/** How well the catalogue answers a query. */
export type MatchState = 'full' | 'partial' | 'none';

/** A category to suggest when nothing matched: its label, and a kind to browse or a search to run. */
export interface Nearest {
  label: string;
  kind?: Kind | undefined;
  query?: string | undefined;
}

/** The search's answer to a member: the results it stands behind, and how well they meet the question. */
export interface SearchAnswer {
  /** Best first; empty when nothing in the catalogue covers the question. */
  hits: SearchHit[];
  /** full: the results cover the question; partial: some of its words matched nothing; none: nothing covers it. */
  match: MatchState;
  /** The member's words (as searched) that no listed result covers. */
  missing: string[];
  /** For "none": entries whose names are close to a word the catalogue does not know. */
  didYouMean: Entry[];
  /** For "none" (and "partial"): the categories the question's words point to. */
  nearest: Nearest[];
}

/** A full-text hit with the share of the member's need it covers. */
export interface RankedHit extends EngineHit {
  /** Share (0–1) of the question's meaningful words, weighted by rarity and by evidence, this entry supports. */
  coverage: number;
  /** The same over the distinctive words only: 1 when the entry answers the whole question. */
  distinctiveShare: number;
  /** The share of the question's words found in the entry's labels (name, aliases, package, tags). */
  labelShare: number;
  /** Every word of the entry's (two-word or longer) name is in the question. */
  named: boolean;
  featured: boolean;
}

/** A query's full-text ranking and what it was judged on. */
export interface Ranking {
  hits: RankedHit[];
  /** The member's words as searched, each with its weight; distinctive ones count towards coverage. */
  weights: ReadonlyMap<string, number>;
  distinctive: readonly string[];
  /** The question names something outside the catalogue, or a name no entry knows: no partial match stands without it. */
  vetoed: boolean;
}

/**
 * How much a word says about the need: the rarer in the catalogue, the more (an inverse
 * document frequency). A word no entry uses, or one naming something the catalogue does not
 * cover, weighs more than any word it holds: it is most likely what the question is about.
 */
export function wordWeight(frequency: number, size: number, outside: boolean, english?: number, labelled = true): number {
  const idf = (df: number) => Math.log(1 + size / (df + 0.5));
  if (outside) return Math.max(idf(frequency), idf(0) * UNKNOWN_WEIGHT);
  // An everyday English word ("talk", "code"), or a common one the catalogue only uses in passing in
  // its prose ("format", "change"), is never the rarest signal, however few entries use it.
  const common = english !== undefined && (english <= EVERYDAY_ENGLISH || (english <= COMMON_ENGLISH && !labelled));
  if (frequency > 0) return common ? Math.min(idf(frequency), idf(size * DISTINCTIVE_SHARE)) : idf(frequency);
  // Unknown to the catalogue: an everyday English word says little, another English word ("cheaply",
  // "format") something; a word that is no English at all ("django", "kubernetes") names what is asked.
  if (english !== undefined && english <= EVERYDAY_ENGLISH) return idf(size * DISTINCTIVE_SHARE);
  if (english !== undefined) return idf(size * UNCOMMON_SHARE);
  return idf(0) * UNKNOWN_WEIGHT;
}

/**
 * Incidental to a question, not what it is about: a one- or two-digit number (a version: "web3.js 2",
 * "anchor 0.31"), and an unknown word that is a bare number or everyday English ("talk", "copy").
 * Longer numbers the catalogue knows ("402", "2022") still count.
 */
function incidental(term: string, engine: Engine, bridged: boolean): boolean {
  if (/^\d{1,2}$/.test(term)) return true;
  // An amount ("100k nfts", "10m requests") says how much, not what; so does the number inside it.
  if (/^\d+[km]$/.test(term)) return true;
  if (bridged) return false;
  const frequency = engine.frequency(term);
  if (frequency <= 1 && /^\d+$/.test(term)) return true;
  // An everyday word ("let", "see", "talk") that no name or tag uses is never what a question is about,
  // even where some description happens to use it.
  const rank = englishRank(term);
  return rank !== undefined && rank <= EVERYDAY_ENGLISH && engine.labelFrequency(term) === 0;
}

// Entries are immutable, so their names' words are worked out once, on first use.
const nameWords = new WeakMap<Entry, readonly string[]>();

/** The content words of an entry's name ("Anchor CLI" → anchor, cli), without "solana" and filler. */
function wordsOfName(entry: Entry): readonly string[] {
  let words = nameWords.get(entry);
  if (!words) nameWords.set(entry, (words = fieldTerms(entry.name).filter((w) => !QUESTION_WORDS.has(w))));
  return words;
}

/**
 * Full-text hits, best first: by the weighted share of the member's distinctive words an entry
 * covers (in steps of COVERAGE_STEP, so near-equal shares tie), then within a band by TIE_WEIGHTS.
 * Words combine with OR, so a question with one unmatched word still finds things, but "python sdk"
 * puts Python libraries above every other SDK. The score is the band plus a fraction, so it
 * descends down the list.
 */
export function engineRanking(
  snapshot: Snapshot,
  query: EngineQuery,
  outside: ReadonlySet<string> = new Set(),
  phrased: ReadonlySet<string> = new Set(),
): Ranking {
  const { engine } = snapshot;
  const { hits, terms, bridges } = engine.run(query);
  const plainWeight = (t: string) =>
    wordWeight(engine.frequency(t), engine.size, outside.has(t), englishRank(t), engine.labelFrequency(t) > 0);
  // A word the catalogue never uses but the vocabulary translates ("memecoin" → spl) weighs like the catalogue's
  // words for it, not like an unknown name: it is a wording of a need the catalogue covers.
  const translated = (t: string) => {
    const own = plainWeight(t);
    if (engine.frequency(t) > 0 || outside.has(t)) return own;
    const means = (bridges.get(t) ?? []).filter((m) => engine.frequency(m) > 0);
    return means.length ? Math.min(own, Math.max(...means.map(plainWeight))) : own;
  };
  const weights = new Map(terms.map((t) => [t, translated(t)]));
  const limit = engine.size * DISTINCTIVE_SHARE;
  const bridged = (t: string) => (bridges.get(t)?.length ?? 0) > 0;
  // An action verb inside a phrase that named the need ("list of ai tools") is part of the need.
  const meaningful = terms.filter(
    (t) => outside.has(t) || (!incidental(t, engine, bridged(t)) && (!ACTION_WORDS.has(t) || phrased.has(t))),
  );
  const picked = meaningful.filter((t) => outside.has(t) || engine.frequency(t) <= limit);
  // Only common words ("sdk", "api"): they all count. Only incidental ones: then those.
  const distinctive = picked.length > 0 ? picked : meaningful.length > 0 ? meaningful : terms;
  // A question naming another chain is about that chain, and one naming something no entry knows even as
  // a typo ("django", "kubernetes": no English word either) is about that: such a word outweighs all the
  // others together, so no answer stands without it.
  // Hits that matched alike share their sets (see HitFacts): each distinct one is read once.
  const anyMatched = new Set([...new Set(hits.map((h) => h.matched))].flatMap((m) => [...m]));
  const known = (w: string) => engine.frequency(w) > 0 || englishRank(w) !== undefined;
  // Two words run together ("nocode", "webhookurl") are not a name the catalogue never heard of.
  const runTogether = (t: string) =>
    Array.from({ length: t.length - 3 }, (_, k) => k + 2).some((k) => known(t.slice(0, k)) && known(t.slice(k)));
  const unheardOf = (t: string) => !known(t) && !anyMatched.has(t) && !/\d/.test(t) && !runTogether(t);
  const dominant = meaningful.filter((t) => outside.has(t) || unheardOf(t));
  const others = meaningful.filter((t) => !dominant.includes(t)).reduce((sum, t) => sum + (weights.get(t) ?? 0), 0);
  for (const t of dominant) weights.set(t, Math.max(weights.get(t) ?? 0, others * 1.01 + 1));
  const asked = new Set(terms);
  /**
   * How strongly an entry supports one of the member's words (0–1): a word found in its name, aliases,
   * package or tags fully; a common English word found only in its description ("linked", "let") by half,
   * a passing mention; a word reached only through the vocabulary fully when a phrase of the question
   * named the need ("charge per request"), by half when a single known word did ("aws" → signing). A
   * word naming something outside the catalogue is never covered by a mention of it.
   */
  const evidence = (hit: EngineHit, t: string): number => {
    if (outside.has(t)) return 0;
    // A word the catalogue holds, found here only as the start of a longer word ("sol" in "Solana") or one edit
    // away ("test" in "the rest"), is most likely another word: a passing resemblance, never a label.
    if (hit.inexact.has(t) && engine.frequency(t) > 0) return WEAK_EVIDENCE;
    if (hit.labelled.has(t)) return 1;
    const mention = hit.direct.has(t) ? ((englishRank(t) ?? Infinity) <= COMMON_ENGLISH ? WEAK_EVIDENCE : 1) : 0;
    // The vocabulary stands in fully for a member's word when a phrase named the need (or the word is unknown) and the
    // entry is labelled with the catalogue's word for it; a concept word met only in its prose is a passing mention.
    const strong = (phrased.has(t) || engine.frequency(t) === 0) && hit.bridgedLabel.has(t);
    const bridge = hit.matched.has(t) && !hit.direct.has(t) ? (strong ? 1 : WEAK_EVIDENCE) : 0;
    // A word both mentioned and reached through a phrase's meaning ("block explorer") counts by the stronger.
    return Math.max(mention, strong ? 1 : bridge);
  };
  const total = (words: readonly string[]) => words.reduce((sum, t) => sum + (weights.get(t) ?? 0), 0) || 1;
  const meaningfulWeight = total(meaningful);
  const distinctiveWeight = total(distinctive);
  /** The share of `words` (weighted by rarity, `whole` in all) an entry supports, each word by `credit`. */
  const share = (words: readonly string[], whole: number, credit: (t: string) => number) =>
    words.reduce((sum, t) => sum + credit(t) * (weights.get(t) ?? 0), 0) / whole;
  // Shares depend only on what a hit matched, which hits that matched alike share: worked out once for each.
  const shares = new Map<ReadonlySet<string>, { coverage: number; distinctiveShare: number; labelShare: number }>();
  const sharesOf = (hit: EngineHit) => {
    let known = shares.get(hit.matched);
    if (!known) {
      known = {
        // Every meaningful word counts, by its rarity: a common word little, never nothing.
        coverage: share(meaningful, meaningfulWeight, (t) => evidence(hit, t)),
        // Whether the entry answers the whole question is judged on its distinctive words.
        distinctiveShare: share(distinctive, distinctiveWeight, (t) => evidence(hit, t)),
        labelShare: share(meaningful, meaningfulWeight, (t) => (hit.labelled.has(t) && !outside.has(t) ? 1 : 0)),
      };
      shares.set(hit.matched, known);
    }
    return known;
  };
  // Thousands of hits for a common word: each is built field by field (object spread costs several times more).
  const ranked: RankedHit[] = hits.map((hit) => {
    const entry = snapshot.entries[hit.i];
    const name = entry ? wordsOfName(entry) : [];
    const { coverage, distinctiveShare, labelShare } = sharesOf(hit);
    return {
      i: hit.i,
      score: hit.score,
      matched: hit.matched,
      direct: hit.direct,
      labelled: hit.labelled,
      inexact: hit.inexact,
      bridgedLabel: hit.bridgedLabel,
      coverage,
      distinctiveShare,
      labelShare,
      named: name.length >= 2 && name.every((w) => asked.has(w)),
      featured: entry?.featured ?? false,
    };
  });
  const best = ranked.reduce((max, h) => Math.max(max, h.score), 0) * 1.01 || 1;
  for (const hit of ranked) {
    const tie =
      TIE_WEIGHTS.named * Number(hit.named) +
      TIE_WEIGHTS.label * hit.labelShare +
      TIE_WEIGHTS.distinctive * hit.distinctiveShare +
      TIE_WEIGHTS.featured * Number(hit.featured);
    hit.score = Math.round(hit.coverage / COVERAGE_STEP) + tie + (TIE_WEIGHTS.relevance * hit.score) / best;
  }
  ranked.sort((a, b) => b.score - a.score);
  return { hits: ranked, weights, distinctive, vetoed: dominant.length > 0 };
}

// Entries are immutable, so their compacted names are worked out once, on first use.
const compactNames = new WeakMap<Entry, readonly string[]>();

function namesOf(entry: Entry): readonly string[] {
  let names = compactNames.get(entry);
  if (!names) compactNames.set(entry, (names = [entry.name, ...entry.aliases].map(compactKey)));
  return names;
}

/**
 * Among the best full-text hits, those whose name or alias is a typo of the whole query
 * ("ancor" → Anchor, "surfpol" → Surfpool), closest first. Fuzzy term matching finds them,
 * but a longer entry that mentions the name in several fields can outscore them.
 */
export function typoNames(snapshot: Snapshot, compact: string, hits: readonly Scored[]): number[] {
  const allowed = fuzzyDistance(compact);
  if (allowed === 0) return [];
  const found: { i: number; distance: number }[] = [];
  for (const { i } of hits.slice(0, TYPO_NAME_CANDIDATES)) {
    const entry = snapshot.entries[i];
    if (!entry) continue;
    let distance = allowed + 1;
    for (const name of namesOf(entry)) distance = Math.min(distance, editDistance(compact, name, allowed));
    if (distance <= allowed) found.push({ i, distance });
  }
  return found.sort((a, b) => a.distance - b.distance).map((f) => f.i);
}

/**
 * Tiers first (exact names, near completions, typos of names), whatever their full-text
 * score, then the full-text ranking. Tier hits get scores above the best full-text score, so
 * scores always descend down the list.
 */
export function mergeRanked(tiers: readonly number[], ranked: readonly Scored[]): Scored[] {
  const first = [...new Set(tiers)];
  const top = ranked[0]?.score ?? 0;
  const seen = new Set(first);
  const rest = ranked.filter((h) => !seen.has(h.i));
  return [...first.map((i, k) => ({ i, score: top + first.length - k })), ...rest];
}

/** How far down the results an entry asked to be replaced may be, for its replacement to lead. */
const REPLACED_WITHIN = 3;

/**
 * A deprecated entry brings its successor along, right after it, unless the successor already
 * ranks higher: someone asking for bankrun should meet LiteSVM. Asked for a replacement, the
 * successor comes before the entry it replaces instead (and the first one near the top leads).
 */
export function withSuccessors(
  snapshot: Snapshot,
  hits: readonly Scored[],
  accept?: (i: number) => boolean,
  { successorFirst = false, asked = new Set<string>() }: { successorFirst?: boolean; asked?: ReadonlySet<string> } = {},
): Scored[] {
  const placed = new Set<number>();
  const out: Scored[] = [];
  /** The position of the entry that replaces hit `i`, when it is to be shown with it. */
  const successorOf = (i: number): number | undefined => {
    const entry = snapshot.entries[i];
    if (entry?.successor === undefined || !(successorFirst || entry.status === 'deprecated')) return undefined;
    const next = snapshot.positions.get(entry.successor);
    const successor = next === undefined ? undefined : snapshot.entries[next];
    if (next === undefined || !successor || placed.has(next) || (accept && !accept(next))) return undefined;
    // A question that names the replacement itself ("a client that works with kit instead of web3.js") knows it.
    return successorFirst && wordsOfName(successor).every((w) => asked.has(w)) ? undefined : next;
  };
  // Asked for a replacement of something the best results hold ("is there a newer sdk than web3.js"): its
  // replacement leads the whole list, not only the entry it replaces.
  if (successorFirst) {
    for (const hit of hits.slice(0, REPLACED_WITHIN)) {
      const next = successorOf(hit.i);
      if (next === undefined) continue;
      out.push({ i: next, score: (hits[0]?.score ?? hit.score) + 1 });
      placed.add(next);
      break;
    }
  }
  for (const hit of hits) {
    if (placed.has(hit.i)) continue;
    const next = successorOf(hit.i);
    const successor = next === undefined ? undefined : { i: next, score: hit.score };
    // Asked for a replacement ("bankrun is deprecated, what instead?"): the replacement leads.
    if (successor && successorFirst) {
      out.push(successor);
      placed.add(successor.i);
    }
    out.push(hit);
    placed.add(hit.i);
    if (successor && !successorFirst) {
      out.push(successor);
      placed.add(successor.i);
    }
  }
  return out;
}

/** A position in the snapshot with a score. */
export interface Scored {
  i: number;
  score: number;
}

export const DEFAULT_LIMIT = 10;
/** A search answers a person, not a bulk export: byKind is there for whole lists. */
export const MAX_LIMIT = 100;

function limitOf(limit: unknown): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) return DEFAULT_LIMIT;
  return Math.max(0, Math.min(MAX_LIMIT, Math.floor(limit)));
}

/** Kinds a maintainer may use for the same sort of thing; browsing one shows both. */
const NEAR_SYNONYMS: Readonly<Partial<Record<Kind, Kind>>> = {
  DOCS: 'DOCUMENTATION',
  DOCUMENTATION: 'DOCS',
  TOOL: 'TOOLING',
  TOOLING: 'TOOL',
  GITHUB: 'REPO',
  REPO: 'GITHUB',
};

/** A kind and its near-synonym, if it has one: what browsing `kind` shows. */
export function kindGroup(kind: Kind): Kind[] {
  const other = NEAR_SYNONYMS[kind];
  return other === undefined ? [kind] : [kind, other];
}

/** The kind an entry is browsed under: a tabular entry's own kind, a card's `browse` kind. */
export function browseKind(entry: Entry | undefined): Kind | undefined {
  if (!entry) return undefined;
  return entry.form === 'tabular' ? entry.kind : entry.browse;
}

/** A test that keeps entries browsed under `kind` or its near-synonym (cards by their `browse` kind). */
export function kindFilter(snapshot: Snapshot, kind: Kind | undefined): ((i: number) => boolean) | undefined {
  if (kind === undefined) return undefined;
  const group = new Set(kindGroup(kind));
  const { entries } = snapshot;
  return (i) => {
    const browse = browseKind(entries[i]);
    return browse !== undefined && group.has(browse);
  };
}

/** The answer to a member's query: name matches first, then the full-text results it stands behind. */
export function answer(snapshot: Snapshot, query: unknown, options: SearchOptions = {}): SearchAnswer {
  const text = cleanInput(query);
  if (text === '' || limitOf(options.limit) === 0) return NOTHING;
  const compact = compactKey(text);
  const near = compact.length >= PREFIX_FROM ? snapshot.names.nearCompletions(compact, NEAR_NAME_SHARE) : [];
  const exact = snapshot.names.exact(text);
  return answerRead(snapshot, snapshot.reader.read(text), options, {
    named: [...exact, ...near],
    // A typo of a name only matters when no name matched as typed.
    typoOf: exact.length === 0 ? compact : undefined,
  });
}

const NOTHING: SearchAnswer = Object.freeze({ hits: [], match: 'none', missing: [], didYouMean: [], nearest: [] });

/** What a question names outright (entries that lead whatever their text scores), and a whole-name typo to try. */
interface Named {
  named: readonly number[];
  typoOf?: string | undefined;
}

/** The answer for a read question: names it names first, then the full-text results it stands behind. */
function answerRead(snapshot: Snapshot, read: ReadQuery, options: SearchOptions, names: Named): SearchAnswer {
  const limit = limitOf(options.limit);
  const accept = kindFilter(snapshot, options.kind);
  // Single letters match too much to rank anything; only an exact name can answer them.
  const ranking = read.terms.some((t) => t.length > 1)
    ? engineRanking(
        snapshot,
        { terms: read.terms, bridges: read.bridges, compounds: read.compounds, prefixFrom: PREFIX_FROM, ...(accept && { accept }) },
        read.outside,
        read.phrased,
      )
    : { hits: [], weights: new Map<string, number>(), distinctive: [], vetoed: false };
  // A whole-name typo ("surfpol") only when some word of the question is unknown: "swift sdk" is no typo of "shyft sdk".
  const unknownWord = ranking.distinctive.some((t) => snapshot.engine.frequency(t) === 0);
  const typos = names.typoOf === undefined || !unknownWord ? [] : typoNames(snapshot, names.typoOf, ranking.hits);
  const tiers = [...names.named, ...typos].filter((i) => !accept || accept(i));
  const bestDistinctive = ranking.hits.reduce((max, h) => Math.max(max, h.distinctiveShare), 0);
  // Enough of the need, or (a long message with context no entry names) enough of it in what the entry is about.
  const enough = (h: RankedHit) =>
    h.coverage >= ANSWER_SHARE || (!ranking.vetoed && h.coverage >= PARTIAL_SHARE && h.labelShare >= PARTIAL_LABEL_SHARE);
  const answered = tiers.length > 0 || ranking.hits.some(enough);
  const match: MatchState = !answered ? 'none' : tiers.length > 0 || bestDistinctive >= FULL_COVERAGE ? 'full' : 'partial';
  const nearest = read.concepts.flatMap((id) => {
    const concept = snapshot.concepts.get(id);
    return concept ? [concept] : [];
  });
  if (match === 'none') {
    return { ...NOTHING, didYouMean: closeNames(snapshot, ranking, accept), nearest: nearest.slice(0, MAX_NEAREST) };
  }
  // Never a weak match as an answer: results must cover at least ANSWER_SHARE of the need, or be about part of it.
  const strong = ranking.hits.filter(enough);
  const ordered = withSuccessors(snapshot, mergeRanked(tiers, strong), accept, {
    successorFirst: read.wantsReplacement,
    asked: new Set(read.terms),
  }).slice(0, limit);
  const hits = ordered.flatMap(({ i, score }) => {
    const entry = snapshot.entries[i];
    return entry ? [{ entry, score }] : [];
  });
  const listed = new Set(ordered.slice(0, DEFAULT_LIMIT).map((h) => h.i));
  const covered = new Set(ranking.hits.filter((h) => listed.has(h.i)).flatMap((h) => [...h.matched]));
  const missing = match === 'partial' ? ranking.distinctive.filter((t) => !covered.has(t)).map((t) => read.written.get(t) ?? t) : [];
  return { hits, match, missing, didYouMean: [], nearest: match === 'partial' ? nearest.slice(0, MAX_NEAREST) : [] };
}

/** The most words of a message that become its question: its rarest ones, in the order written. */
const MESSAGE_WORDS = 12;
/** How much of a message is read: Discord allows 4,000 characters; a question is in the first few hundred words. */
const MESSAGE_CHARS = 4_000;
const URL_IN_TEXT = /https?:\/\/[^\s<>()"'`]+/gi;
// Tokens that are data, not words: addresses and signatures (long base58), hex, long numbers, file paths.
const NOISE = /\b[1-9A-HJ-NP-Za-km-z]{32,90}\b|\b0x[0-9a-f]{6,}\b|\b\d{5,}\b|(?:\.{0,2}\/[\w.-]+){2,}/gi;

/** A URL reduced to what identifies a page: host without "www.", path without a trailing slash, lower case. */
function urlKey(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Entries whose link is a link in the text, or a page above one (the longest such link per URL). */
function linkedEntries(snapshot: Snapshot, urls: readonly string[]): number[] {
  const found: number[] = [];
  for (const url of urls) {
    const key = urlKey(url);
    if (!key) continue;
    let best: { i: number; length: number }[] = [];
    snapshot.entries.forEach((entry, i) => {
      const own = entry.url ? urlKey(entry.url) : undefined;
      if (!own || !(key === own || key.startsWith(`${own}/`))) return;
      if (best.length === 0 || own.length > (best[0]?.length ?? 0)) best = [{ i, length: own.length }];
      else if (own.length === best[0]?.length) best.push({ i, length: own.length });
    });
    for (const b of best) if (!found.includes(b.i)) found.push(b.i);
  }
  return found;
}

/**
 * The answer for a whole message ("Find resources" on any message): a question written at length,
 * an error pasted with code, a link. Links to catalogued pages name their entries; data such as
 * addresses and hashes is set aside; of the remaining words the rarest in the catalogue become
 * the question, so a long message is judged on what it is about.
 */
export function answerMessage(snapshot: Snapshot, message: unknown, options: SearchOptions = {}): SearchAnswer {
  if (typeof message !== 'string') return NOTHING;
  const text = cleanText(message.slice(0, MESSAGE_CHARS), { keepNewlines: true });
  const urls = text.match(URL_IN_TEXT) ?? [];
  const linked = linkedEntries(snapshot, urls);
  const prose = text.replace(URL_IN_TEXT, ' ').replace(NOISE, ' ');
  const read = snapshot.reader.read(prose.replace(/\n+/g, '. '), { maxTerms: Infinity });
  const { engine } = snapshot;
  const weight = (t: string) =>
    wordWeight(engine.frequency(t), engine.size, read.outside.has(t), englishRank(t), engine.labelFrequency(t) > 0);
  const rarest = new Set([...read.terms].sort((a, b) => weight(b) - weight(a)).slice(0, MESSAGE_WORDS));
  const terms = read.terms.filter((t) => rarest.has(t));
  if (terms.length === 0 && linked.length === 0) return NOTHING;
  return answerRead(snapshot, { ...read, terms }, options, { named: linked });
}

/** Ranked hits for `query`, as `answer` gives them: empty when nothing in the catalogue covers it. */
export function search(snapshot: Snapshot, query: unknown, options: SearchOptions = {}): SearchHit[] {
  return answer(snapshot, query, options).hits;
}

/**
 * "Did you mean" for a question nothing covers: entries named like one of its words that the
 * catalogue does not know (a misspelt name inside a sentence, "how do i use surfpol").
 */
function closeNames(snapshot: Snapshot, ranking: Ranking, accept?: (i: number) => boolean): Entry[] {
  const found = new Set<number>();
  for (const term of ranking.distinctive) {
    if (snapshot.engine.frequency(term) > 0 || term.length < 4) continue;
    for (const i of snapshot.names.closeTo(term, fuzzyDistance(term) || 1)) if (!accept || accept(i)) found.add(i);
  }
  return [...found].slice(0, MAX_CANDIDATES).flatMap((i) => {
    const entry = snapshot.entries[i];
    return entry ? [entry] : [];
  });
}

/** How many "did you mean" candidates a failed lookup offers. */
export const MAX_CANDIDATES = 5;

/**
 * The entry `text` names exactly (id, name, alias or package id, compared like catalogue
 * names), or up to five close candidates from the fuzzy search.
 */
export function lookup(snapshot: Snapshot, text: unknown): LookupResult {
  const cleaned = cleanInput(text);
  if (cleaned === '') return { candidates: [] };
  // Autocomplete sends the chosen entry's id, so that is the common case.
  const byId = snapshot.entries[snapshot.positions.get(cleaned.toLowerCase()) ?? -1];
  if (byId) return { entry: byId };
  const named = snapshot.names.named(cleaned);
  const entry = named === undefined ? undefined : snapshot.entries[named];
  if (entry) return { entry };
  return { candidates: search(snapshot, cleaned, { limit: MAX_CANDIDATES }).map((hit) => hit.entry) };
}
