import { execFileSync } from 'node:child_process';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { CATALOGUE_LIMITS } from '../../src/catalogue/limits.js';
import { formatProblem } from '../../src/catalogue/problems.js';
import { tempCatalogue, withMaintainerFields } from '../helpers/temp-catalogue.js';

const cleanups: (() => void)[] = [];
afterEach(() => { cleanups.splice(0).forEach((c) => { c(); }); });

const ENTRY = '  - id: solana-kit\n    name: Solana Kit\n    form: tabular\n    kind: SDK\n    description: The TypeScript SDK for Solana.\n';
const GOOD = `category: SDKs\nentries:\n${ENTRY}`;

/** A folder holding a good file plus `files`; `prepare` may add what plain text cannot (sparse files, FIFOs). */
function folder(files: Record<string, string | Buffer>, prepare?: (dir: string) => void): string {
  const { dir, cleanup } = tempCatalogue({ 'a-good.yaml': GOOD });
  cleanups.push(cleanup);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), typeof content === 'string' ? withMaintainerFields(content) : content);
  prepare?.(dir);
  return dir;
}

async function problemsIn(dir: string): Promise<string[]> {
  const result = await loadCatalogue(dir);
  if (result.ok) return [];
  return result.problems.map((p) => formatProblem(p).split(path.resolve(dir)).join('DIR'));
}

/** Nine anchors, each a list of nine aliases of the one before: 9^9 "lol"s once expanded. */
function aliasBomb(): string {
  const lines = ['category: Bomb', 'entries:', '  - &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 9; i++) lines.push(`  - &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

describe('a catalogue file that is too big', () => {
  it('is refused from its size alone, naming the limit, even when reading it would take minutes', async () => {
    // A 5 GB sparse file: reading it would exhaust memory, so a quick answer proves the stat came first.
    const dir = folder({}, (d) => {
      writeFileSync(path.join(d, 'huge.yaml'), '');
      truncateSync(path.join(d, 'huge.yaml'), 5 * 1024 ** 3);
    });
    expect(await problemsIn(dir)).toEqual([
      'DIR/huge.yaml:0: is too big to be a catalogue file (expected at most 8 MB, got 5120 MB; split it into several files by topic)',
    ]);
  });

  it('is accepted just under the limit', async () => {
    const padding = `# ${'x'.repeat(1000)}\n`.repeat(Math.floor((CATALOGUE_LIMITS.fileBytes - 200) / 1003));
    expect(Buffer.byteLength(padding + GOOD)).toBeLessThan(CATALOGUE_LIMITS.fileBytes);
    expect(await problemsIn(folder({ 'a-good.yaml': padding + GOOD }))).toEqual([]);
  });

  it('together with the others may not pass the limit for the whole folder, and then none is read', async () => {
    // Sparse files of zeros just under the file limit, one more than fit: had any been read, it would be reported as binary.
    const count = Math.floor(CATALOGUE_LIMITS.totalBytes / (CATALOGUE_LIMITS.fileBytes - 1)) + 1;
    const dir = folder({}, (d) => {
      for (let i = 0; i < count; i++) {
        writeFileSync(path.join(d, `part-${i}.yaml`), '');
        truncateSync(path.join(d, `part-${i}.yaml`), CATALOGUE_LIMITS.fileBytes - 1);
      }
    });
    expect(await problemsIn(dir)).toEqual([
      'DIR:0: holds 104 MB of catalogue files, over the limit of 96 MB for the whole catalogue (expected at most 96 MB; remove files that do not belong here)',
    ]);
  });

  it('may not come in more files than the limit', async () => {
    const many = Object.fromEntries(Array.from({ length: CATALOGUE_LIMITS.files }, (_, i) => [`f-${i}.yaml`, GOOD]));
    expect(await problemsIn(folder(many))).toEqual([
      `DIR:0: holds too many catalogue files (expected at most ${CATALOGUE_LIMITS.files} .yaml files, got ${CATALOGUE_LIMITS.files + 1}; merge small files by topic)`,
    ]);
  });
});

describe('a catalogue file that is not UTF-8 YAML text', () => {
  it('is reported as binary at the line of its first NUL byte', async () => {
    const binary = Buffer.concat([Buffer.from('category: X\nentries:\n'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01])]);
    expect(await problemsIn(folder({ 'logo.yaml': binary }))).toEqual([
      'DIR/logo.yaml:3: is a binary file, not YAML text (expected UTF-8 text, got a NUL byte; check that the right file was saved here)',
    ]);
  });

  it('is reported as not UTF-8 at the line of the first bad byte, rather than read with replacement characters', async () => {
    const latin1 = Buffer.from(`category: Cafés\nentries:\n${ENTRY.replace('solana-kit', 'kit2').replace('Solana Kit', 'Café Kit')}`, 'latin1');
    expect(await problemsIn(folder({ 'latin1.yaml': latin1 }))).toEqual([
      'DIR/latin1.yaml:1: is not UTF-8 text (expected UTF-8, got bytes that are not; save the file again with the UTF-8 encoding)',
    ]);
  });

  it('is reported as UTF-16 when it starts with a UTF-16 byte order mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(GOOD, 'utf16le')]);
    expect(await problemsIn(folder({ 'b.yaml': utf16 }))).toEqual([
      'DIR/b.yaml:1: is saved as UTF-16 (expected UTF-8 text; save the file again with the UTF-8 encoding)',
    ]);
  });

  it('is fine with a UTF-8 byte order mark, as some Windows editors write', async () => {
    expect(await problemsIn(folder({ 'a-good.yaml': `\ufeff${GOOD}` }))).toEqual([]);
  });

  it('is reported when it is a folder or a FIFO, instead of hanging on a read that never ends', async () => {
    const dir = folder({}, (d) => {
      mkdirSync(path.join(d, 'folder.yaml'));
      execFileSync('mkfifo', [path.join(d, 'pipe.yaml')]);
    });
    const tail = 'is not a regular file (expected a .yaml file, got a folder or a device)';
    expect(await problemsIn(dir)).toEqual([`DIR/folder.yaml:0: ${tail}`, `DIR/pipe.yaml:0: ${tail}`]);
  });
});

describe('a catalogue file that attacks the YAML parser', () => {
  it('with an alias bomb is refused at the first alias, in plain words', async () => {
    expect(await problemsIn(folder({ 'bomb.yaml': aliasBomb() }))).toEqual([
      'DIR/bomb.yaml:4: expands YAML aliases too far (expected each &anchor used at most 100 times through *aliases, counting aliases inside it; this looks like a "billion laughs" alias bomb, so the file is refused: write the values out instead)',
    ]);
  });

  it('may still use an anchor and a few aliases, as YAML allows', async () => {
    const shared = `category: SDKs\nentries:\n${ENTRY}    tags: &ts [typescript, sdk]\n${ENTRY.replace('solana-kit', 'kit-two').replace('Solana Kit', 'Kit Two')}    tags: *ts\n`;
    const result = await loadCatalogue(folder({ 'a-good.yaml': shared }));
    expect(result.ok && result.catalogue.entries.map((e) => e.tags)).toEqual([
      ['typescript', 'sdk'],
      ['typescript', 'sdk'],
    ]);
  });

  it('nested deeper than the limit is refused at the first list past it', async () => {
    // The file, entries, the entry and tags are levels 1-4; the list starting on line N is level N - 1.
    const deep = `category: Deep\nentries:\n  - id: deep\n    tags:\n${Array.from({ length: 12 }, (_, i) => `${' '.repeat(6 + 2 * i)}- `).join('\n')}x\n`;
    expect(await problemsIn(folder({ 'deep.yaml': deep }))).toEqual([
      'DIR/deep.yaml:14: nests too deeply (expected at most 12 levels of lists and mappings inside one another; a catalogue file needs 4)',
    ]);
  });

  it('nested so deep that the parser itself gives up says so in the same words', async () => {
    const flow = `category: Deep\nentries:\n  - ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
    const [problem, ...rest] = await problemsIn(folder({ 'flow.yaml': flow }));
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^DIR\/flow\.yaml:3:\d+: nests too deeply to be read \(expected at most 12 levels of lists and mappings/);
  });
});

describe('the digest of a load', () => {
  it('is the same for the same bytes and changes with any byte', async () => {
    const dir = folder({});
    const first = await loadCatalogue(dir);
    const again = await loadCatalogue(dir);
    writeFileSync(path.join(dir, 'a-good.yaml'), `${GOOD}\n`);
    const changed = await loadCatalogue(dir);
    expect(first.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(again.digest).toBe(first.digest);
    expect(changed.digest).not.toBe(first.digest);
  });
});
