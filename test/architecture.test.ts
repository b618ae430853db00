import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The layers, bottom to top: a file may import from its own layer or any layer below it,
 * never above. Transports sit on top and know nothing of each other.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['src/base/', 'src/i18n/'],
  ['src/catalogue/'],
  ['src/search/'],
  ['src/render/'],
  ['commands/'],
  ['src/runtime/'],
  ['src/gateway/', 'src/http/', 'src/cli.ts', 'src/main.ts', 'src/deploy-commands.ts'],
];

function layerOf(file: string): number {
  const layer = LAYERS.findIndex((prefixes) => prefixes.some((p) => file === p || file.startsWith(p)));
  if (layer < 0) throw new Error(`${file} belongs to no layer: add it to LAYERS in test/architecture.test.ts`);
  return layer;
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)));
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

/** Every file's imports of our own files, resolved to repository paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sources('src'), ...sources('commands')]) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), m[1] ?? '')))
      .filter((target) => !target.endsWith('.json'))
      .map((target) => target.replace(/\.js$/, '.ts'));
    graph.set(file, targets);
  }
  return graph;
}

describe('the shape of the house', () => {
  const graph = importGraph();

  it('has data flowing one way: no file imports from a layer above its own', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) if (layerOf(target) > layerOf(file)) upward.push(`${file} → ${target}`);
    }
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'visiting') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'visiting');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the search layer readable: at most thirteen files (one a step or a store), and no function, method or arrow over 60 lines', () => {
    expect(sources('src/search').length).toBeLessThanOrEqual(13);
    const long: string[] = [];
    for (const file of sources('src/search')) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (end - start + 1 > 60) long.push(`${file}:${start + 1}: ${end - start + 1} lines`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });

  it("uses dependencies through their public API: nothing reads a field whose name starts with '_'", () => {
    // Private fields change without notice between releases; `x._y`, `x['_y']` and a cast to `{ _y }` all count.
    const PRIVATE = /\._[A-Za-z]|\[\s*['"]_[A-Za-z]|\{\s*_[A-Za-z]\w*\??\s*:/;
    const readers: string[] = [];
    for (const file of graph.keys()) {
      const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (PRIVATE.test(line.replace(/\/\/.*$|^\s*\*.*$/, ''))) readers.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(readers).toEqual([]);
  });

  it('keeps transports apart: the gateway, HTTP and terminal front-ends do not import each other', () => {
    const transports = ['src/gateway/', 'src/http/', 'src/cli.ts'];
    const crossing: string[] = [];
    for (const [file, targets] of graph) {
      const own = transports.find((t) => file.startsWith(t));
      if (!own) continue;
      for (const target of targets) if (transports.some((t) => t !== own && target.startsWith(t))) crossing.push(`${file} → ${target}`);
    }
    expect(crossing).toEqual([]);
  });

  it('keeps transports out of search: the gateway, HTTP and terminal front-ends reach it only through the commands', () => {
    const transports = ['src/gateway/', 'src/http/', 'src/cli.ts'];
    const reaching: string[] = [];
    for (const [file, targets] of graph)
      if (transports.some((t) => file.startsWith(t)))
        for (const target of targets) if (target.startsWith('src/search/')) reaching.push(`${file} → ${target}`);
    expect(reaching).toEqual([]);
  });

  it('reads interactions one way: the caller, options and message words come from one module both transports use', () => {
    for (const file of ['src/gateway/interactions.ts', 'src/http/interactions.ts']) {
      expect(graph.get(file), file).toContain('src/runtime/incoming.ts');
      // The places table and the embed reading live in runtime/incoming.ts only.
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).not.toMatch(/InteractionContextType\.|embeds\b.*flatMap/);
    }
  });
});
