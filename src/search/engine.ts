/** The full-text engine over one snapshot: minisearch picks candidates; each hit says where each of the member's words was found. */
import type MiniSearch from 'minisearch';
import type { SearchOptions as MiniOptions, SearchResult } from 'minisearch';
import type { Entry } from '../catalogue/schema.js';
import {
  SEARCH_FIELDS,
  buildMiniSearch,
  buildMiniSearchInTurns,
  fieldValue,
  type BuildOptions,
  type Built,
  type SearchField,
  type TermCounts,
} from './build.js';
import { editDistance } from './names.js';
import { fuzzyDistance, type SearchSettings } from './options.js';
import { fieldTerms, inflections, otherForms } from './words.js';

/** A set of fields as bits, in SEARCH_FIELDS order. */
export type FieldMask = number;
export const FIELD_BIT: Readonly<Record<SearchField, number>> = Object.fromEntries(SEARCH_FIELDS.map((f, i) => [f, 1 << i])) as Record<
  SearchField,
  number
>;
const maskOf = (fields: readonly string[] | undefined): FieldMask =>
  (fields ?? []).reduce((mask, f) => mask | ((FIELD_BIT as Readonly<Record<string, number>>)[f] ?? 0), 0);
/** The fields a result matched `term` in; an own property only ("constructor" is a word members type). */
const fieldsIn = (r: SearchResult, term: string): string[] | undefined => (Object.hasOwn(r.match, term) ? r.match[term] : undefined);

/** Where a hit matched each of the member's words, as field masks (hits that matched alike share one). */
export interface HitFacts {
  /** The member's word itself, another form of it, or both parts of a compound. */
  readonly direct: ReadonlyMap<string, FieldMask>;
  /** Only as the start of a longer word or as a typo. */
  readonly inexact: ReadonlyMap<string, FieldMask>;
  /** Through the vocabulary: a catalogue word for the member's need. */
  readonly bridged: ReadonlyMap<string, FieldMask>;
}

/** A candidate from the full-text pass: the entry's position in the snapshot, its text score and what it matched. */
export interface EngineHit {
  readonly i: number;
  readonly score: number;
  readonly facts: HitFacts;
}

export interface EngineQuery {
  /** The member's terms; the last one may be half typed. */
  terms: readonly string[];
  /** For a member term, the catalogue's terms for the same need (searched too, weighing less). */
  bridges?: ReadonlyMap<string, readonly string[]> | undefined;
  /** A member term that joins two of the member's words; an entry holding both words covers it too. */
  compounds?: ReadonlyMap<string, readonly string[]> | undefined;
  /** Keep only documents for which this returns true. */
  accept?: ((i: number) => boolean) | undefined;
  /** Complete the last term as a prefix (it is still being typed). */
  prefix?: boolean;
}

/** The candidates of one query, and the member's terms as searched (a misspelt word is searched mended). */
export interface EngineResult {
  hits: EngineHit[];
  terms: readonly string[];
  /** The query's bridges, keyed by the terms as searched. */
  bridges: ReadonlyMap<string, readonly string[]>;
  /** Other forms of each term that the catalogue writes ("signing" for "sign"). */
  forms: ReadonlyMap<string, readonly string[]>;
}

/** Everything one query's minisearch pass and its reading of results need. */
interface Plan {
  terms: readonly string[];
  /** Terms mended from a word the member typed otherwise (see #repaired): the slip may have meant another word. */
  mended: ReadonlySet<string>;
  typing: string | undefined;
  bridges: ReadonlyMap<string, readonly string[]>;
  forms: ReadonlyMap<string, readonly string[]>;
  compounds: ReadonlyMap<string, readonly string[]>;
  accept: ((i: number) => boolean) | undefined;
}

/** The plan narrowed to `terms`: their own forms and bridges only, no compounds (a pool is picked by rare words alone). */
function onlyFor(plan: Plan, terms: readonly string[]): Plan {
  const keep = <T>(map: ReadonlyMap<string, T>) => new Map([...map].filter(([t]) => terms.includes(t)));
  return { ...plan, terms, compounds: new Map(), forms: keep(plan.forms), bridges: keep(plan.bridges) };
}

/** A test of membership in `members`, positions below `size`. (The pool's members already passed the kind filter.) */
function membership(members: readonly number[], size: number): (i: number) => boolean {
  const mask = new Uint8Array(size);
  for (const i of members) mask[i] = 1;
  return (i) => mask[i] === 1;
}

/** Fields whose values repeat across a catalogue (a kind, a category, a maker, each tag): analysed once per value. */
const REPEATING = new Set(['kind', 'category', 'maker', 'tags']);

/** The tokenizer for one build; other fields are analysed into one reused array (the build reads it before the next call). */
function buildTokenizer(): (text: string, field?: string) => string[] {
  const seen = new Map<string, string[]>();
  const buffer: string[] = [];
  return (text, field) => {
    if (field === undefined || !REPEATING.has(field)) return fieldTerms(text, buffer);
    let terms = seen.get(text);
    if (!terms) seen.set(text, (terms = fieldTerms(text)));
    return terms;
  };
}

/** On a catalogue this large, rare words pick the candidates and common ones only rank them (bounds the work of "api"). */
const SELECTIVE_FROM = 2000;
const RARE_SHARE = 0.01;

/** How the engine builds minisearch over entries. */
const engineBuild = (): BuildOptions<Entry> => ({
  fields: SEARCH_FIELDS,
  proseFields: ['description', 'asks'],
  valueOf: (entry, field) => fieldValue(entry, field as SearchField),
  // Our tokenizer already folds case and accents, splits punctuation and adds joined forms.
  tokenize: buildTokenizer(),
  options: { storeFields: [] },
});

/** The full-text index over one snapshot's documents. */
export class Engine {
  readonly #mini: MiniSearch<{ i: number }>;
  readonly #counts: TermCounts;
  /** Known words by their consonants, made on the first shorthand a member types. */
  #bySkeleton: Map<string, string> | undefined;

  private constructor(
    built: Built<{ i: number }>,
    private readonly settings: SearchSettings,
  ) {
    this.#mini = built.mini;
    this.#counts = built.counts;
  }

  static build(entries: readonly Entry[], settings: SearchSettings): Engine {
    return new Engine(buildMiniSearch(entries, engineBuild()), settings);
  }

  /** The same engine, built in turns that leave the event loop free to answer (a reload). */
  static async buildInTurns(entries: readonly Entry[], settings: SearchSettings): Promise<Engine> {
    return new Engine(await buildMiniSearchInTurns(entries, engineBuild()), settings);
  }

  /** Entries holding `term` in any field: how common a word is in this catalogue (0: unknown). */
  frequency(term: string): number {
    return this.#counts.all.get(term) ?? 0;
  }

  /** Entries holding `term` in a label (name, aliases, package, maker, kind, tags, category): a word the catalogue is about. */
  labelFrequency(term: string): number {
    return this.#counts.labels.get(term) ?? 0;
  }

  /** How many entries the index holds. */
  get size(): number {
    return this.#mini.documentCount;
  }

  /**
   * Candidates for a query, best text score first. Terms combine with OR (minisearch rewards matching more of
   * them), so a question with one word no entry has still finds things. On a large catalogue, rare terms pick
   * the candidates first; the full query then ranks only those.
   */
  run(query: EngineQuery): EngineResult {
    const plan = this.#plan(query);
    const { terms } = plan;
    if (terms.length === 0) return { hits: [], terms, bridges: plan.bridges, forms: plan.forms };
    const rare = this.#rareTerms(plan);
    if (rare) {
      const pool = this.#search(onlyFor(plan, rare));
      // minisearch asks for every posting of a common word: a look-up in a mask is the cheapest answer.
      const inPool = membership(
        pool.map((h) => h.i),
        this.#mini.documentCount,
      );
      if (pool.length > 0)
        return {
          hits: this.#search({ ...plan, accept: inPool }),
          terms,
          bridges: plan.bridges,
          forms: plan.forms,
        };
    }
    return { hits: this.#search(plan), terms, bridges: plan.bridges, forms: plan.forms };
  }

  /** The terms as searched (mended), their forms and bridges, and the word still being typed. */
  #plan(query: EngineQuery): Plan {
    const repairs = new Map(query.terms.map((t) => [t, this.#repaired(t)]));
    const terms = [...new Set(repairs.values())];
    const bridges = new Map<string, readonly string[]>();
    for (const [original, repaired] of repairs) {
      const bridge = query.bridges?.get(original);
      if (bridge?.length) bridges.set(repaired, [...new Set([...(bridges.get(repaired) ?? []), ...bridge])]);
    }
    const last = terms[terms.length - 1];
    const typing = query.prefix && last !== undefined && last.length >= this.settings.prefixFrom ? last : undefined;
    return {
      terms,
      mended: new Set([...repairs].filter(([typed, read]) => typed !== read).map(([, read]) => read)),
      typing,
      bridges,
      forms: new Map(terms.map((t) => [t, this.#forms(t, terms)])),
      compounds: query.compounds ?? new Map(),
      accept: query.accept,
    };
  }

  /**
   * A word the index does not know, mended when a near form is known: two neighbouring letters swapped back
   * ("playgorund"), the commonest slip on a keyboard; then another form of the same word ("indexer" → "indexing");
   * then the word its vowels were dropped from, as in chat shorthand ("provdr", "tkn", "upgrd").
   */
  #repaired(term: string): string {
    if (term.length < 3 || this.#counts.all.has(term) || /\d/.test(term)) return term;
    return this.#swappedBack(term) ?? this.#otherForm(term) ?? this.#unabbreviated(term) ?? term;
  }

  /** The known word two neighbouring letters of `term` spell when swapped back (words of four letters or more). */
  #swappedBack(term: string): string | undefined {
    if (term.length < 4) return undefined;
    for (let k = 0; k < term.length - 1; k++) {
      const swapped = term.slice(0, k) + term.charAt(k + 1) + term.charAt(k) + term.slice(k + 2);
      if (this.#counts.all.has(swapped)) return swapped;
    }
    return undefined;
  }

  /** The commonest other form of `term` the index holds (words of four letters or more). */
  #otherForm(term: string): string | undefined {
    if (term.length < 4) return undefined;
    let best: string | undefined;
    let bestCount = 0;
    for (const form of [...otherForms(term), ...inflections(term)]) {
      const count = this.frequency(form);
      if (count > bestCount) [best, bestCount] = [form, count];
    }
    return best;
  }

  /** The known word a shorthand dropped vowels from: same first letter, same consonants, at most three letters more. */
  #unabbreviated(term: string): string | undefined {
    const skeleton = consonantSkeleton(term);
    if (skeleton.length < 3) return undefined;
    this.#bySkeleton ??= wordsBySkeleton(this.#counts.all);
    const word = this.#bySkeleton.get(skeleton);
    return word !== undefined && word.length > term.length && word.length - term.length <= 3 && isSubsequence(term, word)
      ? word
      : undefined;
  }

  /** The other forms of a member's word that the index holds ("connecting" → connect, "sign" → signing, signer). */
  #forms(term: string, terms: readonly string[]): string[] {
    if (term.length < 3 || /\d/.test(term)) return [];
    const forms = new Set([...otherForms(term), ...inflections(term)]);
    return [...forms].filter((f) => f !== term && !terms.includes(f) && this.#counts.all.has(f));
  }

  /** The terms that pick candidates on a large catalogue: known rare terms, else unknown ones, else the word being typed. */
  #rareTerms({ terms, compounds, typing }: Plan): string[] | undefined {
    if (this.#mini.documentCount < SELECTIVE_FROM) return undefined;
    const common = this.#mini.documentCount * RARE_SHARE;
    // A compound's parts count as words of their own: "sabeus wallet" is picked by "sabeus".
    const words = [...new Set([...terms, ...[...compounds.values()].flat()])];
    const others = words.filter((t) => t !== typing);
    const known = others.filter((t) => this.frequency(t) > 0 && this.frequency(t) <= common);
    const unknown = terms.filter((t) => t !== typing && this.frequency(t) === 0);
    const last = typing !== undefined && this.frequency(typing) <= common ? [typing] : [];
    const rare = [known, unknown, last].find((tier) => tier.length > 0);
    return rare && rare.length < words.length ? rare : undefined;
  }

  /** One minisearch pass: the member's words, their other forms and compounds' parts, and the vocabulary's words for them. */
  #search(plan: Plan): EngineHit[] {
    const { terms, typing } = plan;
    const own = new Set(terms);
    for (const part of [...plan.compounds.values()].flat()) own.add(part);
    const formTerms = new Set([...plan.forms.values()].flat().filter((t) => !own.has(t)));
    const bridgeTerms = [...new Set([...plan.bridges.values()].flat())].filter((t) => !own.has(t) && !formTerms.has(t));
    const text = [...own, ...formTerms, ...bridgeTerms].join(' ');
    const results = this.#mini.search(
      typing !== undefined && own.has(typing) ? { combineWith: 'OR', queries: [text, this.#completion(typing, plan.accept)] } : text,
      this.#options(own, formTerms, bridgeTerms.length > 0, plan),
    );
    const limit = this.settings.candidates;
    const derived = new Map<string, HitFacts>();
    return results.slice(0, limit).map((r) => {
      let key = r.queryTerms.join(' ');
      for (const [word, fields] of Object.entries(r.match)) key += `|${word}:${maskOf(fields)}`;
      let facts = derived.get(key);
      if (!facts) derived.set(key, (facts = this.#facts(r, plan)));
      return { i: r.id as number, score: r.score, facts };
    });
  }

  /**
   * Whether a member's word is searched for typos too: a word the catalogue does not hold, or one mended
   * from a slip. A word typed as the catalogue writes it is taken as written: its typo neighbours added noise
   * (cross-validated: first 0.798 → 0.801 without them), and walking the index for them was a fifth of a
   * question's time.
   */
  #mayBeTypo(term: string, mended: ReadonlySet<string>): boolean {
    return mended.has(term) || !this.#counts.all.has(term);
  }

  /** minisearch's options for one pass: member words may be typos; the vocabulary's words are the catalogue's own. */
  #options(own: ReadonlySet<string>, forms: ReadonlySet<string>, bridged: boolean, { accept, mended }: Plan): MiniOptions {
    const { boost, matchWeights, maxFuzzy, formWeight, bridgeWeight } = this.settings;
    return {
      fields: [...SEARCH_FIELDS],
      boost,
      combineWith: 'OR',
      weights: matchWeights,
      maxFuzzy,
      prefix: false,
      fuzzy: (term) => (own.has(term) && this.#mayBeTypo(term, mended) ? fuzzyDistance(term, maxFuzzy) : 0),
      // Terms are already split and folded: splitting on spaces keeps them intact.
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      // Filtering as a document boost of 0 drops the others while scoring, instead of after.
      ...(accept && { boostDocument: (id: number) => (accept(id) ? 1 : 0) }),
      ...((bridged || forms.size > 0) && {
        boostTerm: (term: string) => (own.has(term) ? 1 : forms.has(term) ? formWeight : bridgeWeight),
      }),
    };
  }

  /** The word being typed, completed as a prefix in the short fields people type from; exact matches already counted. */
  #completion(typing: string, accept?: (i: number) => boolean) {
    return {
      queries: [typing],
      prefix: true,
      fuzzy: false,
      fields: ['name', 'aliases', 'package', 'maker', 'tags'],
      boostDocument: (id: number, term: string) => (term === typing ? 0 : (accept?.(id) ?? true) ? 1 : 0),
    };
  }

  /** Where a result matched each member term: directly (itself, a form, a compound's parts), inexactly, or through a bridge. */
  #facts(r: SearchResult, plan: Plan): HitFacts {
    const found = new Set(r.queryTerms);
    const direct = new Map<string, FieldMask>();
    const inexact = new Map<string, FieldMask>();
    const bridged = new Map<string, FieldMask>();
    for (const t of plan.terms) {
      let mask = maskOf(fieldsIn(r, t));
      for (const f of plan.forms.get(t) ?? []) mask |= maskOf(fieldsIn(r, f));
      const parts = plan.compounds.get(t);
      if (parts?.every((p) => fieldsIn(r, p) !== undefined)) mask |= parts.reduce((m, p) => m | maskOf(fieldsIn(r, p)), 0);
      if (mask) direct.set(t, mask);
      else if (found.has(t)) {
        const near = this.#reached(t, r, plan.typing);
        if (near) inexact.set(t, near);
      }
      const bridge = (plan.bridges.get(t) ?? []).reduce((m, b) => m | maskOf(fieldsIn(r, b)), 0);
      if (bridge) bridged.set(t, bridge);
    }
    return { direct, inexact, bridged };
  }

  /** The fields of the document words `t` reached as a prefix (when typed last) or a typo. */
  #reached(t: string, r: SearchResult, typing: string | undefined): FieldMask {
    const distance = fuzzyDistance(t, this.settings.maxFuzzy);
    let mask = 0;
    for (const [w, fields] of Object.entries(r.match))
      if ((t === typing && w.startsWith(t)) || (distance > 0 && editDistance(t, w, distance) <= distance)) mask |= maskOf(fields);
    return mask;
  }
}

const VOWEL = /[aeiou]/g;

/** A word's first letter and the consonants after it: "provider" → "prvdr". */
function consonantSkeleton(word: string): string {
  return word.charAt(0) + word.slice(1).replace(VOWEL, '');
}

/** The commonest known word of four letters or more for each consonant skeleton. */
function wordsBySkeleton(counts: ReadonlyMap<string, number>): Map<string, string> {
  const best = new Map<string, string>();
  for (const [word, count] of counts) {
    if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
    const key = consonantSkeleton(word);
    const held = best.get(key);
    if (held === undefined || count > (counts.get(held) ?? 0)) best.set(key, word);
  }
  return best;
}

/** Are `short`'s letters found in `long`, in order? */
function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (let k = 0; k < long.length && i < short.length; k++) if (long.charCodeAt(k) === short.charCodeAt(i)) i++;
  return i === short.length;
}
