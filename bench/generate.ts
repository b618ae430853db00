import type { Catalogue } from '../src/catalogue/load.js';
import type { Entry, Kind } from '../src/catalogue/schema.js';
import { Rng } from './rng.js';
import * as V from './vocabulary.js';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function brand(rng: Rng): string {
  return `${rng.pick(V.BRAND_START)}${rng.pick(V.BRAND_MIDDLE)}${rng.pick(V.BRAND_END)}`;
}

/** One sentence in the catalogue's style: what it does, where, with what, and what it handles. */
function sentence(rng: Rng, noun: string, tags: readonly string[]): string {
  const parts = [
    `${rng.pick(V.VERBS)} ${rng.pick(V.OBJECTS)}`,
    rng.chance(0.7) ? `on Solana ${rng.pick(V.CONTEXTS)}` : rng.pick(V.CONTEXTS),
    `with a ${rng.pick(V.QUALITIES)} ${rng.pick(V.LANGUAGES)} ${noun.toLowerCase()}`,
    `that handles ${rng.pick(V.OBJECTS)}, ${rng.pick(V.OBJECTS)} and ${rng.pick(V.OBJECTS)}`,
  ];
  if (rng.chance(0.5)) parts.push(`(${tags.slice(0, 3).join(', ')})`);
  return `${sentenceCase(parts.join(' '))}.`;
}

/** Tabular entries get one sentence; cards, like the real ones, two or three. */
function description(rng: Rng, name: string, noun: string, tags: readonly string[], card: boolean): string {
  const first = sentence(rng, noun, tags);
  if (!card) return first;
  const more = [`It is maintained by the ${name} team and ${rng.pick(V.QUALITIES)} by design.`, sentence(rng, noun, tags)];
  return [first, ...more.slice(0, rng.int(1, 2))].join(' ');
}

/**
 * A synthetic catalogue of `size` entries, deterministic for a seed: brand-plus-product names
 * ("Helixus Swap API"), makers shipping several products, scoped packages on SDKs, aliases,
 * tags, descriptions, about 3% featured and 30% cards: field sizes close to the shipped
 * catalogue's (descriptions ~190 characters, ~6 tags, ~1 alias per entry).
 */
export function syntheticCatalogue(size: number, seed = 402): Catalogue {
  const rng = new Rng(seed ^ size);
  const entries: Entry[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  const brands: string[] = [];
  const known = new Set<string>();
  while (entries.length < size) {
    // Makers ship several products: reuse a brand two times in three.
    const b = brands.length > 0 && rng.chance(0.66) ? rng.pick(brands) : brand(rng);
    if (!known.has(b)) {
      known.add(b);
      brands.push(b);
    }
    const [noun, kind] = rng.pick(V.PRODUCTS);
    let name = `${b} ${noun}`;
    if (names.has(name.toLowerCase())) name = `${name} ${rng.pick(['v2', 'v3', 'Pro', 'Lite', 'Next', '2022', 'Core'])}`;
    if (names.has(name.toLowerCase())) name = `${name} ${entries.length}`;
    names.add(name.toLowerCase());
    entries.push(makeEntry(rng, entries.length, name, b, noun, kind, ids));
  }
  return { entries, files: ['synthetic.yaml'] };
}

function makeEntry(rng: Rng, n: number, name: string, brandName: string, noun: string, kind: Kind, ids: Set<string>): Entry {
  let id = slug(name).slice(0, 54).replace(/-$/, '');
  if (ids.has(id)) id = `${id}-${n}`;
  ids.add(id);
  const tags = rng.sample(V.TAGS, rng.int(3, 10));
  const maker = `${brandName} ${rng.pick(V.MAKER_SUFFIX)}`.trim();
  const aliases = rng.chance(0.6)
    ? [
        `${brandName}${noun.split(' ')[0]}`,
        ...(rng.chance(0.6)
          ? [
              name
                .split(' ')
                .map((w) => w[0])
                .join(''),
            ]
          : []),
      ]
    : [];
  const card = rng.chance(0.3);
  const common = {
    id,
    name,
    maker,
    aliases,
    tags,
    featured: rng.chance(0.03),
    category: rng.pick(V.CATEGORIES),
    source: { file: 'synthetic.yaml', line: n + 1 },
    description: description(rng, name, noun, tags, card),
  };
  if (card) {
    return { ...common, form: 'card', package: `${slug(brandName)}-${slug(noun)}`, install: `npm i ${slug(brandName)}-${slug(noun)}` };
  }
  return kind === 'SDK'
    ? { ...common, form: 'tabular', kind, package: `@${slug(brandName)}/${slug(noun)}` }
    : { ...common, form: 'tabular', kind };
}
