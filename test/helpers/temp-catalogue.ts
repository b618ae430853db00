import { mkdtempSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The sources and asks every entry must carry, for fixtures about something else: two lines, flow style, asks of its own. */
export function maintainerFields(id: string): string[] {
  const asks = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'].map((n) => `${n} need of ${id}`);
  return ['    sources: [{url: https://example.com/checked, checked: 2026-11}]', `    asks: [${asks.join(', ')}]`];
}

/**
 * Gives every entry of a fixture file that lacks them the sources and asks the catalogue requires, at the end of
 * its block (so the lines of what a test is about do not move). Entries are the `  - ` items under `entries:`.
 */
export function withMaintainerFields(text: string): string {
  if (!/^entries:/m.test(text)) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length === 0) return;
    // Only an entry written as a mapping, one field a line, can take two more lines.
    if (!(block[0] ?? '').startsWith('  - id:')) {
      out.push(...block);
      block = [];
      return;
    }
    const has = (field: string) => block.some((l) => l.startsWith(`    ${field}:`));
    let end = block.length;
    while (end > 1 && (block[end - 1] ?? '').trim() === '') end--;
    const id = /^ {2}- id:\s*(\S+)/.exec(block[0] ?? '')?.[1] ?? 'entry';
    const extra = maintainerFields(id).filter((l) => !has(l.trim().split(':')[0] ?? ''));
    out.push(...block.slice(0, end), ...extra, ...block.slice(end));
    block = [];
  };
  let inEntries = false;
  for (const line of lines) {
    if (line.startsWith('entries:')) inEntries = true;
    else if (inEntries && /^\S/.test(line)) {
      flush();
      inEntries = false;
    }
    if (inEntries && line.startsWith('  - ')) flush();
    if (inEntries && (block.length > 0 || line.startsWith('  - '))) block.push(line);
    else out.push(line);
  }
  flush();
  return out.join('\n');
}

/**
 * Writes catalogue files into a fresh temporary folder and returns its path and a cleanup. Entries get the
 * required sources and asks unless `complete` is false (for the tests of that requirement).
 */
export function tempCatalogue(files: Record<string, string>, { complete = true } = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files))
    writeFileSync(path.join(dir, name), complete && name.endsWith('.yaml') ? withMaintainerFields(text) : text);
  return {
    dir,
    cleanup: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Strips the common indentation so YAML fixtures can be written inline. */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join('\n');
}
