import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastRead } from '../../src/catalogue/fast-read.js';
import { parseCarefully, parseCatalogueFile } from '../../src/catalogue/load.js';

const DIR = path.resolve(import.meta.dirname, '../../catalogue');
const entryFiles = readdirSync(DIR).filter(
  (n) => n.endsWith('.yaml') && !['concepts.yaml', 'registries.yaml', 'verification.yaml'].includes(n) && !n.startsWith('language.'),
);

describe('reading an entry file the fast way', () => {
  it.each(entryFiles)('gives exactly what the careful way gives for %s, lines included', (name) => {
    const text = readFileSync(path.join(DIR, name), 'utf8');
    expect(fastRead(text), 'the shipped files are read the fast way').toBeDefined();
    const fast = parseCatalogueFile(text, name);
    const careful = parseCarefully(text, name);
    expect(fast.problems).toEqual([]);
    expect(fast.entries).toEqual(careful.entries);
    for (const [k, entry] of fast.entries.entries()) {
      const other = careful.entries[k];
      if (!other) throw new Error('entry missing');
      for (const field of ['id', 'description', 'asks[0]', 'sources[0].url', 'tags'])
        expect(fast.lineOf.get(entry)?.(field), `${entry.id} ${field}`).toBe(careful.lineOf.get(other)?.(field));
    }
  });

  it('leaves to the careful way what it cannot read faithfully: aliases, flow-style entries, duplicate keys, bad syntax, deep nesting', () => {
    const entry = '  - id: a\n    name: A\n    form: tabular\n    kind: API\n    description: Does a thing.\n';
    expect(fastRead(`category: X\nentries:\n${entry}`)).toBeDefined();
    expect(fastRead(`category: X\nentries:\n  - &one\n    id: a\n  - *one\n`)).toBeUndefined();
    expect(fastRead(`category: X\nentries: [{ id: a, name: A }]\n`)).toBeUndefined();
    expect(fastRead(`category: X\ncategory: Y\nentries:\n${entry}`)).toBeUndefined();
    expect(fastRead(`category: X\nentries:\n  - id: [unclosed\n`)).toBeUndefined();
    expect(fastRead(`category: X\nentries:\n  - tags: ${'['.repeat(20)}${']'.repeat(20)}\n`)).toBeUndefined();
  });

  it('sends a file with a bad entry the careful way, so the problem names its line', () => {
    const text = 'category: X\nentries:\n  - id: a\n    name: A\n    form: tabular\n    kind: NOPE\n    description: Does a thing.\n';
    const parsed = parseCatalogueFile(text, 'x.yaml');
    expect(parsed.problems.map((p) => [p.line, p.field])).toEqual([[6, 'kind']]);
  });
});
