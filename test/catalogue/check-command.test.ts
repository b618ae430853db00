import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runScript } from '../helpers/run.js';
import { tempCatalogue } from '../helpers/temp-catalogue.js';

const cleanups: (() => void)[] = [];
afterEach(() => { cleanups.splice(0).forEach((c) => { c(); }); });

/** The three files the red-team run used against the checker. */
function hostileFolder(): string {
  const entry = '  - id: filler\n    name: Filler\n    form: tabular\n    kind: TOOL\n    description: Fills the file.\n';
  const bomb = ['category: Bomb', 'entries:', '  - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++) bomb.push(`  - &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  const { dir, cleanup } = tempCatalogue(
    {
      'bomb.yaml': `${bomb.join('\n')}\n`,
      // 20 MB of well-formed YAML: refused for its size, not for its content.
      'huge.yaml': `category: Huge\nentries:\n${entry.repeat(Math.ceil((20 * 1024 * 1024) / entry.length))}`,
    },
    { complete: false },
  );
  cleanups.push(cleanup);
  // The first bytes of a PNG, saved under a .yaml name (two newline bytes before the first NUL).
  writeFileSync(path.join(dir, 'image.yaml'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
  return dir;
}

describe('npm run catalogue:check', () => {
  it('names the file of an alias bomb, a 20 MB file and a binary file, exits 1 and prints no stack trace', async () => {
    const dir = hostileFolder();
    const r = await runScript('src/cli.ts', ['check'], { env: { CATALOGUE_DIR: dir } });

    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `${dir}/bomb.yaml:4: expands YAML aliases too far (expected each &anchor used at most 100 times through *aliases, counting aliases inside it; this looks like a "billion laughs" alias bomb, so the file is refused: write the values out instead)`,
      `${dir}/huge.yaml:0: is too big to be a catalogue file (expected at most 8 MB, got 20 MB; split it into several files by topic)`,
      `${dir}/image.yaml:3: is a binary file, not YAML text (expected UTF-8 text, got a NUL byte; check that the right file was saved here)`,
      'catalogue check failed: 3 problems',
    ]);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
