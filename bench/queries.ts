import type { Catalogue } from '../src/catalogue/load.js';
import type { Entry } from '../src/catalogue/schema.js';
import { Rng } from './rng.js';

export type QueryKind = 'prefix' | 'typo' | 'exact' | 'words' | 'one-char' | 'two-char';

/** A benchmark query and, when it has one, the entry a person typing it is after. */
export interface BenchQuery {
  kind: QueryKind;
  text: string;
  target?: string;
}

const MIX: readonly (readonly [QueryKind, number])[] = [
  ['prefix', 25],
  ['typo', 20],
  ['exact', 15],
  ['words', 20],
  ['one-char', 10],
  ['two-char', 10],
];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const COMMON = new Set(['on', 'solana', 'with', 'a', 'the', 'and', 'that', 'handles', 'from', 'for', 'in', 'team', 'over']);

/** One plausible typing slip in a word of five letters or more: a swap, a dropped or a wrong letter. */
function misspell(rng: Rng, word: string): string {
  const at = rng.int(1, word.length - 2);
  switch (rng.int(0, 2)) {
    case 0:
      return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    default:
      return word.slice(0, at) + rng.pick(Array.from(LETTERS)) + word.slice(at + 1);
  }
}

function queryFor(rng: Rng, kind: QueryKind, entry: Entry): BenchQuery {
  const name = entry.name.toLowerCase();
  switch (kind) {
    case 'prefix': {
      // People stop typing once the name is mostly there.
      const cut = Math.max(4, Math.ceil(name.length * (0.5 + rng.next() * 0.3)));
      return { kind, text: name.slice(0, cut), target: entry.id };
    }
    case 'typo': {
      const words = name.split(' ');
      const long = words.findIndex((w) => w.length >= 5);
      if (long < 0) return { kind, text: name, target: entry.id };
      words[long] = misspell(rng, words[long] ?? '');
      return { kind, text: words.join(' '), target: entry.id };
    }
    case 'exact':
      return {
        kind,
        text: rng.chance(0.3) && entry.package ? entry.package : rng.chance(0.3) && entry.aliases[0] ? entry.aliases[0] : name,
        target: entry.id,
      };
    case 'words': {
      // What it does, in its own words, plus the brand people remember: "helixus price feeds rust".
      const words = entry.description
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .split(' ')
        .filter((w) => w.length > 3 && !COMMON.has(w));
      const picked = rng.sample(words, 2);
      return { kind, text: [name.split(' ')[0] ?? '', ...picked].join(' '), target: entry.id };
    }
    case 'one-char':
      return { kind, text: rng.pick(Array.from(LETTERS)) };
    case 'two-char':
      return { kind, text: name.slice(0, 2) };
  }
}

/** `count` queries in a fixed mix of kinds, targets drawn uniformly from the catalogue. */
export function benchQueries(catalogue: Catalogue, count: number, seed = 7): BenchQuery[] {
  const rng = new Rng(seed);
  const queries: BenchQuery[] = [];
  for (let n = 0; n < count; n++) {
    queries.push(queryFor(rng, rng.weighted(MIX), rng.pick(catalogue.entries)));
  }
  return queries;
}

/** An evenly spread subset of `queries`, keeping the mix of kinds. */
export function spreadSubset<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, k) => items[Math.floor(k * step)] as T);
}
