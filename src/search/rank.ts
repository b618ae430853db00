/**
 * Ranking by fitted models. The evidence a candidate offers for a question, as numbers: how much of the
 * question's need it covers and where (names, asks, description, through the vocabulary), how well one of its
 * asks fits the question, whether the question names it, and what the catalogue says of it (featured,
 * deprecated); each is 0–1, so the fitted weights compare across questions. Then the models read from
 * `weights.json` (written by `npm run ranker:fit`): a linear ranker over those features, and logistic models
 * over the ranked list: "does the catalogue answer this at all" (else the honest "nothing"), for a typed
 * question and for a whole message, and "is the first answer right" (else the list is offered as the nearest
 * matches, and says so).
 */
import type { Entry } from '../catalogue/schema.js';
import { browseKind } from './kinds.js';
import { FIELD_BIT, type Engine, type EngineHit, type FieldMask } from './engine.js';
import { editDistance } from './names.js';
import { fuzzyDistance, type SearchSettings } from './options.js';
import fitted from './weights.json' with { type: 'json' };
import type { AskedBefore, Example } from './examples.js';
import { QUESTION_WORDS, englishRank, fieldTerms, twoKnownWords } from './words.js';

/** The features, in the order of the fitted weights. */
export const FEATURES = [
  'exactName',
  'nearName',
  'typoName',
  'namedInText',
  'docsOfNamed',
  'namedReplaced',
  'linked',
  'covAny',
  'fullCoverage',
  'covLabel',
  'covAsks',
  'covDescription',
  'covBridge',
  'covInexact',
  'heaviestMissing',
  'bestAsk',
  'askRecall',
  'askedBefore',
  'askedShare',
  'text',
  'featured',
  'deprecated',
  'languageFit',
  'languageMismatch',
] as const;
export type FeatureName = (typeof FEATURES)[number];
/** Each feature's place in the vector, looked up once per feature and candidate. */
export const FEATURE_AT = Object.fromEntries(FEATURES.map((name, i) => [name, i])) as Record<FeatureName, number>;
export type FeatureVector = Float64Array;

const LABEL_FIELDS: FieldMask =
  FIELD_BIT.name | FIELD_BIT.aliases | FIELD_BIT.package | FIELD_BIT.maker | FIELD_BIT.kind | FIELD_BIT.tags | FIELD_BIT.category;

/** What a question asks for, weighed against one catalogue. */
export interface Need {
  /** The words that carry the need, each with its weight (rarer words weigh more). */
  readonly weights: ReadonlyMap<string, number>;
  readonly total: number;
  /** Words naming something outside the catalogue (another chain, general programming, trading talk). */
  readonly outside: ReadonlySet<string>;
  /** Words the catalogue does not know and English does not either: names of things, most likely what is asked. */
  readonly unknown: ReadonlySet<string>;
  /** Words some entry is labelled with (name, alias, package, tag, kind), or that the vocabulary bridges to one: the catalogue's own subjects. */
  readonly topical: ReadonlySet<string>;
  /** The member's words as searched, with their other forms and the vocabulary's words for them. */
  readonly forms: ReadonlyMap<string, readonly string[]>;
  readonly bridges: ReadonlyMap<string, readonly string[]>;
  /** Every word of the question (the need and the rest): an entry's name is named when all its words are here. */
  readonly words: ReadonlySet<string>;
  /** Words the member said they do not want: an entry named by one is the opposite of what is asked. */
  readonly excluded: ReadonlySet<string>;
  /** Does the member ask what replaces something ("what replaces", "instead of", "migrate from")? */
  readonly replacing: boolean;
}

/** What the question names outright, by entry position, best first: whole name, near completion, typo of the name, a link or an import. */
export interface NamedTiers {
  readonly exact: readonly number[];
  readonly near: readonly number[];
  readonly typo: readonly number[];
  readonly linked: readonly number[];
}

/**
 * How much a word says about a need: the rarer in the catalogue, the more (an inverse document frequency).
 * An everyday English word the catalogue does not use says little; a word that is no English at all ("django")
 * or names something outside the catalogue weighs more than any word the catalogue holds.
 */
export function termWeight(engine: Engine, term: string, outside: boolean, s: SearchSettings, misspelt = false): number {
  const size = engine.size;
  const idf = (df: number) => Math.log(1 + size / (df + 0.5));
  const frequency = engine.frequency(term);
  if (outside) return Math.max(idf(frequency), idf(0) * s.unknownWeight);
  const english = englishRank(term);
  const labelled = engine.labelFrequency(term) > 0;
  const common = english !== undefined && (english <= s.everydayEnglish || (english <= s.commonEnglish && !labelled));
  if (frequency > 0) return common ? Math.min(idf(frequency), idf(size * s.commonShare)) : idf(frequency);
  if (english !== undefined) return idf(size * (english <= s.everydayEnglish ? s.commonShare : s.uncommonShare));
  // A slip of a word the catalogue holds ("adresses"), or two known words run together ("hardcode", "highlevel"),
  // weighs like an uncommon word, not like an unknown name.
  return misspelt || runTogether(term, engine) ? idf(size * s.uncommonShare) : idf(0) * s.unknownWeight;
}

/** Two words of three letters or more that the catalogue or English knows, written as one ("nocode", "hardcode"). */
export function runTogether(term: string, engine: Engine): boolean {
  return twoKnownWords(term, (w) => engine.frequency(w) > 0 || englishRank(w) !== undefined) !== undefined;
}

// Entries are immutable: their name words are worked out once, on first use.
const nameWordsOf = new WeakMap<Entry, readonly string[]>();

/** The content words of an entry's name ("Anchor CLI" → anchor, cli), without "solana" and filler. */
export function wordsOfName(entry: Entry): readonly string[] {
  let words = nameWordsOf.get(entry);
  if (!words) nameWordsOf.set(entry, (words = fieldTerms(entry.name).filter((w) => !QUESTION_WORDS.has(w))));
  return words;
}

/** Programming languages, by the words members and tags use for them ("go" alone is too often the verb). */
const LANGUAGE_WORDS: ReadonlyMap<string, string> = new Map([
  ['typescript', 'js'],
  ['ts', 'js'],
  ['javascript', 'js'],
  ['js', 'js'],
  ['node', 'js'],
  ['nodejs', 'js'],
  ['deno', 'js'],
  ['bun', 'js'],
  ['rust', 'rust'],
  ['cargo', 'rust'],
  ['crate', 'rust'],
  ['crates', 'rust'],
  ['python', 'python'],
  ['py', 'python'],
  ['pip', 'python'],
  ['dart', 'dart'],
  ['flutter', 'dart'],
  ['kotlin', 'jvm'],
  ['java', 'jvm'],
  ['swift', 'swift'],
  ['golang', 'go'],
  ['csharp', 'csharp'],
  ['c#', 'csharp'],
  ['unity', 'csharp'],
  ['dotnet', 'csharp'],
]);
/** The language a registry's packages are written for. */
const REGISTRY_LANGUAGE: ReadonlyMap<string, string> = new Map([
  ['npm', 'js'],
  ['crates', 'rust'],
  ['pypi', 'python'],
  ['pub', 'dart'],
  ['maven', 'jvm'],
  ['go', 'go'],
  ['swiftpm', 'swift'],
  ['cocoapods', 'swift'],
]);
const entryLanguages = new WeakMap<Entry, ReadonlySet<string>>();
const askedLanguages = new WeakMap<Need, ReadonlySet<string>>();

/** The languages an entry serves: its registry's, and those its tags name. */
function languagesOf(entry: Entry): ReadonlySet<string> {
  let found = entryLanguages.get(entry);
  if (!found) {
    // A tag is the maintainers' word, so "go" there is the language.
    const fromTags = entry.tags.map((t) => (t.toLowerCase() === 'go' ? 'go' : LANGUAGE_WORDS.get(t.toLowerCase())));
    const fromRegistry = entry.registry === undefined ? undefined : REGISTRY_LANGUAGE.get(entry.registry);
    entryLanguages.set(entry, (found = new Set([...fromTags, fromRegistry].filter((l): l is string => l !== undefined))));
  }
  return found;
}

/** The languages a question names ("python lib", "in ts", "our flutter app"). */
function languagesAsked(need: Need): ReadonlySet<string> {
  let found = askedLanguages.get(need);
  if (!found)
    askedLanguages.set(
      need,
      (found = new Set([...need.words].map((w) => LANGUAGE_WORDS.get(w)).filter((l): l is string => l !== undefined))),
    );
  return found;
}

/** Is the entry's whole name among the words the member said they do not want ("without anchor")? */
export function excludedByName(entry: Entry, need: Need): boolean {
  const name = wordsOfName(entry);
  return need.excluded.size > 0 && name.length > 0 && name.every((w) => need.excluded.has(w));
}

/** One ask, ready to compare with a need: its distinct content words and their summed weight. */
interface AskWords {
  readonly words: ReadonlySet<string>;
  readonly total: number;
}

/** Words a snapshot remembers the weight of; members' words beyond these are weighed each time. */
const REMEMBERED_WEIGHTS = 100_000;

/**
 * A snapshot's plain word weights (see termWeight), remembered: every candidate's asks weigh the same
 * words again, and a word's weight depends only on the catalogue. Each entry's asks are read once too.
 */
export class TermWeights {
  readonly #known = new Map<string, number>();
  readonly #asks = new WeakMap<Entry, readonly AskWords[]>();

  constructor(
    private readonly engine: Engine,
    private readonly settings: SearchSettings,
  ) {}

  readonly of = (term: string): number => {
    let weight = this.#known.get(term);
    if (weight === undefined) {
      weight = termWeight(this.engine, term, false, this.settings);
      if (this.#known.size < REMEMBERED_WEIGHTS) this.#known.set(term, weight);
    }
    return weight;
  };

  asksOf(entry: Entry): readonly AskWords[] {
    let asks = this.#asks.get(entry);
    if (!asks) {
      asks = (entry.asks ?? []).map((a) => {
        const words = new Set(fieldTerms(a).filter((w) => !QUESTION_WORDS.has(w)));
        return { words, total: [...words].reduce((sum, x) => sum + this.of(x), 0) || 1 };
      });
      this.#asks.set(entry, asks);
    }
    return asks;
  }
}

/** A need as asks are compared with it: each word that reaches it (a need word, its other forms, the vocabulary's words for it) and which need words it reaches. */
interface Reach {
  readonly needWeights: readonly number[];
  readonly byWord: ReadonlyMap<string, readonly number[]>;
}

const reachOf = new WeakMap<Need, Reach>();
function reaching(need: Need): Reach {
  let reach = reachOf.get(need);
  if (!reach) {
    const byWord = new Map<string, number[]>();
    [...need.weights.keys()].forEach((t, k) => {
      for (const x of new Set([t, ...(need.forms.get(t) ?? []), ...(need.bridges.get(t) ?? [])]))
        byWord.set(x, [...(byWord.get(x) ?? []), k]);
    });
    reach = { needWeights: [...need.weights.values()], byWord };
    reachOf.set(need, reach);
  }
  return reach;
}

/**
 * How well the entry's asks fit the question: the best F1 of one ask (the share of the need it covers,
 * balanced with the share of the ask the need covers), and the largest share of the need one ask covers.
 */
export function askFit(entry: Entry, need: Need, weights: TermWeights): { f1: number; recall: number } {
  let best = 0;
  let bestRecall = 0;
  const { needWeights, byWord } = reaching(need);
  // Which need words the current ask reached: marked with the ask's number, so nothing needs clearing.
  const reachedBy = new Int32Array(needWeights.length).fill(-1);
  weights.asksOf(entry).forEach((ask, a) => {
    let recall = 0;
    let covered = 0;
    for (const x of ask.words) {
      const reached = byWord.get(x);
      if (!reached) continue;
      covered += weights.of(x);
      for (const k of reached)
        if (reachedBy[k] !== a) {
          reachedBy[k] = a;
          recall += needWeights[k] ?? 0;
        }
    }
    if (recall === 0) return;
    const precision = covered / ask.total;
    const r = recall / need.total;
    best = Math.max(best, (2 * precision * r) / (precision + r || 1));
    bestRecall = Math.max(bestRecall, r);
  });
  return { f1: best, recall: bestRecall };
}

/**
 * Writes what questions answered before say of entry `id` into its feature vector: at search time, and again
 * while fitting, where each training question is compared with the others only.
 */
export function setAskedFeatures(v: FeatureVector, id: string, asked: AskedBefore): void {
  v[FEATURE_AT.askedBefore] = asked.closest.get(id) ?? 0;
  v[FEATURE_AT.askedShare] = asked.share.get(id) ?? 0;
}

/** The feature vector of one candidate. `topScore` is the best text score among the question's candidates. */
export function featuresOf(
  hit: EngineHit,
  entry: Entry,
  need: Need,
  named: NamedTiers,
  topScore: number,
  weights: TermWeights,
  askedBefore: AskedBefore,
): FeatureVector {
  const v = new Float64Array(FEATURES.length);
  const set = (name: FeatureName, value: number) => {
    v[FEATURE_AT[name]] = value;
  };
  set('exactName', Number(named.exact.includes(hit.i)));
  set('nearName', Number(named.near.includes(hit.i)));
  set('typoName', Number(named.typo.includes(hit.i)));
  set('linked', Number(named.linked.includes(hit.i)));
  const nameWords = wordsOfName(entry);
  const namedInText = nameWords.length > 0 && nameWords.every((w) => need.words.has(w) || misspeltIn(w, hit));
  set('namedInText', Number(namedInText));
  set('docsOfNamed', Number(isDocsOfNamed(entry, need)));
  // Asked what replaces it, the entry the question names is what the member is leaving.
  const namedOutright = named.exact.includes(hit.i) || named.linked.includes(hit.i) || namedInText;
  set('namedReplaced', Number(need.replacing && namedOutright));
  const cover = coverage(hit, need);
  set('covAny', cover.any);
  set('fullCoverage', Number(cover.any >= 0.999));
  set('covLabel', cover.label);
  set('covAsks', cover.asks);
  set('covDescription', cover.description);
  set('covBridge', cover.bridge);
  set('covInexact', cover.inexact);
  set('heaviestMissing', cover.heaviestMissing);
  const asks = askFit(entry, need, weights);
  set('bestAsk', asks.f1);
  set('askRecall', asks.recall);
  setAskedFeatures(v, entry.id, askedBefore);
  set('text', topScore > 0 ? hit.score / topScore : 0);
  set('featured', Number(entry.featured));
  const retiring = entry.status === 'deprecated' || entry.tags.includes('winding-down');
  set('deprecated', Number(retiring && !nameWords.every((w) => need.words.has(w))));
  const asked = languagesAsked(need);
  if (asked.size > 0) {
    const serves = languagesOf(entry);
    let fits = false;
    for (const language of asked) fits ||= serves.has(language);
    set('languageFit', Number(fits));
    set('languageMismatch', Number(serves.size > 0 && !fits));
  }
  return v;
}

/** Words that make a name a documentation site's rather than the product's ("Anchor Docs", "Metaplex Developer Hub"). */
const DOCS_NAME_WORDS: ReadonlySet<string> = new Set(['docs', 'doc', 'documentation', 'hub', 'guide', 'guides', 'reference', 'public']);

/**
 * Is this entry the documentation of a product the question names? A member asking how to do something with
 * Anchor or Metaplex, or about its error, is best served by that product's docs, though the product's own
 * card matches the name more closely.
 */
function isDocsOfNamed(entry: Entry, need: Need): boolean {
  const kind = browseKind(entry);
  if (kind !== 'DOCS' && kind !== 'DOCUMENTATION') return false;
  const product = wordsOfName(entry).filter((w) => !DOCS_NAME_WORDS.has(w));
  // A subject the vocabulary has words for ("rpc", "mobile") is asked about everywhere; a product's name is not.
  return product.length > 0 && product.every((w) => need.words.has(w)) && !product.every((w) => need.bridges.has(w));
}

/** A name word the member misspelt ("pinnochio"): a word that matched this entry's name only inexactly is that near it. */
function misspeltIn(nameWord: string, hit: EngineHit): boolean {
  const allowed = fuzzyDistance(nameWord);
  if (allowed === 0) return false;
  // A slip seldom falls on the first letter: checking it first spares most distance computations.
  const first = nameWord.charCodeAt(0);
  for (const [typed, fields] of hit.facts.inexact)
    if (fields & FIELD_BIT.name && typed.charCodeAt(0) === first && editDistance(typed, nameWord, allowed) <= allowed) return true;
  return false;
}

/** Shares of the need's weight an entry covers, by where: each word counted once, in its strongest place. */
function coverage(hit: EngineHit, need: Need) {
  const out = { any: 0, label: 0, asks: 0, description: 0, bridge: 0, inexact: 0, heaviestMissing: 0 };
  let heaviest = 0;
  for (const [t, w] of need.weights) {
    if (need.outside.has(t)) {
      if (w > heaviest) [heaviest, out.heaviestMissing] = [w, 1];
      continue;
    }
    const direct = hit.facts.direct.get(t) ?? 0;
    const bridged = hit.facts.bridged.get(t) ?? 0;
    const place =
      direct & LABEL_FIELDS
        ? 'label'
        : direct & FIELD_BIT.asks
          ? 'asks'
          : direct & FIELD_BIT.description
            ? 'description'
            : bridged & (LABEL_FIELDS | FIELD_BIT.asks)
              ? 'bridge'
              : hit.facts.inexact.has(t)
                ? 'inexact'
                : undefined;
    if (place !== undefined) {
      out[place] += w;
      out.any += w;
    }
    if (w > heaviest) [heaviest, out.heaviestMissing] = [w, place === undefined ? 1 : 0];
  }
  const total = need.total || 1;
  for (const k of ['any', 'label', 'asks', 'description', 'bridge', 'inexact'] as const) out[k] /= total;
  return out;
}

/** What a ranked list shows as a whole: its first candidate's evidence, its lead, the question's odd words. */
export const LIST_FEATURES = [
  'topScore',
  'margin',
  'topCovAny',
  'topCovLabel',
  'topBestAsk',
  'topCovered',
  'topHasHeaviest',
  'outsideShare',
  'topicalShare',
  'unknownShare',
  'topAskedBefore',
  'topAskedShare',
  'noAnswerBefore',
  'noAnswerShare',
  'long',
] as const;
export type ListFeature = (typeof LIST_FEATURES)[number];

/**
 * "Is there an answer at all" reads what the issue of a calibrated "nothing" names: how much of the need the best
 * entry covers, and how much of the question is about things outside the catalogue or unknown to it.
 */
export const ANSWERABLE_FEATURES = [
  'topCovAny',
  'topCovLabel',
  'topBestAsk',
  'topCovered',
  'topHasHeaviest',
  'outsideShare',
  'topicalShare',
  'unknownShare',
  'topAskedBefore',
  'topAskedShare',
  'noAnswerBefore',
  'noAnswerShare',
] as const satisfies readonly ListFeature[];
/** "Is the first answer right" reads how far it leads and how well it fits. */
export const CONFIDENT_FEATURES = [
  'topScore',
  'margin',
  'topCovAny',
  'topCovLabel',
  'topBestAsk',
  'unknownShare',
  'topAskedBefore',
  'topAskedShare',
  'long',
] as const satisfies readonly ListFeature[];

/** A linear model over named features; logistic when it has a bias and a threshold. */
export interface LinearModel {
  readonly features: readonly string[];
  readonly weights: readonly number[];
  readonly bias?: number;
  readonly threshold?: number;
}

/** Everything the search learns from labelled questions. */
export interface Models {
  /** A digest of what the models were fitted on (the catalogue, the vocabulary, the labelled sets, the features). */
  readonly inputs: string;
  readonly ranker: LinearModel;
  /**
   * The ranker for a whole message (a long question, code, logs): fitted together with `ranker`, sharing its
   * weights and differing only where messages show they should (its own weight is shared plus a fitted delta).
   */
  readonly rankerMessage: LinearModel;
  /** Is there an answer, for a question typed as a query. */
  readonly answerable: LinearModel;
  /** The same for a whole message (a long question, code, logs): its words and its odds differ. */
  readonly answerableMessage: LinearModel;
  readonly confident: LinearModel;
  /** The labelled questions the models were fitted on: questions answered before (see examples.ts). */
  readonly examples: readonly Example[];
}

/** Models that weigh nothing and answer everything: before the first fit, and while the features are being changed. */
export const EMPTY_MODELS: Models = {
  inputs: '',
  ranker: { features: [...FEATURES], weights: FEATURES.map(() => 0) },
  rankerMessage: { features: [...FEATURES], weights: FEATURES.map(() => 0) },
  answerable: { features: [...ANSWERABLE_FEATURES], weights: ANSWERABLE_FEATURES.map(() => 0), bias: 1, threshold: 0.5 },
  answerableMessage: { features: [...ANSWERABLE_FEATURES], weights: ANSWERABLE_FEATURES.map(() => 0), bias: 1, threshold: 0.5 },
  confident: { features: [...CONFIDENT_FEATURES], weights: CONFIDENT_FEATURES.map(() => 0), bias: 1, threshold: 0.5 },
  examples: [],
};

/**
 * The shipped models. A file fitted on other features than the code computes (mid-change, before
 * `npm run ranker:fit`) gives the empty models; a test fails on it, so none is ever shipped.
 */
export function shippedModels(): Models {
  const models = fitted as unknown as Partial<Models>;
  const complete =
    models.ranker && models.rankerMessage && models.answerable && models.answerableMessage && models.confident && models.examples;
  return complete && fits(models as Models) ? (models as Models) : EMPTY_MODELS;
}

/** Do the models' feature lists name exactly the features the code computes, in order? */
export function fits(models: Models): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  return (
    same(models.ranker.features, FEATURES) &&
    same(models.rankerMessage.features, FEATURES) &&
    same(models.answerable.features, ANSWERABLE_FEATURES) &&
    same(models.answerableMessage.features, ANSWERABLE_FEATURES) &&
    same(models.confident.features, CONFIDENT_FEATURES)
  );
}

/** The model's linear score of a candidate's features. */
export function linear(model: LinearModel, x: ArrayLike<number>): number {
  let sum = model.bias ?? 0;
  for (let k = 0; k < model.weights.length; k++) sum += (model.weights[k] ?? 0) * (x[k] ?? 0);
  return sum;
}

/** The values of `names` in a list's features, in that order. */
export function pick(list: ArrayLike<number>, names: readonly ListFeature[]): number[] {
  return names.map((name) => list[LIST_FEATURES.indexOf(name)] ?? 0);
}

/** The logistic model's probability for a ranked list. */
export function probability(model: LinearModel, list: ArrayLike<number>): number {
  return 1 / (1 + Math.exp(-linear(model, pick(list, model.features as readonly ListFeature[]))));
}

/** Does the logistic model say yes for a ranked list? */
export function says(model: LinearModel, list: ArrayLike<number>): boolean {
  return probability(model, list) >= (model.threshold ?? 0.5);
}

/** A candidate's rank score under the fitted ranker for a typed question, or for a whole message when `long`. */
export function rankScore(models: Models, features: FeatureVector, long: boolean): number {
  return linear(long ? models.rankerMessage : models.ranker, features);
}
