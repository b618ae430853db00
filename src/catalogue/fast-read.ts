/**
 * The fast way to read a well-formed entry file: js-yaml parses several times faster than the yaml
 * library's document model, which matters on a large catalogue's reload. It is taken only when it can
 * give exactly what the careful way gives: plain data with no aliases, within the nesting limit, every
 * entry found at a line of its own. Anything else (a syntax error, an alias, a tag, flow-style entries)
 * goes the careful way, which also finds the line of every field a problem names.
 */
import { CORE_SCHEMA, load } from 'js-yaml';
import { CATALOGUE_LIMITS } from './limits.js';

/** A file read the fast way: its data, and the 1-based line each entry starts on. */
export interface FastRead {
  data: { entries: unknown[] } & Record<string, unknown>;
  entryLines: number[];
}

/** Within the nesting limit, and no object reached twice (an alias): iteratively, so depth cannot overflow. */
function plainTree(root: unknown): boolean {
  const seen = new Set<object>();
  const stack: { node: unknown; depth: number }[] = [{ node: root, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, depth } = next;
    if (node === null || typeof node !== 'object') continue;
    if (seen.has(node) || depth + 1 > CATALOGUE_LIMITS.nesting) return false;
    seen.add(node);
    for (const value of Array.isArray(node) ? node : Object.values(node)) stack.push({ node: value, depth: depth + 1 });
  }
  return true;
}

/** The line each item of the top-level `entries:` block sequence starts on, or undefined when they are not one per line. */
function entryLinesOf(text: string, count: number): number[] | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^entries:\s*(?:#.*)?$/.test(l));
  if (start < 0) return undefined;
  let indent: string | undefined;
  const found: number[] = [];
  for (let k = start + 1; k < lines.length; k++) {
    const line = lines[k] ?? '';
    const item = /^(\s*)- /.exec(line);
    indent ??= item?.[1];
    if (item && item[1] === indent) found.push(k + 1);
  }
  return found.length === count ? found : undefined;
}

/** A file's data read the fast way: a plain mapping (no alias, within the nesting limit), or undefined. */
export function fastData(text: string): Record<string, unknown> | undefined {
  let data: unknown;
  try {
    data = load(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !plainTree(data)) return undefined;
  return data as Record<string, unknown>;
}

/** The file's data and entry lines, or undefined when only the careful way can read it faithfully. */
export function fastRead(text: string): FastRead | undefined {
  const data = fastData(text);
  const entries = data?.entries;
  if (!data || !Array.isArray(entries)) return undefined;
  const entryLines = entryLinesOf(text, entries.length);
  return entryLines ? { data: data as FastRead['data'], entryLines } : undefined;
}
