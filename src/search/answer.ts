/**
 * The query path, as a chain of named steps: read the question (a whole message set apart, another language
 * read as English, the vocabulary's bridges found) → retrieve candidates → weigh the need → rank the
 * candidates by the fitted model → decide (an answer, the nearest matches, or an honest "nothing") → bring
 * successors along.
 */
import { cleanInput, cleanText } from '../base/text.js';
import type { Entry, Kind } from '../catalogue/schema.js';
import type { Engine, EngineHit, EngineResult } from './engine.js';
import { kindFilter } from './kinds.js';
import type { Translator } from './languages.js';
import { editDistance, type NameIndex } from './names.js';
import { fuzzyDistance, type SearchSettings } from './options.js';
import { NO_ANSWER, memoryOf, type AskedBefore } from './examples.js';
import {
  FEATURE_AT,
  excludedByName,
  LIST_FEATURES,
  featuresOf,
  rankScore,
  says,
  runTogether,
  termWeight,
  wordsOfName,
  type FeatureName,
  type FeatureVector,
  type ListFeature,
  type Models,
  type NamedTiers,
  type Need,
  type TermWeights,
} from './rank.js';
import { pageKey } from '../base/url.js';
import { ACTION_WORDS, messageParts, pastedAsWords, type MessageParts, type QueryReader, type ReadQuery } from './read.js';
import { compactKey, droppedLetterOfCommonWord, englishRank, fieldTerms, stem } from './words.js';

/** One ranked search result. */
export interface SearchHit {
  entry: Entry;
  score: number;
}

export interface SearchOptions {
  /** Restrict results to entries browsed under this kind. */
  kind?: Kind | undefined;
  /** At most this many hits (default 10). */
  limit?: number | undefined;
  /** The text is a whole message (a long question, an error pasted with code, a link). */
  message?: boolean | undefined;
  /** The member's locale: a question in that language is read with its glossary first. */
  locale?: string | undefined;
}

/** How well the catalogue answers a query. */
export type MatchState = 'full' | 'partial' | 'none';

/** A category to suggest when nothing matched: its label, and a kind to browse or a search to run. */
export interface Nearest {
  label: string;
  kind?: Kind | undefined;
  query?: string | undefined;
}

/** The search's answer to a member: the results it stands behind, and how sure it is of them. */
export interface SearchAnswer {
  /** Best first; empty when nothing in the catalogue covers the question. */
  hits: SearchHit[];
  /** full: the first result answers the question; partial: the nearest matches, not sure they fit; none: nothing covers it. */
  match: MatchState;
  /** The member's words (as written) that no listed result covers. */
  missing: string[];
  /** For "none": entries whose names are close to a word the catalogue does not know. */
  didYouMean: Entry[];
  /** For "none" and "partial": the categories the question's words point to. */
  nearest: Nearest[];
}

/** The precomputed parts of one index snapshot that the query path reads. Never mutated. */
export interface Snapshot {
  readonly entries: readonly Entry[];
  /** Entry id → position in `entries`. */
  readonly positions: ReadonlyMap<string, number>;
  readonly names: NameIndex;
  readonly engine: Engine;
  /** The empty-input autocomplete list: featured first, then by name. */
  readonly defaultEntries: readonly Entry[];
  readonly reader: QueryReader;
  readonly translator: Translator;
  /** What each concept suggests to a member who found nothing: its label, a kind to browse, a search. */
  readonly concepts: ReadonlyMap<string, Nearest>;
  /** Entry positions by the page they link (see pageKey). */
  readonly pages: ReadonlyMap<string, readonly number[]>;
  readonly settings: SearchSettings;
  readonly models: Models;
  /** Plain word weights and each entry's asks, remembered for this catalogue. */
  readonly weights: TermWeights;
}

/** A member's text, read: the question's words and what it names outright. */
export interface Question extends ReadQuery {
  /** A whole message (its rarest words are the question); a short one may be a name. */
  long: boolean;
  /** The text as cleaned, when short: compared with names as a whole. */
  text: string | undefined;
  /** Entries its links and code name. */
  linked: readonly number[];
  /** For a message: the words of its asking sentences, which weigh double in its need. */
  asking: ReadonlySet<string>;
}

/** A candidate with its evidence and its score under the fitted ranker. */
export interface RankedCandidate {
  hit: EngineHit;
  features: FeatureVector;
  score: number;
}

/** A question's ranked candidates and what the two decisions read. */
export interface Ranking {
  question: Question;
  need: Need;
  named: NamedTiers;
  ranked: RankedCandidate[];
  /** What questions answered before say of this one, by entry id: the closest one's closeness, the vote share (see examples.ts). */
  asked: AskedBefore;
  list: Float64Array;
}

export const DEFAULT_LIMIT = 10;
/** A search answers a person, not a bulk export: byKind is there for whole lists. */
export const MAX_LIMIT = 100;
/** How many "did you mean" candidates a failed lookup offers. */
export const MAX_CANDIDATES = 5;
/** How many categories a no-answer reply suggests. */
const MAX_NEAREST = 3;
/** How far down the results an entry asked to be replaced may be, for its replacement to lead. */
const REPLACED_WITHIN = 3;
/**
 * A listed result covers at least this share of what the first one covers (or is named): below it, a
 * candidate matched only a passing word and would be noise in the list.
 */
const LIST_SHARE = 0.5;

const NOTHING: SearchAnswer = Object.freeze({ hits: [], match: 'none', missing: [], didYouMean: [], nearest: [] });

function limitOf(limit: unknown): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) return DEFAULT_LIMIT;
  return Math.max(0, Math.min(MAX_LIMIT, Math.floor(limit)));
}

/** The answer to a member's question or message. */
export function answer(snapshot: Snapshot, query: unknown, options: SearchOptions = {}, models = snapshot.models): SearchAnswer {
  if (limitOf(options.limit) === 0) return NOTHING;
  const ranking = rankingFor(snapshot, query, options, models);
  if (!ranking) return NOTHING;
  return decide(snapshot, ranking, options, models);
}

/** Ranked hits for `query`, as `answer` gives them: empty when nothing in the catalogue covers it. */
export function search(snapshot: Snapshot, query: unknown, options: SearchOptions = {}): SearchHit[] {
  return answer(snapshot, query, options).hits;
}

/** Every step up to the decision: read, retrieve, weigh, rank. Undefined when the text holds no question. */
export function rankingFor(snapshot: Snapshot, query: unknown, options: SearchOptions, models = snapshot.models): Ranking | undefined {
  const question = readQuestion(snapshot, query, options);
  if (!question) return undefined;
  const retrieved = retrieve(snapshot, question, options);
  const need = weighNeed(snapshot, question, retrieved);
  const named = namedTiers(snapshot, question, retrieved, need, options);
  const asked = memoryOf(models.examples, snapshot.positions).similar(query as string);
  const ranked = rankCandidates(snapshot, retrieved.hits, need, named, models, question.long, asked);
  return { question, need, named, ranked, asked, list: listFeatures(ranked, need, question.long, asked) };
}

/** Step 1: the member's text as a question. A long or multi-line text is read as a message. */
function readQuestion(snapshot: Snapshot, query: unknown, options: SearchOptions): Question | undefined {
  if (typeof query !== 'string') return undefined;
  const s = snapshot.settings;
  // Length makes a message: a short one is a question like any other, even through "Find resources".
  const long = query.length > s.messageFrom || query.trim().includes('\n');
  const { engine } = snapshot;
  // Pasted data the catalogue names as a whole stays: a program id in a description, "Anchor.toml".
  const known = (run: string) => engine.frequency(fieldTerms(run).reduce((a, b) => (b.length > a.length ? b : a), '')) > 0;
  const parts =
    long || options.message === true
      ? messageParts(cleanText(query.slice(0, s.messageChars), { keepNewlines: true }), known)
      : { prose: pastedAsWords(cleanInput(query), known), asking: '', urls: [], packages: [] };
  const linked = linkedEntries(snapshot, parts.urls, parts.packages);
  const keep = (word: string) => {
    const lowered = word.toLowerCase();
    return engine.frequency(stem(lowered)) > 0 || englishRank(lowered) !== undefined || snapshot.reader.knowsWord(lowered);
  };
  const english = snapshot.translator.translate(parts.prose, options.locale, keep);
  const read = snapshot.reader.read(english.text, { maxTerms: long ? Infinity : s.maxTerms });
  if (read.terms.length === 0 && linked.length === 0) return undefined;
  const text = long || english.locale !== undefined ? undefined : parts.prose;
  const question: Question = { ...read, long, text, linked, asking: new Set() };
  if (!long) return question;
  const asking = snapshot.reader.read(snapshot.translator.translate(parts.asking, options.locale, keep).text, { maxTerms: Infinity });
  return focusMessage(snapshot, { ...question, asking: new Set(asking.terms) });
}

/**
 * A message's question: the words of its asking sentences first, then its rarest other words, at most
 * `messageTerms`, in the order written. A long message is judged on what it asks, not on its code, its logs or
 * its story; an unknown word with digits in it ("x86", "12900k", "0x1771") is a model number or a code, never the need.
 */
function focusMessage(snapshot: Snapshot, question: Question): Question {
  const { asking } = question;
  const { engine, settings } = snapshot;
  const weight = (t: string) => (question.outside.has(t) ? termWeight(engine, t, true, settings) : snapshot.weights.of(t));
  const byWeight = (list: readonly string[]) => [...list].sort((a, b) => weight(b) - weight(a));
  const code = (t: string) => /\d/.test(t) && engine.frequency(t) === 0;
  const candidates = question.terms.filter((t) => !code(t));
  const first = byWeight(candidates.filter((t) => asking.has(t)));
  const rest = byWeight(candidates.filter((t) => !asking.has(t)));
  const chosen = new Set([...first, ...rest].slice(0, settings.messageTerms));
  return { ...question, terms: question.terms.filter((t) => chosen.has(t)) };
}

/** Entries a message names outright: a link to their page (or a page below it), or a package its code or commands use. */
function linkedEntries(snapshot: Snapshot, urls: readonly string[], packages: MessageParts['packages']): number[] {
  const found = new Set<number>();
  for (const url of urls) {
    let key = pageKey(url);
    // The longest catalogued page at or above the link.
    while (key !== undefined) {
      const at = snapshot.pages.get(key);
      if (at) {
        for (const i of at) found.add(i);
        break;
      }
      const slash = key.lastIndexOf('/');
      key = slash > 0 ? key.slice(0, slash) : undefined;
    }
  }
  // A package of the registry the code implies ("from solana.rpc import" is PyPI's solana, not pub's).
  for (const { name, registry } of packages)
    for (const i of snapshot.names.exact(name)) {
      const entry = snapshot.entries[i];
      if (entry?.package !== undefined && (registry === undefined || entry.registry === registry)) found.add(i);
    }
  return [...found];
}

/** Step 2: the candidates, from the full-text engine (single letters match too much: only a name answers them). */
function retrieve(snapshot: Snapshot, question: Question, options: SearchOptions): EngineResult {
  const accept = kindFilter(snapshot.entries, options.kind);
  const terms = question.terms.some((t) => t.length > 1) ? question.terms : [];
  return snapshot.engine.run({ terms, bridges: question.bridges, compounds: question.compounds, accept, prefix: !question.long });
}

/**
 * Step 3: what the question needs, each word weighed by rarity. Incidental words (versions, amounts, everyday
 * words no name uses, verbs of fetching) are searched but never decide an answer.
 */
function weighNeed(snapshot: Snapshot, question: Question, retrieved: EngineResult): Need {
  const { engine, settings } = snapshot;
  const { terms, bridges, forms } = retrieved;
  const outside = new Set(terms.filter((t) => question.outside.has(t)));
  const inexact = new Set(retrieved.hits.flatMap((h) => [...h.facts.inexact.keys()]));
  const plain = (t: string) =>
    outside.has(t) || inexact.has(t) ? termWeight(engine, t, outside.has(t), settings, inexact.has(t)) : snapshot.weights.of(t);
  // A word the catalogue never uses but the vocabulary translates ("memecoin" → spl) weighs like the catalogue's words for it.
  const weigh = (t: string) => {
    const means = engine.frequency(t) > 0 || outside.has(t) ? [] : (bridges.get(t) ?? []).filter((m) => engine.frequency(m) > 0);
    return means.length ? Math.min(plain(t), Math.max(...means.map(plain))) : plain(t);
  };
  // A label in any of its forms ("land" for the tag transaction-landing) is one of the catalogue's subjects.
  const labelled = (t: string) => engine.labelFrequency(t) > 0 || (forms.get(t) ?? []).some((f) => engine.labelFrequency(f) > 0);
  const meaningful = terms.filter(
    (t) =>
      outside.has(t) ||
      (!incidental(t, engine, settings, bridges.has(t), labelled(t)) && (!ACTION_WORDS.has(t) || question.phrased.has(t))),
  );
  const chosen = meaningful.length > 0 ? meaningful : terms;
  // In a message, what its asking sentences say is the need; the rest is context.
  const weights = new Map(chosen.map((t) => [t, weigh(t) * (question.asking.has(t) ? ASKING_WEIGHT : 1)]));
  const matched = new Set(retrieved.hits.flatMap((h) => [...h.facts.direct.keys(), ...h.facts.inexact.keys(), ...h.facts.bridged.keys()]));
  const unknown = new Set(chosen.filter((t) => !outside.has(t) && !matched.has(t) && unheardOf(t, engine)));
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  const topical = new Set(
    chosen.filter((t) => !outside.has(t) && (labelled(t) || (bridges.get(t) ?? []).some((b) => engine.labelFrequency(b) > 0))),
  );
  return {
    weights,
    total,
    outside,
    unknown,
    topical,
    forms,
    bridges,
    words: new Set([...question.terms, ...terms, ...question.written.keys()]),
    excluded: question.excluded,
    replacing: question.wantsReplacement,
  };
}

/** A word of a message's asking sentences weighs this many times a word of its context. */
const ASKING_WEIGHT = 2;

/**
 * Incidental to a question: a one- or two-digit number (a version: "web3.js 2"), an amount ("100k"), an
 * unknown bare number, an everyday English word no name or tag uses in any form ("let", "see", "talk"), or one of the
 * commonest with a letter dropped ("wih").
 */
function incidental(term: string, engine: Engine, s: SearchSettings, bridged: boolean, labelled: boolean): boolean {
  if (/^\d{1,2}$/.test(term) || /^\d+[km]$/.test(term)) return true;
  if (bridged) return false;
  if (engine.frequency(term) <= 1 && /^\d+$/.test(term)) return true;
  const rank = englishRank(term);
  if (rank === undefined) return engine.frequency(term) === 0 && droppedLetterOfCommonWord(term);
  return rank <= s.everydayEnglish && !labelled;
}

/** A word neither the catalogue nor English knows, and not two known words run together ("nocode"): a name of something. */
function unheardOf(term: string, engine: Engine): boolean {
  const known = engine.frequency(term) > 0 || englishRank(term) !== undefined;
  return !known && !/\d/.test(term) && !runTogether(term, engine);
}

/** Step 4: what the question names outright: the whole text as a name, a near completion or a typo of one, links and imports. */
function namedTiers(snapshot: Snapshot, question: Question, retrieved: EngineResult, need: Need, options: SearchOptions): NamedTiers {
  const accept = kindFilter(snapshot.entries, options.kind) ?? (() => true);
  const only = (list: readonly number[], taken: readonly number[] = []) =>
    [...new Set(list)].filter((i) => accept(i) && !taken.includes(i));
  const linked = only(question.linked);
  const text = question.text;
  if (text === undefined) return { exact: [], near: [], typo: [], linked };
  const compact = compactKey(text);
  const exact = only(snapshot.names.exact(text));
  const near =
    compact.length >= snapshot.settings.prefixFrom
      ? only(snapshot.names.nearCompletions(compact, snapshot.settings.nearNameShare), exact)
      : [];
  // A whole-name typo ("surfpol") only when no name matched as typed and some word is unknown: "swift sdk" is no typo of "shyft sdk".
  const unknownWord = [...need.weights.keys()].some((t) => snapshot.engine.frequency(t) === 0);
  const typo = exact.length === 0 && unknownWord ? only(typoNames(snapshot, compact, retrieved.hits), near) : [];
  return { exact, near, typo, linked: only(linked, [...exact, ...near, ...typo]) };
}

// Entries are immutable, so their compacted names are worked out once, on first use.
const compactNames = new WeakMap<Entry, readonly string[]>();

/** Among the candidates, those whose name or alias is a typo of the whole question ("ancor" → Anchor). */
export function typoNames(snapshot: Snapshot, compact: string, hits: readonly { i: number }[]): number[] {
  const allowed = fuzzyDistance(compact, snapshot.settings.maxFuzzy);
  if (allowed === 0) return [];
  const found: { i: number; distance: number }[] = [];
  for (const { i } of hits) {
    const entry = snapshot.entries[i];
    if (!entry) continue;
    let names = compactNames.get(entry);
    if (!names) compactNames.set(entry, (names = [entry.name, ...entry.aliases].map(compactKey)));
    const distance = Math.min(...names.map((name) => editDistance(compact, name, allowed)));
    if (distance <= allowed) found.push({ i, distance });
  }
  return found.sort((a, b) => a.distance - b.distance).map((f) => f.i);
}

/** Step 5: every candidate (and every named entry) scored by the fitted ranker, best first. */
function rankCandidates(
  snapshot: Snapshot,
  hits: readonly EngineHit[],
  need: Need,
  named: NamedTiers,
  models: Models,
  long: boolean,
  asked: AskedBefore,
): RankedCandidate[] {
  const pool = [...hits];
  const seen = new Set(hits.map((h) => h.i));
  const none = { direct: new Map(), inexact: new Map(), bridged: new Map() };
  const tiers = [...named.exact, ...named.near, ...named.typo, ...named.linked];
  for (const i of tiers) {
    if (seen.has(i)) continue;
    seen.add(i);
    pool.push({ i, score: 0, facts: none });
  }
  const top = hits.reduce((max, h) => Math.max(max, h.score), 0);
  const scored = pool.flatMap((hit) => {
    const entry = snapshot.entries[hit.i];
    if (!entry) return [];
    const features = featuresOf(hit, entry, need, named, top, snapshot.weights, asked);
    return [{ hit, features, score: rankScore(models, features, long) }];
  });
  const ranked = inRankOrder(snapshot, scored, need);
  // A question that is a name leads with that entry, in the names' own order: a name typed is the entry wanted. A link
  // or an import in a message is evidence the ranker weighs (code imports its base libraries whatever it asks about).
  const names = [...named.exact, ...named.near, ...named.typo];
  const lead = names.flatMap((i) => ranked.filter((c) => c.hit.i === i));
  return [...lead, ...ranked.filter((c) => !names.includes(c.hit.i))];
}

/**
 * The candidates by score, best first (sorting `ranked` in place); what the member rules out ("without anchor",
 * "don't want to depend on payai") comes after everything else, whatever its score.
 */
export function inRankOrder(snapshot: Snapshot, ranked: RankedCandidate[], need: Need): RankedCandidate[] {
  ranked.sort((a, b) => b.score - a.score || a.hit.i - b.hit.i);
  if (need.excluded.size === 0) return ranked;
  const unwanted = (c: RankedCandidate) => excludedByName(snapshot.entries[c.hit.i] as Entry, need);
  return [...ranked.filter((c) => !unwanted(c)), ...ranked.filter(unwanted)];
}

/** What the two decisions read of a ranked list: the first candidate's evidence, its lead, the question's odd words. */
export function listFeatures(ranked: readonly RankedCandidate[], need: Need, long: boolean, asked: AskedBefore): Float64Array {
  const x = new Float64Array(LIST_FEATURES.length);
  const set = (name: ListFeature, value: number) => {
    x[LIST_FEATURES.indexOf(name)] = value;
  };
  const first = ranked[0];
  const feature = (c: RankedCandidate | undefined, name: FeatureName) => c?.features[FEATURE_AT[name]] ?? 0;
  const share = (words: ReadonlySet<string>) => [...words].reduce((sum, t) => sum + (need.weights.get(t) ?? 0), 0) / (need.total || 1);
  set('topScore', first?.score ?? 0);
  set('margin', first ? first.score - (ranked[1]?.score ?? first.score - 1) : 0);
  set('topCovAny', feature(first, 'covAny'));
  set('topCovLabel', feature(first, 'covLabel'));
  set('topBestAsk', feature(first, 'bestAsk'));
  set('outsideShare', share(need.outside));
  set('topicalShare', share(need.topical));
  set('unknownShare', share(need.unknown));
  set('topCovered', Math.min(1, covered(first, need) / COVERED_SCALE));
  set('topHasHeaviest', first ? 1 - feature(first, 'heaviestMissing') : 0);
  set('topAskedBefore', feature(first, 'askedBefore'));
  set('noAnswerBefore', asked.closest.get(NO_ANSWER) ?? 0);
  set('topAskedShare', feature(first, 'askedShare'));
  set('noAnswerShare', asked.share.get(NO_ANSWER) ?? 0);
  set('long', Number(long));
  return x;
}

const NAMED_IN_TEXT = FEATURE_AT.namedInText;
const ASKED_BEFORE = FEATURE_AT.askedBefore;
/** A question naming an entry among its words is answered when one of this many first candidates is that entry. */
const NAMED_AMONG = 5;
/**
 * A question this close (cosine of weighed words) to one answered before is worded alike, not merely on the same
 * subject: the entries that answered it answer this one, even where their own text covers few of its words (a
 * moderator's label is how the channel teaches the bot a wording no entry uses).
 */
const ASKED_ALIKE = 0.75;

/** The weight of need a candidate covers, whatever the question's length: three rare words covered say "about this". */
const COVERED_SCALE = 12;
function covered(candidate: RankedCandidate | undefined, need: Need): number {
  if (!candidate) return 0;
  const { facts } = candidate.hit;
  let sum = 0;
  for (const [t, w] of need.weights)
    if (!need.outside.has(t) && (facts.direct.has(t) || facts.bridged.has(t) || facts.inexact.has(t))) sum += w;
  return sum;
}

/** The question names an entry outright: its whole text is a name (or nearly, or misspelt), or it links or imports one. */
function namesSomething(ranking: Ranking): boolean {
  const { named } = ranking;
  return named.exact.length + named.near.length + named.typo.length + named.linked.length > 0;
}

/**
 * "Nothing" is only for a question about something outside the catalogue, or whose need no entry covers: never for
 * one that names an entry (as its whole text, or an entry's whole name among its words with nothing outside the
 * catalogue), nor one an entry covers in full with no word the catalogue does not know, nor one worded like a
 * question answered before. The fitted "answerable" model decides the rest.
 */
export function answeredOutright(ranking: Ranking): boolean {
  const list = (name: ListFeature) => ranking.list[LIST_FEATURES.indexOf(name)] ?? 0;
  const covered = list('topCovAny') >= 0.999 && list('outsideShare') === 0 && list('unknownShare') === 0;
  const named = ranking.ranked.slice(0, NAMED_AMONG).some((c) => (c.features[NAMED_IN_TEXT] ?? 0) > 0) && list('outsideShare') === 0;
  const alike = list('topAskedBefore') >= ASKED_ALIKE && list('topAskedBefore') > list('noAnswerBefore');
  return ranking.ranked.length > 0 && (namesSomething(ranking) || covered || named || alike);
}

/** Step 6: an answer, the nearest matches, or an honest "nothing"; then successors brought along. */
function decide(snapshot: Snapshot, ranking: Ranking, options: SearchOptions, models: Models): SearchAnswer {
  const { ranked, question, need } = ranking;
  const outright = answeredOutright(ranking);
  const answerable = question.long ? models.answerableMessage : models.answerable;
  if (ranked.length === 0 || (!outright && !says(answerable, ranking.list))) return noAnswer(snapshot, ranking, options);
  const match: MatchState = namesSomething(ranking) || says(models.confident, ranking.list) ? 'full' : 'partial';
  const listed = listable(ranked);
  const ordered = withSuccessors(snapshot, listed, kindFilter(snapshot.entries, options.kind), {
    successorFirst: question.wantsReplacement,
    asked: new Set(question.terms),
  }).slice(0, limitOf(options.limit));
  const hits = ordered.flatMap(({ i, score }) => {
    const entry = snapshot.entries[i];
    return entry ? [{ entry, score }] : [];
  });
  const missing =
    match === 'partial'
      ? missingWords(
          ranked.filter((c) => hits.slice(0, DEFAULT_LIMIT).some((h) => h.entry === snapshot.entries[c.hit.i])),
          need,
          question,
        )
      : [];
  return { hits, match, missing, didYouMean: [], nearest: match === 'partial' ? nearestOf(snapshot, question) : [] };
}

/**
 * The candidates worth listing: named ones, those covering at least LIST_SHARE of what the first covers, and those
 * that answered a question at least LIST_SHARE as close as the closest one asked before.
 */
function listable(ranked: readonly RankedCandidate[]): { i: number; score: number }[] {
  const cov = FEATURE_AT.covAny;
  const named = (['exactName', 'nearName', 'typoName', 'linked'] as const).map((name) => FEATURE_AT[name]);
  const top = ranked[0]?.features[cov] ?? 0;
  const closest = ranked.reduce((most, c) => Math.max(most, c.features[ASKED_BEFORE] ?? 0), 0);
  const askedClose = (c: RankedCandidate) => closest > 0 && (c.features[ASKED_BEFORE] ?? 0) >= closest * LIST_SHARE;
  return ranked
    .filter((c, k) => k === 0 || named.some((n) => c.features[n] === 1) || (c.features[cov] ?? 0) >= top * LIST_SHARE || askedClose(c))
    .map((c) => ({ i: c.hit.i, score: Math.round(c.score * 1000) / 1000 }));
}

/** The member's words (as written) that none of the listed results covers. */
function missingWords(listed: readonly RankedCandidate[], need: Need, question: Question): string[] {
  const covered = (t: string) => listed.some((c) => c.hit.facts.direct.has(t) || c.hit.facts.bridged.has(t) || c.hit.facts.inexact.has(t));
  // A message's story ("banging my head", "when users click") is context: only what it asks can be missing.
  const asked = (t: string) => !question.long || question.asking.size === 0 || question.asking.has(t);
  return [...need.weights.keys()].filter((t) => !need.outside.has(t) && !covered(t) && asked(t)).map((t) => question.written.get(t) ?? t);
}

/** The honest "nothing": close names for words the catalogue does not know, and the categories the question points to. */
function noAnswer(snapshot: Snapshot, ranking: Ranking, options: SearchOptions): SearchAnswer {
  const accept = kindFilter(snapshot.entries, options.kind);
  const found = new Set<number>();
  for (const term of ranking.need.weights.keys()) {
    if (snapshot.engine.frequency(term) > 0 || term.length < 4) continue;
    for (const i of snapshot.names.closeTo(term, fuzzyDistance(term) || 1)) if (!accept || accept(i)) found.add(i);
  }
  const didYouMean = [...found].slice(0, MAX_CANDIDATES).flatMap((i) => snapshot.entries[i] ?? []);
  return { ...NOTHING, didYouMean, nearest: nearestOf(snapshot, ranking.question) };
}

function nearestOf(snapshot: Snapshot, question: Question): Nearest[] {
  return question.concepts.flatMap((id) => snapshot.concepts.get(id) ?? []).slice(0, MAX_NEAREST);
}

/**
 * A deprecated entry brings its successor along, right after it, unless the successor already ranks higher:
 * someone asking for bankrun should meet LiteSVM. Asked for a replacement, the successor comes first instead
 * (and the first one near the top leads the whole list), unless the question names the successor itself.
 */
export function withSuccessors(
  snapshot: Snapshot,
  hits: readonly { i: number; score: number }[],
  accept?: (i: number) => boolean,
  { successorFirst = false, asked = new Set<string>() }: { successorFirst?: boolean; asked?: ReadonlySet<string> } = {},
): { i: number; score: number }[] {
  const placed = new Set<number>();
  const out: { i: number; score: number }[] = [];
  const successorOf = (i: number): number | undefined => {
    const entry = snapshot.entries[i];
    if (entry?.successor === undefined || !(successorFirst || entry.status === 'deprecated')) return undefined;
    const next = snapshot.positions.get(entry.successor);
    const successor = next === undefined ? undefined : snapshot.entries[next];
    if (next === undefined || !successor || placed.has(next) || (accept && !accept(next))) return undefined;
    return successorFirst && wordsOfName(successor).every((w) => asked.has(w)) ? undefined : next;
  };
  const place = (i: number, score: number) => {
    out.push({ i, score });
    placed.add(i);
  };
  if (successorFirst) {
    const lead = hits
      .slice(0, REPLACED_WITHIN)
      .map((h) => successorOf(h.i))
      .find((n) => n !== undefined);
    if (lead !== undefined) place(lead, (hits[0]?.score ?? 0) + 1);
  }
  for (const hit of hits) {
    if (placed.has(hit.i)) continue;
    const next = successorOf(hit.i);
    if (next !== undefined && successorFirst) place(next, hit.score);
    place(hit.i, hit.score);
    if (next !== undefined && !successorFirst) place(next, hit.score);
  }
  return out;
}

/** An exact match, or up to five "did you mean" candidates. */
export type LookupResult = { entry: Entry } | { entry?: undefined; candidates: Entry[] };

/** The entry `text` names exactly (id, name, alias or package id), or up to five close candidates from the search. */
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
