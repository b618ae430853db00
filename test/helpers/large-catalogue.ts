import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { FIELD_LIMITS } from '../../src/catalogue/schema.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHIPPED = path.join(ROOT, 'catalogue');

type RawEntry = Record<string, unknown>;

/** Copies of one shipped file per generated file: well under the 4 MB per-file limit. */
const COPIES_PER_FILE = 10;

/** `text` with ` c<k>` after it, its start cut so that the whole stays within `max` (a long shipped name stays valid). */
const suffixed = (text: unknown, k: number, max: number) => {
  const suffix = ` c${k}`;
  return `${String(text).slice(0, max - suffix.length)}${suffix}`;
};

/** One shipped entry made unique for copy `k`: every field the cross-checks compare gets a suffix. */
function copyOf(entry: RawEntry, k: number): RawEntry {
  const copy: RawEntry = { ...entry, id: `${String(entry.id)}-c${k}`, name: suffixed(entry.name, k, FIELD_LIMITS.name) };
  if (typeof entry.package === 'string') copy.package = `${entry.package}-c${k}`;
  // The install line must name the package; a renamed copy's would not, and copies need none.
  delete copy.install;
  if (typeof entry.successor === 'string') copy.successor = `${entry.successor}-c${k}`;
  // Each copy is a page of its own, related only to the other copies of its batch.
  if (typeof entry.url === 'string') {
    const url = new URL(entry.url);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/c${k}`;
    copy.url = url.href;
  }
  if (Array.isArray(entry.relates)) copy.relates = (entry.relates as RawEntry[]).map((r) => ({ ...r, to: `${String(r.to)}-c${k}` }));
  if (Array.isArray(entry.asks)) copy.asks = entry.asks.map((ask) => `${String(ask)} (c${k})`);
  if (Array.isArray(entry.aliases)) copy.aliases = entry.aliases.map((alias) => suffixed(alias, k, FIELD_LIMITS.alias));
  // Featured picks are the moderators' dozen; copies must not swamp the empty-query list.
  delete copy.featured;
  return copy;
}

/**
 * A real-shaped large catalogue: the shipped files plus, for each shipped entry file, one more
 * file holding `copies` renamed copies of its entries. Built from the shipped YAML rather than a
 * generator so it stays valid whenever the schema and the shipped data change together.
 */
export function largeCatalogue(copies: number): { dir: string; entries: number; bytes: number; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'large-catalogue-'));
  cpSync(SHIPPED, dir, { recursive: true });
  let entries = 0;
  let bytes = 0;
  for (const name of readdirSync(SHIPPED).filter((n) => /\.ya?ml$/.test(n))) {
    const text = readFileSync(path.join(SHIPPED, name), 'utf8');
    bytes += Buffer.byteLength(text);
    const data = parse(text) as { category?: unknown; entries?: unknown } | null;
    if (!data || !Array.isArray(data.entries)) continue;
    const originals = data.entries as RawEntry[];
    entries += originals.length;
    // Copies go in files of COPIES_PER_FILE each, as a real large catalogue is split by topic: one file
    // must stay under the per-file size limit however large the catalogue grows.
    for (let first = 1; first <= copies; first += COPIES_PER_FILE) {
      const copied: RawEntry[] = [];
      for (let k = first; k < first + COPIES_PER_FILE && k <= copies; k++) copied.push(...originals.map((entry) => copyOf(entry, k)));
      const out = stringify({ ...data, entries: copied }, { lineWidth: 0, aliasDuplicateObjects: false });
      writeFileSync(path.join(dir, `zz-copies-${String(first).padStart(4, '0')}-${name}`), out);
      entries += copied.length;
      bytes += Buffer.byteLength(out);
    }
  }
  return {
    dir,
    entries,
    bytes,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
