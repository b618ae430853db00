import { normaliseName } from '../catalogue/cross-checks.js';
import type { Entry } from '../catalogue/schema.js';
import { barePackageName } from './documents.js';
import { SortedKeys, type KeyRow } from './sorted-keys.js';
import { wordsOf } from './terms.js';
import { compactKey } from './text.js';

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
    entries.forEach((entry, i) => rowsOf(entry, i, rows));
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
   * Entries whose name `compact` nearly completes (it is at least `share` of the name),
   * closest first: "anch" is most of "anchor" but less than half of "anchordocs".
   */
  nearCompletions(compact: string, share: number): number[] {
    const rows = [...this.#featured.starting(compact), ...this.#all.starting(compact)];
    return ranked(rows.filter((r) => isName(r) && compact.length >= share * r.key.length), this.#entries);
  }
}
