/** The full-text engine over one snapshot: minisearch queries with prefix, typo repair and distinctive-word coverage. */
import type MiniSearch from 'minisearch';
import type { SearchOptions as MiniOptions } from 'minisearch';
import type { Entry } from '../catalogue/schema.js';
import { SEARCH_FIELDS, buildMiniSearch, fieldValue, type SearchField, type TermCounts } from './build.js';
import {
  COMMON_SHARE,
  CONCEPT_WEIGHT,
  FIELD_BOOSTS,
  FORM_WEIGHT,
  MATCH_WEIGHTS,
  MAX_FUZZY,
  PREFIX_FIELDS,
  SELECTIVE_FROM,
  fuzzyDistance,
} from './tuning.js';
import { editDistance } from './names.js';
import { fieldTerms, inflections, otherForms } from './words.js';

/** A ranked match from the full-text pass: the entry's position in the snapshot and its score. */
export interface EngineHit extends HitFacts {
  i: number;
  score: number;
}

/** What a hit matched, in which words and fields; hits that matched alike share one (the sets are never changed). */
export interface HitFacts {
  /** The member's terms this entry matched, directly (exactly, as a prefix or fuzzily) or through a concept. */
  matched: ReadonlySet<string>;
  /** Those it matched directly, in the member's own words. */
  direct: ReadonlySet<string>;
  /** Those it matched in a label (name, alias, package, tag, kind, maker, category), not only in its description. */
  labelled: ReadonlySet<string>;
  /** Those it matched only as the start of a longer word or as a typo, never as the member spelt them. */
  inexact: ReadonlySet<string>;
  /** The member's terms this entry reached through a concept word found in one of its labels, not only in its prose. */
  bridgedLabel: ReadonlySet<string>;
}

/** The hits of one query, and the member's terms as searched (a misspelt word is searched mended). */
export interface EngineResult {
  hits: EngineHit[];
  terms: readonly string[];
  /** The query's bridges, keyed by the terms as searched ("sandwiched" is searched as the catalogue's "sandwich"). */
  bridges: ReadonlyMap<string, readonly string[]>;
}

export interface EngineQuery {
  /** The member's terms; the last one may be half typed. */
  terms: readonly string[];
  /** For a member term, the catalogue's terms for the same need (searched too, weighing less). */
  bridges?: ReadonlyMap<string, readonly string[]>;
  /** A member term that joins two of the member's words; an entry holding both words covers it too. */
  compounds?: ReadonlyMap<string, readonly string[]>;
  /** Keep only documents for which this returns true (applied through boostDocument). */
  accept?: (i: number) => boolean;
  /** Shortest last term that is also completed as a prefix. */
  prefixFrom: number;
}

const ALL_FIELDS = [...SEARCH_FIELDS];

/** Fields whose values repeat across a catalogue (a kind, a category, a maker, each tag): analysed once per value. */
const REPEATING = new Set(['kind', 'category', 'maker', 'tags']);

/**
 * The tokenizer for one build. Other fields are analysed into one reused array (the build
 * consumes each field's terms before asking for the next), which spares the garbage
 * collector ~80k short-lived arrays per 10k entries.
 */
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

/** The full-text index over one snapshot's documents. */
export class Engine {
  readonly #mini: MiniSearch<{ i: number }>;
  readonly #counts: TermCounts;

  constructor(entries: readonly Entry[]) {
    const built = buildMiniSearch(entries, {
      fields: SEARCH_FIELDS,
      proseFields: ['description'],
      valueOf: (entry, field) => fieldValue(entry, field as SearchField),
      // Our tokenizer already folds case and accents, splits punctuation and adds joined
      // forms; minisearch's own lower-casing would only repeat the work.
      tokenize: buildTokenizer(),
      options: { storeFields: [] },
    });
    this.#mini = built.mini;
    this.#counts = built.counts;
  }

  /**
   * Ranked matches. Terms combine with OR: minisearch multiplies each score by the number of
   * query terms matched, which is the "bonus for matching more words" we want, without AND's
   * all-or-nothing failure on a question like "local validator for tests" where one word is
   * missing from the best entry. On a large catalogue, rare terms pick the candidates first
   * (see COMMON_SHARE); the full query then ranks only those.
   */
  run(query: EngineQuery): EngineResult {
    const repairs = new Map(query.terms.map((t) => [t, this.#repaired(t)]));
    const terms = [...new Set(repairs.values())];
    const typing = terms[terms.length - 1];
    if (typing === undefined) return { hits: [], terms, bridges: new Map() };
    const bridges = new Map<string, readonly string[]>();
    for (const [original, repaired] of repairs) {
      const bridge = query.bridges?.get(original);
      if (bridge?.length) bridges.set(repaired, bridge);
    }
    const forms = new Map(terms.map((t) => [t, this.#forms(t, terms)]));
    const rare = this.#rareTerms(terms, typing.length >= query.prefixFrom ? typing : undefined);
    if (rare) {
      const pool = new Set(this.#search(rare, typing, query, bridges, forms).map((h) => h.i));
      if (pool.size > 0)
        return { hits: this.#search(terms, typing, { ...query, accept: (i) => pool.has(i) }, bridges, forms), terms, bridges };
    }
    return { hits: this.#search(terms, typing, query, bridges, forms), terms, bridges };
  }

  /** Entries holding `term` in any field: how common a word is in this catalogue (0: unknown). */
  frequency(term: string): number {
    return this.#frequency(term);
  }

  /** Entries holding `term` in a label (any field but the description): is it a word the catalogue is about? */
  labelFrequency(term: string): number {
    return this.#counts.labels.get(term) ?? 0;
  }

  /** How many entries the index holds. */
  get size(): number {
    return this.#mini.documentCount;
  }

  /**
   * A word the index does not know, mended when a near form is known. First, two neighbouring
   * letters swapped back ("playgorund" → "playground"): edit distance counts a swap as two
   * edits, more than a short word's fuzzy allowance, yet it is the most common slip on a
   * keyboard. Then another form of the same word ("indexer" → "indexing", "minter" → "mint"):
   * people name the thing, catalogues describe the activity. The commonest known form wins.
   */
  #repaired(term: string): string {
    if (term.length < 4 || this.#counts.all.has(term) || /\d/.test(term)) return term;
    for (let k = 0; k < term.length - 1; k++) {
      const swapped = term.slice(0, k) + term.charAt(k + 1) + term.charAt(k) + term.slice(k + 2);
      if (this.#counts.all.has(swapped)) return swapped;
    }
    let best = term;
    let bestCount = 0;
    for (const form of [...otherForms(term), ...inflections(term)]) {
      const count = this.#frequency(form);
      if (count > bestCount) [best, bestCount] = [form, count];
    }
    return best;
  }

  /**
   * The other forms of a member's word that the index holds ("connecting" → connect, "sign" → signing, signer):
   * the same word as the catalogue writes it, searched with it. Not the member's other words, which count on their own.
   */
  #forms(term: string, terms: readonly string[]): string[] {
    if (term.length < 3 || /\d/.test(term)) return [];
    const forms = new Set([...otherForms(term), ...inflections(term)]);
    return [...forms].filter((f) => f !== term && !terms.includes(f) && this.#counts.all.has(f));
  }

  /** Entries containing `term` in any field, counted per field (an upper bound). */
  #frequency(term: string): number {
    return this.#counts.all.get(term) ?? 0;
  }

  /**
   * The terms that pick candidates, when a query on a large catalogue mixes distinctive and
   * common terms. First choice: known rare terms. Then unknown ones (typos, whose fuzzy
   * matches may be anything). Last, the word still being typed: its completions may be common
   * ("wal" → wallet) however rare the letters typed so far.
   */
  #rareTerms(terms: readonly string[], typing: string | undefined): string[] | undefined {
    const size = this.#mini.documentCount;
    if (size < SELECTIVE_FROM) return undefined;
    const common = size * COMMON_SHARE;
    const others = terms.filter((t) => t !== typing);
    const frequency = new Map(terms.map((t) => [t, this.#frequency(t)]));
    const known = others.filter((t) => (frequency.get(t) ?? 0) > 0 && (frequency.get(t) ?? 0) <= common);
    const unknown = others.filter((t) => frequency.get(t) === 0);
    const last = typing !== undefined && (frequency.get(typing) ?? 0) <= common ? [typing] : [];
    const rare = [known, unknown, last].find((tier) => tier.length > 0);
    return rare && rare.length < terms.length ? rare : undefined;
  }

  /**
   * One minisearch query. `typing`, if among `terms` and long enough, is also expanded as a
   * prefix in PREFIX_FIELDS, by a sub-query whose exact matches are zeroed (the main query
   * has already counted them).
   */
  #search(
    terms: readonly string[],
    typing: string,
    query: EngineQuery,
    bridges: ReadonlyMap<string, readonly string[]>,
    forms: ReadonlyMap<string, readonly string[]>,
  ): EngineHit[] {
    const { accept } = query;
    // The catalogue's words for a member's need are searched too, weighing less than the member's own words.
    const own = new Set(terms);
    // A compound's parts are the member's own words too: searched with full weight.
    const parts = [...new Set([...(query.compounds?.values() ?? [])].flat())].filter((t) => !own.has(t));
    for (const part of parts) own.add(part);
    // Other forms of the member's words are those words, weighing a little less than as typed.
    const formTerms = new Set([...forms.values()].flat().filter((t) => !own.has(t)));
    const bridgeTerms = [...new Set([...bridges.values()].flat())].filter((t) => !own.has(t) && !formTerms.has(t));
    const keep = accept ? (id: number) => (accept(id) ? 1 : 0) : undefined;
    const options: MiniOptions = {
      fields: ALL_FIELDS,
      boost: FIELD_BOOSTS,
      combineWith: 'OR',
      weights: MATCH_WEIGHTS,
      maxFuzzy: MAX_FUZZY,
      prefix: false,
      // Only the member's own words may be typos: the vocabulary's words are the catalogue's, spelt as it spells them.
      fuzzy: (term) => (own.has(term) ? fuzzyDistance(term) : 0),
      // Terms were split and folded by queryTerms; space-joining and splitting keeps them intact.
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      // Filtering (by kind, or to candidates) as a document boost of 0 drops the others while
      // scoring, instead of scoring everything and throwing most of it away afterwards.
      ...(keep && { boostDocument: keep }),
      ...(bridgeTerms.length + formTerms.size > 0 && {
        boostTerm: (term: string) => (own.has(term) ? 1 : formTerms.has(term) ? FORM_WEIGHT : CONCEPT_WEIGHT),
      }),
    };
    const text = [...terms, ...parts, ...formTerms, ...bridgeTerms].join(' ');
    const expand = typing.length >= query.prefixFrom && terms.includes(typing);
    const completion = {
      queries: [typing],
      prefix: true,
      fuzzy: false,
      fields: [...PREFIX_FIELDS] as string[],
      boostDocument: (id: number, term: string) => (term === typing ? 0 : (keep?.(id) ?? 1)),
    };
    const results = expand
      ? this.#mini.search({ combineWith: 'OR', queries: [text, completion] }, options)
      : this.#mini.search(text, options);
    // Hits that matched the same terms in the same kinds of field share what is derived from that: a common
    // word ("test") matches thousands of entries alike, and deriving five sets for each of them was most of
    // a search's time on a large catalogue. The key holds all the derivation reads of a result.
    const derived = new Map<string, HitFacts>();
    return results.map((r) => {
      let key = r.queryTerms.join(' ');
      for (const [word, fields] of Object.entries(r.match)) key += `|${word}:${fields.some((f) => f !== 'description') ? 'L' : 'D'}`;
      let facts = derived.get(key);
      if (!facts) derived.set(key, (facts = deriveFacts(r)));
      return {
        i: r.id as number,
        score: r.score,
        matched: facts.matched,
        direct: facts.direct,
        labelled: facts.labelled,
        inexact: facts.inexact,
        bridgedLabel: facts.bridgedLabel,
      };
    });

    function deriveFacts(r: (typeof results)[number]): HitFacts {
      const found = new Set(r.queryTerms);
      const asForm = (t: string) => forms.get(t)?.some((f) => found.has(f)) ?? false;
      const whole = (t: string) => found.has(t) || asForm(t) || (query.compounds?.get(t)?.every((p) => found.has(p)) ?? false);
      // The document's words a term reached: itself, or (matched as a prefix or a typo) the words it completes or
      // mends. Minisearch reports fields per document word, so a term counts as a label only when a word it reached
      // is in one: "sol" completing "Solana" in a maker's name, not "sol" in a sentence.
      const reached = (t: string): string[] => {
        if (r.match[t] !== undefined) return [t];
        if (!found.has(t)) return [];
        const distance = fuzzyDistance(t);
        return Object.keys(r.match).filter(
          (w) => (expand && t === typing && w.startsWith(t)) || (distance > 0 && editDistance(t, w, distance) <= distance),
        );
      };
      const inLabel = (t: string) => reached(t).some((w) => r.match[w]?.some((f) => f !== 'description'));
      const labelledTerm = (t: string) =>
        inLabel(t) || (forms.get(t)?.some(inLabel) ?? false) || (query.compounds?.get(t)?.every(inLabel) ?? false);
      const direct = new Set(terms.filter(whole));
      const labelled = new Set([...direct].filter(labelledTerm));
      // Found only as the start of a longer word or as a typo, not as typed.
      const inexact = new Set([...direct].filter((t) => r.match[t] === undefined && !asForm(t) && !query.compounds?.has(t)));
      const matched = new Set(terms.filter((t) => direct.has(t) || (bridges.get(t)?.some((b) => found.has(b)) ?? false)));
      const bridgedLabel = new Set(terms.filter((t) => bridges.get(t)?.some((b) => r.match[b]?.some((f) => f !== 'description')) ?? false));
      return { matched, direct, labelled, inexact, bridgedLabel };
    }
  }
}
