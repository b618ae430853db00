/** Names: every name, alias, id and package of every entry in one sorted list, for exact lookups, name starts and typos. */
import { normaliseName } from '../catalogue/cross-checks.js';
import type { Entry } from '../catalogue/schema.js';
import { barePackageName } from './build.js';
import { compactKey, wordsOf } from './words.js';

/** Where a key comes from, strongest first: the order in which equally good matches are listed. */
export const Source = {
  /** The entry's name. */
  name: 0,
  /** The name from a later word on ("kit", "testvalidator"): for completing later words. */
  tail: 1,
  /** The id, an alias or the whole package id: often an older name ("Kinobi"). */
  alias: 2,
  /**
   * A name or alias without its leading "Solana" ("TypeScript SDK" for "Solana TypeScript
   * SDK"): in a Solana server nobody says "Solana", and queries drop it as filler.
   */
  unprefixed: 3,
  /** The package's bare name ("web3.js" for "@solana/web3.js"). */
  barePackage: 4,
} as const;
type Source = (typeof Source)[keyof typeof Source];

interface NameRow extends KeyRow {
  /** The name as the catalogue writes it. */
  readonly text: string;
  readonly source: Source;
}

/**
 * Adds a row unless the entry already has one with that key and the same role (its first,
 * strongest spelling wins). A tail never hides a name or alias: only those answer exact lookups.
 */
function push(out: NameRow[], first: number, key: string, i: number, text: string, source: Source): void {
  if (key === '') return;
  const tail = source === Source.tail;
  for (let r = first; r < out.length; r++) {
    const row = out[r];
    if (row?.key === key && (row.source === Source.tail) === tail) return;
  }
  out.push({ key, i, text, source });
}

/** "Solana TypeScript SDK" → "TypeScript SDK"; undefined when the text does not start with the word "Solana" and go on. */
function withoutSolana(text: string): string | undefined {
  const trimmed = text.trim();
  const match = /^solana[\s_-]+(?=\S)/i.exec(trimmed);
  return match ? trimmed.slice(match[0].length) : undefined;
}

/** The rows of one entry, one per distinct key, pushed strongest source first so duplicates keep it. */
function rowsOf(entry: Entry, i: number, out: NameRow[]): void {
  const first = out.length;
  const words = wordsOf(entry.name);
  push(out, first, words.join(''), i, entry.name, Source.name);
  let tail = '';
  for (let k = words.length - 1; k >= 1; k--) {
    tail = `${words[k] ?? ''}${tail}`;
    push(out, first, tail, i, entry.name, Source.tail);
  }
  push(out, first, compactKey(entry.id), i, entry.id, Source.alias);
  for (const alias of entry.aliases) push(out, first, compactKey(alias), i, alias, Source.alias);
  for (const text of [entry.name, ...entry.aliases]) {
    const rest = withoutSolana(text);
    if (rest !== undefined) push(out, first, compactKey(rest), i, rest, Source.unprefixed);
  }
  if (entry.package !== undefined) {
    push(out, first, compactKey(entry.package), i, entry.package, Source.alias);
    const bare = barePackageName(entry.package);
    if (bare !== undefined) push(out, first, compactKey(bare), i, bare, Source.barePackage);
  }
}

const isName = (r: NameRow) => r.source !== Source.tail;
const isIdentity = (r: NameRow) => r.source === Source.name || r.source === Source.alias || r.source === Source.unprefixed;

/**
 * Entry positions of `rows`, each once, best row first: by source, then the shortest key (the
 * closest completion of what was typed), then featured, then catalogue order.
 */
function ranked(rows: readonly NameRow[], entries: readonly Entry[]): number[] {
  const featured = (r: NameRow) => Number(entries[r.i]?.featured ?? false);
  const sorted = [...rows].sort((a, b) => a.source - b.source || a.key.length - b.key.length || featured(b) - featured(a) || a.i - b.i);
  return [...new Set(sorted.map((r) => r.i))];
}

/**
 * Every name of every entry (id, name, aliases, package id and its bare name, and the name's
 * tails from each later word), compacted to letters and digits and sorted. One list answers
 * exact names ("web3js" is "@solana/web3.js"), catalogue-style name lookups, and "names
 * starting with" for autocomplete ("ki" and "solana ki" both reach "Solana Kit") in O(log n)
 * at any catalogue size, where a full-text prefix query would expand to thousands of terms.
 */
export class NameIndex {
  readonly #all: SortedKeys<NameRow>;
  readonly #featured: SortedKeys<NameRow>;
  readonly #entries: readonly Entry[];

  constructor(entries: readonly Entry[]) {
    this.#entries = entries;
    const rows: NameRow[] = [];
    entries.forEach((entry, i) => {
      rowsOf(entry, i, rows);
    });
    // Featured rows again on their own, so a prefix shared by thousands of names still finds them.
    this.#featured = new SortedKeys(rows.filter((r) => entries[r.i]?.featured));
    this.#all = new SortedKeys(rows);
  }

  /**
   * Entries named `text` once case, spaces and punctuation are ignored; those spelt exactly
   * so (as the catalogue compares names) first: "@coral-xyz/anchor" is the TypeScript client's
   * alias before it is Anchor's "coral-xyz/anchor".
   */
  exact(text: string): number[] {
    const rows = this.#all.equal(compactKey(text)).filter(isName);
    const wanted = normaliseName(text);
    const spelt = rows.filter((r) => normaliseName(r.text) === wanted);
    return [...new Set([...ranked(spelt, this.#entries), ...ranked(rows, this.#entries)])];
  }

  /**
   * The one entry `text` names: first as the catalogue compares names (case and spaces
   * ignored; cross-checks keep those unique), then ignoring punctuation too, if exactly one
   * entry's id, name, alias or package id fits.
   */
  named(text: string): number | undefined {
    const rows = this.#all.equal(compactKey(text)).filter(isIdentity);
    const wanted = normaliseName(text);
    const same = rows.filter((r) => normaliseName(r.text) === wanted);
    if (same.length > 0) return ranked(same, this.#entries)[0];
    const entries = new Set(rows.map((r) => r.i));
    return entries.size === 1 ? rows[0]?.i : undefined;
  }

  /** Entries with a name, alias or later part of the name starting with `compact`, best first (see `ranked`). */
  starting(compact: string): number[] {
    return ranked([...this.#featured.starting(compact), ...this.#all.starting(compact)], this.#entries);
  }

  /**
   * Entries named (name or alias) within `distance` edits of `word`, closest first. Only names
   * sharing its first letter are compared: a typo rarely starts a word wrong, and it bounds the work.
   */
  closeTo(word: string, distance: number): number[] {
    const first = word.charAt(0);
    if (!first) return [];
    const rows = this.#all.range(first, CLOSE_SCAN_LIMIT).filter(isIdentity);
    const scored = rows.flatMap((r) => {
      const d = editDistance(word, r.key, distance);
      return d <= distance ? [{ r, d }] : [];
    });
    scored.sort((a, b) => a.d - b.d);
    return ranked(
      scored.map((s) => s.r),
      this.#entries,
    );
  }

  /**
   * Entries whose name `compact` nearly completes (it is at least `share` of the name),
   * closest first: "anch" is most of "anchor" but less than half of "anchordocs".
   */
  nearCompletions(compact: string, share: number): number[] {
    const rows = [...this.#featured.starting(compact), ...this.#all.starting(compact)];
    return ranked(
      rows.filter((r) => isName(r) && compact.length >= share * r.key.length),
      this.#entries,
    );
  }
}

/** A row of a sorted key list: a key and the entry (by position) it belongs to. */
export interface KeyRow {
  readonly key: string;
  readonly i: number;
}

/** How many names a "did you mean" compares at most, at any catalogue size. */
const CLOSE_SCAN_LIMIT = 5000;

/** How many rows one prefix lookup reads at most: enough for 25 choices, bounded at any catalogue size. */
export const SCAN_LIMIT = 200;

/** Plain < on strings compares UTF-16 code units: the same order on every machine and locale. */
const byKey = (a: KeyRow, b: KeyRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i);

/**
 * `rows` by key: first into buckets by the first two code units, then each small bucket
 * sorted on its own. Same order as one big sort, with about a third of the comparisons
 * (index builds sort ~50k keys per 10k entries).
 */
function bucketSort<R extends KeyRow>(rows: readonly R[]): R[] {
  const buckets = new Map<number, R[]>();
  for (const row of rows) {
    const id = row.key.charCodeAt(0) * 65536 + (row.key.charCodeAt(1) || 0);
    const bucket = buckets.get(id);
    if (bucket) bucket.push(row);
    else buckets.set(id, [row]);
  }
  const out: R[] = [];
  for (const id of [...buckets.keys()].sort((a, b) => a - b)) {
    for (const row of (buckets.get(id) as R[]).sort(byKey)) out.push(row);
  }
  return out;
}

/**
 * Keys sorted once, searched by binary search: finding where "so…" starts is O(log n) however
 * many entries there are, and a prefix reads only its own rows.
 */
export class SortedKeys<R extends KeyRow> {
  readonly #rows: readonly R[];

  constructor(rows: readonly R[]) {
    this.#rows = bucketSort(rows);
  }

  #lowerBound(key: string): number {
    let lo = 0;
    let hi = this.#rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#rows[mid]?.key ?? '') < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Rows whose key is exactly `key`. */
  equal(key: string): R[] {
    const out: R[] = [];
    for (let r = this.#lowerBound(key); r < this.#rows.length; r++) {
      const row = this.#rows[r];
      if (row?.key !== key) break;
      out.push(row);
    }
    return out;
  }

  /** Rows whose key starts with `prefix`, in key order, at most `limit`. */
  range(prefix: string, limit: number): R[] {
    const out: R[] = [];
    for (let r = this.#lowerBound(prefix); r < this.#rows.length && out.length < limit; r++) {
      const row = this.#rows[r];
      if (!row?.key.startsWith(prefix)) break;
      out.push(row);
    }
    return out;
  }

  /** Rows whose key starts with `prefix`, in key order, at most SCAN_LIMIT. */
  starting(prefix: string): R[] {
    const out: R[] = [];
    for (let r = this.#lowerBound(prefix); r < this.#rows.length && out.length < SCAN_LIMIT; r++) {
      const row = this.#rows[r];
      if (!row?.key.startsWith(prefix)) break;
      out.push(row);
    }
    return out;
  }
}

/**
 * Levenshtein distance between `a` and `b`, or `max + 1` as soon as it must exceed `max`.
 * Only ever run on a few dozen short names per query, so the plain two-row version will do.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}
