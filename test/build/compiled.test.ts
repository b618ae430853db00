import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandFor, compiledPath, ROOT, staleOutputs, startCommand } from '../helpers/compiled.js';

describe('what npm start runs', () => {
  it('is node on the compiled bot with source maps (and a small young generation: idle memory), as are the terminal front-end and deploy-commands', () => {
    expect(startCommand()).toEqual([process.execPath, '--enable-source-maps', '--max-semi-space-size=4', 'dist/src/main.js']);
    expect(commandFor('src/cli.ts')).toEqual([process.execPath, '--enable-source-maps', 'dist/src/cli.js']);
    expect(commandFor('src/deploy-commands.ts')).toEqual([process.execPath, '--enable-source-maps', 'dist/src/deploy-commands.js']);
  });

  it('reports an error thrown in compiled code at its TypeScript line', () => {
    const [node, ...flags] = startCommand();
    const script = `import { readConfig } from './${compiledPath('src/runtime/config.ts')}'; readConfig({ DISCORD_TOKEN: 'not a token' });`;
    const run = spawnSync(node, [...flags.slice(0, -1), '--input-type=module', '--eval', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('ConfigError: DISCORD_TOKEN does not look like a bot token');
    expect(run.stderr).toMatch(/src\/runtime\/config\.ts:\d+:\d+/);
  });
});

describe('the stale-build check', () => {
  let root: string;

  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  /** A source tree and its output with chosen modification times (seconds since the epoch). */
  function tree(files: Record<string, number>): string {
    root = mkdtempSync(path.join(tmpdir(), 'stale-build-'));
    for (const [file, seconds] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), '// test\n');
      utimesSync(path.join(root, file), seconds, seconds);
    }
    return root;
  }

  it('passes when every source has an output at least as new as it and as the settings', () => {
    const dir = tree({ 'tsconfig.json': 100, 'src/a.ts': 100, 'src/deep/b.ts': 200, 'dist/src/a.js': 300, 'dist/src/deep/b.js': 300 });
    expect(staleOutputs(dir, ['src'], ['tsconfig.json'])).toEqual([]);
  });

  it('names a source edited after its output, a source never compiled, and settings changed since', () => {
    const edited = tree({ 'src/a.ts': 400, 'dist/src/a.js': 300 });
    expect(staleOutputs(edited, ['src'], [])).toEqual(['src/a.ts changed after dist/src/a.js was compiled']);
    rmSync(edited, { recursive: true });

    const missing = tree({ 'src/a.ts': 100, 'src/new.ts': 100, 'dist/src/a.js': 300 });
    expect(staleOutputs(missing, ['src'], [])).toEqual(['dist/src/new.js is missing (src/new.ts was never compiled)']);
    rmSync(missing, { recursive: true });

    const settings = tree({ 'tsconfig.json': 500, 'src/a.ts': 100, 'dist/src/a.js': 300 });
    expect(staleOutputs(settings, ['src'], ['tsconfig.json'])).toEqual([
      'dist/src/a.js is older than the compiler settings (tsconfig.json)',
    ]);
  });

  it('names a JSON module (the fitted weights, a translation) edited after its copy under dist/', () => {
    const dir = tree({ 'src/search/weights.json': 400, 'dist/src/search/weights.json': 300, 'src/a.ts': 100, 'dist/src/a.js': 300 });
    expect(staleOutputs(dir, ['src'], [])).toEqual(['src/search/weights.json changed after dist/src/search/weights.json was compiled']);
  });

  it('ignores declaration files, which compile to nothing', () => {
    const dir = tree({ 'src/types.d.ts': 900, 'src/a.ts': 100, 'dist/src/a.js': 300 });
    expect(staleOutputs(dir, ['src'], [])).toEqual([]);
  });

  it('finds the shipped build current after npm test built it', () => {
    expect(staleOutputs(ROOT)).toEqual([]);
  });
});
