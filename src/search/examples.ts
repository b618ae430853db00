/**
 * Questions answered before: the labelled training questions (what members asked, in their words and languages,
 * and the entries that answered them), kept with the fitted models. A new question close in words to one of them
 * is likely answered by the same entries; `askedBefore` (that closeness) and `askedShare` (the entry's share of the
 * closest examples' votes) are ranking features among the others.
 *
 * This is where the channel's questions end up: a missed question a moderator labels in a training set is, after
 * `npm run ranker:fit`, an example the search remembers, and close wordings of it find its entries too.
 */

/** One question answered before, as the fitted models keep it. */
export interface Example {
  /** The member's words, cut to EXAMPLE_CHARS. */
  readonly text: string;
  /** The ids of the entries that answer it (none when the catalogue has no answer). */
  readonly expect: readonly string[];
}

/** The key `similar` gives the closeness to a question the catalogue has no answer for. */
export const NO_ANSWER = '';

/**
 * How much of a question is compared. A message's opening says what it needs, and the code or log after it often
 * names the calls and errors of the library it is about (in cross-validation on the real training questions,
 * first place rose from 0.530 at 600 characters to 0.538 at 1,000, no further at 1,500; 300 gave 0.520).
 */
export const EXAMPLE_CHARS = 1000;

// Han and kana are written without spaces: their runs are compared as overlapping pairs of characters.
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const WORD = /[\p{L}\p{N}_]{2,}/gu;

/** The distinct words of a text, as examples and questions are compared: lower case, two characters or more. */
export function exampleWords(text: string): string[] {
  const cut = text.slice(0, EXAMPLE_CHARS).toLowerCase();
  const words = new Set<string>();
  for (const [run] of cut.matchAll(UNSPACED_RUN)) {
    const chars = Array.from(run);
    if (chars.length === 1) words.add(run);
    for (let k = 0; k + 1 < chars.length; k++) words.add(`${chars[k]}${chars[k + 1]}`);
  }
  for (const [word] of cut.replace(UNSPACED_RUN, ' ').matchAll(WORD)) words.add(word);
  return [...words];
}

/** Closeness below this is a few common words shared ("how", "to"), not a like question: it counts as none. */
const FAINT = 0.05;
/**
 * How many of the closest examples vote on a question's answer. One close example may be a coincidence of
 * words; among the ten closest, the entries most of them name (weighed by closeness squared) are likelier right.
 */
const VOTERS = 10;

/** What the questions answered before say of a new one, by entry id (NO_ANSWER: the catalogue had none). */
export interface AskedBefore {
  /** How close the closest example each entry answers comes to the question: a cosine of weighed words, 0 to 1. */
  readonly closest: ReadonlyMap<string, number>;
  /** Each entry's share of the VOTERS closest examples' votes, weighed by closeness squared: 0 to 1, summing to one. */
  readonly share: ReadonlyMap<string, number>;
}

/** A word held by more than this share of the examples, and by more than COMMON_FROM of them, is a common one. */
const COMMON_SHARE = 0.05;
/** Below this many examples holding it, no word is common: a small memory is cheap to walk whole. */
const COMMON_FROM = 50;

/** What comparing needs of every example, whatever the catalogue: its words, their rarity, its length. */
interface ExampleWords {
  readonly words: readonly (readonly string[])[];
  readonly idf: ReadonlyMap<string, number>;
  readonly unseen: number;
  readonly norms: Float64Array;
}

const wordsCache = new WeakMap<readonly Example[], ExampleWords>();

function wordsOfExamples(examples: readonly Example[]): ExampleWords {
  const cached = wordsCache.get(examples);
  if (cached) return cached;
  const words = examples.map((e) => exampleWords(e.text));
  const counts = new Map<string, number>();
  for (const list of words) for (const w of list) counts.set(w, (counts.get(w) ?? 0) + 1);
  const rarity = (count: number) => Math.log(1 + examples.length / (count + 0.5));
  const idf = new Map([...counts].map(([w, count]) => [w, rarity(count)]));
  const norms = Float64Array.from(words, (list) => Math.sqrt(list.reduce((sum, w) => sum + (idf.get(w) ?? 0) ** 2, 0)) || 1);
  const found = { words, idf, unseen: rarity(0), norms };
  wordsCache.set(examples, found);
  return found;
}

/**
 * The examples, indexed by word, with each example's words weighed by their rarity among the examples. Given the
 * ids a catalogue holds, only examples that some of them answer, or that none could, are indexed: an example
 * answered by entries the catalogue no longer has says nothing of it. Rarity is counted over all examples either way,
 * so an example compares the same in any catalogue.
 */
export class ExampleMemory {
  readonly #expect: readonly (readonly string[])[];
  readonly #postings = new Map<string, Int32Array>();
  readonly #idf: ReadonlyMap<string, number>;
  readonly #norms: Float64Array;
  readonly #unseen: number;
  /** A word in more examples than this is common: see `similar`. */
  readonly #commonFrom: number;
  /** Scratch space of one comparison: the weighed words each example shares with the text. */
  readonly #dots: Float64Array;

  constructor(examples: readonly Example[], holds: (id: string) => boolean = () => true) {
    const { words, idf, unseen, norms } = wordsOfExamples(examples);
    this.#expect = examples.map((e) => e.expect.filter(holds));
    // An example whose entries this catalogue lacks says nothing of it; one that had no answer always speaks.
    const speaks = (k: number) => (this.#expect[k]?.length ?? 0) > 0 || (examples[k]?.expect.length ?? 0) === 0;
    const lists = new Map<string, number[]>();
    words.forEach((list, k) => {
      if (!speaks(k)) return;
      for (const w of list) {
        const postings = lists.get(w);
        if (postings) postings.push(k);
        else lists.set(w, [k]);
      }
    });
    for (const [w, list] of lists) this.#postings.set(w, Int32Array.from(list));
    this.#idf = idf;
    this.#unseen = unseen;
    this.#norms = norms;
    this.#commonFrom = Math.max(COMMON_FROM, examples.length * COMMON_SHARE);
    this.#dots = new Float64Array(examples.length);
  }

  get size(): number {
    return this.#expect.length;
  }

  /**
   * For each entry, how close the text comes to an example it answers (the best cosine of their weighed words,
   * 0 to 1) and its share of the closest examples' votes; under NO_ANSWER, the same for questions with no answer.
   * `leaveOut` skips examples by position: a training question must not find itself while fitting.
   */
  similar(text: string, leaveOut?: (example: number) => boolean): AskedBefore {
    const dots = this.#dots;
    const touched: number[] = [];
    let norm = 0;
    // Rarer words first: a word many examples hold ("how", "solana") then adds only to examples a rarer word
    // found, as an example sharing nothing but such words is no like question, and their lists are the long ones.
    const words = exampleWords(text).sort((a, b) => (this.#postings.get(a)?.length ?? 0) - (this.#postings.get(b)?.length ?? 0));
    for (const w of words) {
      // A word no example holds still makes the text longer, and so less like any of them.
      const idf = this.#idf.get(w) ?? this.#unseen;
      norm += idf * idf;
      const postings = this.#postings.get(w);
      if (!postings) continue;
      const common = postings.length > this.#commonFrom;
      for (const k of postings) {
        if (dots[k] === 0) {
          if (common) continue;
          touched.push(k);
        }
        dots[k] = (dots[k] ?? 0) + idf * idf;
      }
    }
    const length = Math.sqrt(norm);
    const closest = new Map<string, number>();
    const voters: Voter[] = [];
    for (const k of touched) {
      const closeness = (dots[k] ?? 0) / (length * (this.#norms[k] ?? 1));
      dots[k] = 0;
      if (closeness < FAINT || leaveOut?.(k)) continue;
      for (const id of this.#answers(k)) if (closeness > (closest.get(id) ?? 0)) closest.set(id, closeness);
      admitVoter(voters, { example: k, closeness });
    }
    return { closest, share: this.#share(voters) };
  }

  /** The ids (NO_ANSWER for none) an example is the answer of. */
  #answers(example: number): readonly string[] {
    const ids = this.#expect[example] ?? [];
    return ids.length > 0 ? ids : [NO_ANSWER];
  }

  #share(voters: readonly Voter[]): Map<string, number> {
    const total = voters.reduce((sum, v) => sum + v.closeness ** 2, 0);
    const share = new Map<string, number>();
    for (const { example, closeness } of voters) {
      const ids = this.#answers(example);
      for (const id of ids) share.set(id, (share.get(id) ?? 0) + closeness ** 2 / total / ids.length);
    }
    return share;
  }
}

interface Voter {
  readonly example: number;
  readonly closeness: number;
}

/**
 * Keeps `voters` the VOTERS closest examples seen so far, closest first (the earlier example on a tie, so the
 * vote never depends on the order examples are met): a short insertion, as most examples are not among them.
 */
function admitVoter(voters: Voter[], voter: Voter): void {
  const before = (a: Voter, b: Voter) => a.closeness > b.closeness || (a.closeness === b.closeness && a.example < b.example);
  const last = voters[voters.length - 1];
  if (voters.length === VOTERS && last && !before(voter, last)) return;
  let at = voters.length;
  while (at > 0 && before(voter, voters[at - 1] as Voter)) at--;
  voters.splice(at, 0, voter);
  if (voters.length > VOTERS) voters.pop();
}

const memories = new WeakMap<readonly Example[], WeakMap<object, ExampleMemory>>();

/**
 * The memory of a models file's examples for one catalogue (`positions`: its entries by id), indexed on first use
 * and kept while both are.
 */
export function memoryOf(examples: readonly Example[], positions: ReadonlyMap<string, number>): ExampleMemory {
  let byCatalogue = memories.get(examples);
  if (!byCatalogue) memories.set(examples, (byCatalogue = new WeakMap()));
  let memory = byCatalogue.get(positions);
  if (!memory) byCatalogue.set(positions, (memory = new ExampleMemory(examples, (id) => positions.has(id))));
  return memory;
}
