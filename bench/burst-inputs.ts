import type { Catalogue } from '../src/catalogue/load.js';
import { Rng } from './rng.js';

/** Where an input comes from: the start of a name, a later word of a name, a package, a common word, or a slip. */
export type InputSource = 'name' | 'later-word' | 'package' | 'word' | 'typo';

/** What a member has typed so far into an autocompleted option. */
export interface BurstInput {
  text: string;
  source: InputSource;
}

export const MAX_INPUT = 12;
/** Inputs this short are one in three: autocomplete fires from the first keystroke. */
export const SHORT_INPUT = 3;

/** The long-input mix: mostly the start of a name, some later words, packages, everyday words and slips. */
const LONG_MIX: readonly (readonly [InputSource, number])[] = [
  ['name', 35],
  ['later-word', 15],
  ['package', 15],
  ['word', 25],
  ['typo', 10],
];

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Words people search by: every tag, and every word of three or more characters that starts two or more names. */
export function commonWords(catalogue: Catalogue): string[] {
  const words = new Set<string>();
  const uses = new Map<string, number>();
  for (const entry of catalogue.entries) {
    for (const tag of entry.tags) words.add(squash(tag));
    const own = new Set(entry.name.toLowerCase().match(/[a-z0-9][a-z0-9.-]{2,}/g) ?? []);
    for (const word of own) uses.set(word, (uses.get(word) ?? 0) + 1);
  }
  for (const [word, count] of uses) if (count >= 2) words.add(word);
  return [...words].sort();
}

/** One typing slip inside the word: two letters swapped, one dropped, or one doubled. */
function slip(rng: Rng, text: string): string {
  const at = rng.int(1, text.length - 2);
  switch (rng.int(0, 2)) {
    case 0:
      return text.slice(0, at) + (text[at + 1] ?? '') + (text[at] ?? '') + text.slice(at + 2);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    default:
      return text.slice(0, at) + (text[at] ?? '') + text.slice(at);
  }
}

/** The first `length` characters, without a trailing space (Discord sends what is typed, people rarely pause on one). */
const cut = (text: string, length: number) => text.slice(0, length).trimEnd();

/** A typed prefix of `text` of 4 to 12 characters, or undefined when `text` is shorter than 4. */
function longPrefix(rng: Rng, text: string, shortest = SHORT_INPUT + 1): string | undefined {
  if (text.length < shortest) return undefined;
  return cut(text, rng.int(shortest, Math.min(MAX_INPUT, text.length)));
}

function longInput(rng: Rng, source: InputSource, names: readonly string[], packages: readonly string[], words: readonly string[]) {
  switch (source) {
    case 'name':
      return longPrefix(rng, rng.pick(names));
    case 'later-word': {
      // From a later word on, as people type the word they remember ("developer mcp"); not from "(" or "–".
      const parts = rng.pick(names).split(' ');
      const from = parts.length < 2 ? 0 : rng.int(1, parts.length - 1);
      return from > 0 && /^[a-z0-9@]/.test(parts[from] ?? '') ? longPrefix(rng, parts.slice(from).join(' ')) : undefined;
    }
    case 'package':
      return packages.length === 0 ? undefined : longPrefix(rng, rng.pick(packages));
    case 'word': {
      const word = rng.pick(words);
      return word.length <= MAX_INPUT && rng.chance(0.5) ? word : longPrefix(rng, word);
    }
    case 'typo': {
      const typed = longPrefix(rng, rng.pick(names), 5);
      return typed === undefined || typed.includes(' ') ? undefined : slip(rng, typed);
    }
  }
}

/**
 * `count` distinct inputs (ignoring case) of 1 to 12 characters, as members type them into
 * `/resource search query` and `/resource show name`: a third are 1 to 3 characters (the start
 * of a name, package or common word), the rest longer prefixes, later words, packages, common
 * words and the odd typing slip. Some start with a capital, as phones type them. The same seed
 * and catalogue give the same inputs, in the same order.
 */
export function burstInputs(catalogue: Catalogue, count: number, seed = 11): BurstInput[] {
  const rng = new Rng(seed);
  const names = catalogue.entries.map((entry) => squash(entry.name));
  const packages = catalogue.entries.flatMap((entry) => (entry.package ? [squash(entry.package)] : []));
  const words = commonWords(catalogue);
  const taken = new Set<string>();
  const add = (out: BurstInput[], text: string | undefined, source: InputSource, shortest: number): void => {
    if (text === undefined || text.length < shortest || text.length > MAX_INPUT || taken.has(text)) return;
    taken.add(text);
    out.push({ text: rng.chance(0.15) ? text.charAt(0).toUpperCase() + text.slice(1) : text, source });
  };

  // Short inputs: every distinct 1-3 character start on offer, drawn evenly across lengths.
  const shortCount = Math.round(count / 3);
  const offers = new Map<number, { text: string; source: InputSource }[]>([1, 2, 3].map((n) => [n, []]));
  const seen = new Set<string>();
  const sources: [InputSource, readonly string[]][] = [
    ['name', names],
    ['package', packages],
    ['word', words],
  ];
  for (const [source, texts] of sources) {
    for (const text of texts) {
      for (let n = 1; n <= SHORT_INPUT; n++) {
        const start = cut(text, n);
        if (start.length === n && !seen.has(start)) {
          seen.add(start);
          offers.get(n)?.push({ text: start, source });
        }
      }
    }
  }
  const short: BurstInput[] = [];
  for (let k = 0; short.length < shortCount && k < shortCount * SHORT_INPUT * 4; k++) {
    const pool = offers.get((k % SHORT_INPUT) + 1) ?? [];
    if (pool.length === 0) continue;
    const [offer] = pool.splice(rng.int(0, pool.length - 1), 1);
    if (offer) add(short, offer.text, offer.source, 1);
  }
  if (short.length < shortCount)
    throw new Error(`the catalogue offers only ${short.length} distinct inputs of 1-3 characters; ${shortCount} needed`);

  const long: BurstInput[] = [];
  const longCount = count - shortCount;
  for (let attempt = 0; long.length < longCount; attempt++) {
    if (attempt > longCount * 1000)
      throw new Error(`could derive only ${long.length} distinct longer inputs from the catalogue; ${longCount} needed`);
    const source = rng.weighted(LONG_MIX);
    add(long, longInput(rng, source, names, packages, words), source, SHORT_INPUT + 1);
  }
  return rng.sample([...short, ...long], count);
}
