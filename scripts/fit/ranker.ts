/**
 * Fitting the search's models on labelled questions: the ranker (pairwise: a right answer should score above
 * every other candidate of its question; fitted twice, the second time with each wrong candidate weighed by its
 * rank under the first fit, as the near-top ones are those that take the first place), then on the ranked lists
 * the "answerable" model (class-balanced: a false "nothing" and a dishonest list cost alike) and the "confident"
 * model (is the first answer right?). The questions themselves are kept as the models' examples (examples.ts):
 * each question's askedBefore and askedShare features are read from the other questions only.
 * Deterministic: the same catalogue and sets give the same weights.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { answer, answeredOutright, inRankOrder, listFeatures, rankingFor, type Ranking, type Snapshot } from '../../src/search/answer.js';
import {
  FEATURES,
  setAskedFeatures,
  ANSWERABLE_FEATURES,
  CONFIDENT_FEATURES,
  EMPTY_MODELS,
  pick,
  probability,
  rankScore,
  type LinearModel,
  type Models,
} from '../../src/search/rank.js';
import type { Labelled, LabelledSet } from '../../test/search/sets.js';
import { EXAMPLE_CHARS, ExampleMemory, type Example } from '../../src/search/examples.js';
import { fitLogistic, rounded, type Row } from './logistic.js';

/** Bump when the fitting itself changes, so stored weights are known to be stale. */
export const FIT_VERSION = 8;
/** L2 penalty of each model, against a total sample weight of one per question. */
const LAMBDA = { ranker: 0.5, answerable: 0.5, confident: 0.5 };
/**
 * The first answer is shown as an answer (not as the nearest matches) from this probability of being right: a
 * little over even, as a wrong answer shown with confidence costs a member more than a right one offered as the
 * nearest match (in cross-validation, 0.55 rather than 0.5 showed 22 fewer wrong answers as answers in 2,780).
 */
const CONFIDENT_FROM = 0.55;
/**
 * The share of answerable typed questions the fitted "is there an answer" model may answer "nothing" (the
 * issue's bound is 3 in 90): its threshold rises from 0.5 while it stays within this, so that no-answer
 * questions are answered honestly as often as that allows. Well under the bound: on questions nobody had read,
 * the share answered "nothing" ran about three times the training share (9 in 105 with 0.025).
 */
const FALSE_NOTHING_BUDGET = 0.015;

/** A training item with its features computed once (they do not depend on the weights). */
export interface Prepared {
  item: Labelled;
  ranking: Ranking | undefined;
}

/** Weights that rank by nothing: what features are computed with before any fit. */
export const ZERO: Models = EMPTY_MODELS;

export function prepare(snapshot: Snapshot, items: readonly Labelled[]): Prepared[] {
  return items.map((item) => ({ item, ranking: rankingFor(snapshot, item.text, { locale: item.locale }, ZERO) }));
}

/**
 * Pairwise rows: each right candidate against each wrong one, a question's pairs sharing one unit of weight. A row
 * holds the features' differences twice over: once for the shared weights, and once more, for a whole message
 * only, for the message ranker's deltas (zero for a typed question).
 */
function rankerRows(snapshot: Snapshot, prepared: readonly Prepared[], first?: Models): Row[] {
  const rows: Row[] = [];
  for (const { item, ranking } of prepared) {
    if (!ranking || item.expect.length === 0) continue;
    const right = ranking.ranked.filter((c) => item.expect.includes(snapshot.entries[c.hit.i]?.id ?? ''));
    const wrong = ranking.ranked.filter((c) => !right.includes(c));
    const long = ranking.question.long;
    // Under a first fit, a wrong candidate near the top weighs more: it is the one that takes the first place.
    const weightOf = first ? topWeights(wrong, first, long) : wrong.map(() => 1 / Math.max(1, wrong.length));
    for (const r of right)
      wrong.forEach((w, k) => {
        const difference = r.features.map((v, j) => v - (w.features[j] ?? 0));
        rows.push({ x: [...difference, ...difference.map((d) => (long ? d : 0))], y: 1, weight: (weightOf[k] ?? 0) / right.length });
      });
  }
  return rows;
}

/** Each wrong candidate's share of its question's weight: 1 / log2(2 + its rank under `models`), summing to one. */
function topWeights(wrong: readonly Ranking['ranked'][number][], models: Models, long: boolean): number[] {
  const scores = wrong.map((c) => rankScore(models, c.features, long));
  const order = scores.map((_, k) => k).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const raw = new Array<number>(wrong.length).fill(0);
  order.forEach((k, rank) => (raw[k] = 1 / Math.log2(2 + rank)));
  const total = raw.reduce((a, b) => a + b, 0) || 1;
  return raw.map((v) => v / total);
}

/** Re-ranks prepared items under `models`: their list features as the decisions will see them. */
function reranked(snapshot: Snapshot, prepared: readonly Prepared[], models: Models): Prepared[] {
  return prepared.map(({ item, ranking }) => {
    if (!ranking) return { item, ranking };
    const rescored = ranking.ranked.map((c) => ({ ...c, score: rankScore(models, c.features, ranking.question.long) }));
    const ranked = inRankOrder(snapshot, rescored, ranking.need);
    return { item, ranking: { ...ranking, ranked, list: listFeatures(ranked, ranking.need, ranking.question.long, ranking.asked) } };
  });
}

const model = (features: readonly string[], fit: { weights: number[]; bias: number }, threshold?: number): LinearModel => ({
  features: [...features],
  weights: fit.weights.map(rounded),
  ...(threshold === undefined ? {} : { bias: rounded(fit.bias), threshold }),
});

/**
 * "Answerable" rows. For typed questions the two classes are balanced (a false "nothing" and a dishonest list
 * cost alike, whatever the mix of the sets); a whole message keeps its natural odds, where most are real help
 * requests the catalogue covers and "nothing" must be earned by the message itself.
 */
function answerableRows(decidable: readonly Prepared[], balanced: boolean): Row[] {
  const positives = decidable.filter((p) => p.item.expect.length > 0).length;
  const negatives = decidable.length - positives;
  return decidable.map((p) => {
    const yes = p.item.expect.length > 0;
    const weight = balanced ? decidable.length / 2 / Math.max(1, yes ? positives : negatives) : 1;
    return { x: pick(p.ranking?.list ?? [], ANSWERABLE_FEATURES), y: Number(yes), weight };
  });
}

/** The questions `prepared` holds, kept with the models as questions answered before. */
function examplesOf(prepared: readonly Prepared[]): Example[] {
  return prepared.map(({ item }) => ({ text: item.text.slice(0, EXAMPLE_CHARS), expect: [...item.expect] }));
}

/**
 * `prepared` with each candidate's askedBefore and askedShare features read from the other questions only: a question (or the same
 * words in another set) never finds itself, so the fit weighs the feature as it works on a question never seen.
 */
export function withAskedBefore(snapshot: Snapshot, prepared: readonly Prepared[], examples: readonly Example[]): Prepared[] {
  const memory = new ExampleMemory(examples);
  return prepared.map(({ item, ranking }, k) => {
    if (!ranking) return { item, ranking };
    const text = examples[k]?.text;
    const asked = memory.similar(item.text, (other) => other === k || examples[other]?.text === text);
    const ranked = ranking.ranked.map((c) => {
      const features = Float64Array.from(c.features);
      const id = snapshot.entries[c.hit.i]?.id;
      if (id !== undefined) setAskedFeatures(features, id, asked);
      return { ...c, features };
    });
    return { item, ranking: { ...ranking, ranked, asked, list: listFeatures(ranked, ranking.need, ranking.question.long, asked) } };
  });
}

/** Fits all the models on `prepared`. */
export function fitModels(snapshot: Snapshot, questions: readonly Prepared[], inputs = ''): Models {
  const examples = examplesOf(questions);
  const prepared = withAskedBefore(snapshot, questions, examples);
  const fitRankers = (first?: Models) => {
    const fit = fitLogistic(rankerRows(snapshot, prepared, first), 2 * FEATURES.length, { intercept: false, lambda: LAMBDA.ranker });
    const shared = fit.weights.slice(0, FEATURES.length);
    return {
      ranker: model(FEATURES, { weights: shared, bias: 0 }),
      rankerMessage: model(FEATURES, { weights: shared.map((w, k) => w + (fit.weights[FEATURES.length + k] ?? 0)), bias: 0 }),
    };
  };
  const { ranker, rankerMessage } = fitRankers({ ...ZERO, ...fitRankers() });
  const ranked = reranked(snapshot, prepared, { ...ZERO, ranker, rankerMessage });
  const decidable = ranked.filter((p) => p.ranking && p.ranking.ranked.length > 0 && !answeredOutright(p.ranking));
  const answerableFor = (long: boolean) =>
    fitLogistic(
      answerableRows(
        decidable.filter((p) => p.ranking?.question.long === long),
        !long,
      ),
      ANSWERABLE_FEATURES.length,
      { intercept: true, lambda: LAMBDA.answerable },
    );
  const typed = answerableFor(false);
  const answerable = model(ANSWERABLE_FEATURES, typed, 0.5);
  // "Is the first entry right" is asked of every list shown, so it learns from every question that gets one: a
  // question with no answer that gets a list has a wrong first entry too, and must not be shown as an answer.
  const confidentRows = ranked
    .filter((p) => p.ranking && p.ranking.ranked.length > 0)
    .map((p) => ({
      x: pick(p.ranking?.list ?? [], CONFIDENT_FEATURES),
      y: Number(p.item.expect.includes(snapshot.entries[p.ranking?.ranked[0]?.hit.i ?? -1]?.id ?? '')),
      weight: 1,
    }));
  const confidentFit = fitLogistic(confidentRows, CONFIDENT_FEATURES.length, { intercept: true, lambda: LAMBDA.confident });
  return {
    inputs,
    ranker,
    rankerMessage,
    answerable: { ...answerable, threshold: withinBudget(answerable, decidable, ranked) },
    answerableMessage: model(ANSWERABLE_FEATURES, answerableFor(true), 0.5),
    confident: model(CONFIDENT_FEATURES, confidentFit, CONFIDENT_FROM),
    examples,
  };
}

/** The threshold of the typed-question "answerable" model fitted as `fitted`, over the decidable typed questions. */
function withinBudget(fitted: LinearModel, decidable: readonly Prepared[], all: readonly Prepared[]): number {
  const typed = (p: Prepared) => p.ranking !== undefined && !p.ranking.question.long;
  const chance = (p: Prepared) => probability(fitted, p.ranking?.list ?? []);
  const answerable = all.filter((p) => p.item.expect.length > 0 && typed(p)).length;
  return answerableThreshold(
    decidable.filter((p) => p.item.expect.length > 0 && typed(p)).map(chance),
    decidable.filter((p) => p.item.expect.length === 0 && typed(p)).map(chance),
    Math.floor(FALSE_NOTHING_BUDGET * answerable),
  );
}

/**
 * Where "answerable" starts, from the model's chances for answerable (`yes`) and no-answer (`no`) questions. The
 * highest it may go is the chance below which at most `allowed` answerable questions would get "nothing" (never
 * below 0.5); within that, it sits halfway between the last no-answer question it still catches and the next
 * answerable one: the budget is spent only where it buys an honest "nothing", and new wordings keep a margin.
 */
export function answerableThreshold(yes: readonly number[], no: readonly number[], allowed: number): number {
  const sorted = [...yes].sort((a, b) => a - b);
  const highest = Math.max(0.5, sorted[allowed] ?? 0.5);
  const caught = no.filter((p) => p >= 0.5 && p < highest);
  if (caught.length === 0) return 0.5;
  const last = Math.max(...caught);
  const next = Math.min(highest, ...sorted.filter((p) => p > last));
  return rounded((last + next) / 2);
}

/** Figures of one evaluation: over answerable items, first right and right in the top five; both errors of "nothing". */
export interface Figures {
  answerable: number;
  noAnswer: number;
  top1: number;
  hitAt5: number;
  falseNothing: number;
  honest: number;
  /** Shown as an answer (not as the nearest matches) with a wrong first entry, or for a question with no answer. */
  confidentWrong: number;
}

const NO_FIGURES: Figures = Object.freeze({
  answerable: 0,
  noAnswer: 0,
  top1: 0,
  hitAt5: 0,
  falseNothing: 0,
  honest: 0,
  confidentWrong: 0,
});

/** The figures `models` get on `items`, through the whole answer path. */
export function evaluate(snapshot: Snapshot, items: readonly Labelled[], models: Models): Figures {
  const f: Figures = { ...NO_FIGURES };
  for (const item of items) {
    const given = answer(snapshot, item.text, { locale: item.locale }, models);
    const ids = given.hits.map((h) => h.entry.id);
    const confident = given.match === 'full' && ids.length > 0;
    if (item.expect.length === 0) {
      f.noAnswer++;
      if (ids.length === 0) f.honest++;
      if (confident) f.confidentWrong++;
      continue;
    }
    f.answerable++;
    const rank = ids.findIndex((id) => item.expect.includes(id));
    if (confident && rank !== 0) f.confidentWrong++;
    if (rank === 0) f.top1++;
    if (rank >= 0 && rank < 5) f.hitAt5++;
    if (ids.length === 0) f.falseNothing++;
  }
  return f;
}

/** Which of `folds` folds an item falls in: by a hash of its text, so the split never depends on order. */
export function foldOf(text: string, folds: number): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % folds;
}

/** k-fold cross-validation: fit on all folds but one, measure on that one; the sums over folds. */
export function crossValidate(snapshot: Snapshot, prepared: readonly Prepared[], folds: number): { perFold: Figures[]; total: Figures } {
  const perFold: Figures[] = [];
  for (let k = 0; k < folds; k++) {
    const models = fitModels(
      snapshot,
      prepared.filter((p) => foldOf(p.item.text, folds) !== k),
    );
    perFold.push(
      evaluate(
        snapshot,
        prepared.filter((p) => foldOf(p.item.text, folds) === k).map((p) => p.item),
        models,
      ),
    );
  }
  const total = { ...NO_FIGURES };
  for (const f of perFold) for (const k of Object.keys(total) as (keyof Figures)[]) total[k] += f[k];
  return { perFold, total };
}

/**
 * A digest of everything the models were fitted on: the catalogue folder's files, the training sets' files,
 * the feature lists and the fitting's version. Stored with the weights; a test fails when it no longer matches.
 */
export function inputsDigest(catalogueDir: string, sets: readonly LabelledSet[]): string {
  const hash = createHash('sha256');
  hash.update(`fit ${FIT_VERSION}\n${FEATURES.join(',')}\n${ANSWERABLE_FEATURES.join(',')}\n${CONFIDENT_FEATURES.join(',')}\n`);
  const catalogueFiles = readdirSync(catalogueDir)
    .filter((n) => /\.ya?ml$/.test(n) && n !== 'verification.yaml')
    .sort()
    .map((n) => path.join(catalogueDir, n));
  const setFiles = [...new Set(sets.flatMap((s) => s.files))].sort();
  for (const file of [...catalogueFiles, ...setFiles]) hash.update(`${path.basename(file)}\n`).update(readFileSync(file));
  return hash.digest('hex');
}
