import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogueInvalid, CatalogueService } from '../../src/runtime/catalogue-service.js';
import { tempCatalogue, withMaintainerFields } from '../helpers/temp-catalogue.js';

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger whose lines are kept in memory. */
function memoryLog() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { log: pino({ level: 'debug', base: null }, stream), lines };
}

const ids = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `tool-${from + i}`);

/** One catalogue file with a tabular TOOL entry per id. */
function fileWith(entryIds: readonly string[]): string {
  const entries = entryIds.map(
    (id) => `  - id: ${id}\n    name: Tool ${id}\n    form: tabular\n    kind: TOOL\n    description: Does ${id} things.\n`,
  );
  return withMaintainerFields(`category: Tools\nentries:\n${entries.join('')}`);
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => {
    c();
  });
});

async function serviceOver(entryIds: readonly string[]) {
  const { dir, cleanup } = tempCatalogue({ 'tools.yaml': fileWith(entryIds) });
  const { log, lines } = memoryLog();
  const service = await CatalogueService.open(dir, log);
  cleanups.push(() => {
    service.close();
    cleanup();
  });
  const write = (list: readonly string[]) => {
    writeFileSync(path.join(dir, 'tools.yaml'), fileWith(list));
  };
  const served = () => service.current.catalogue.entries.map((e) => e.id);
  return { dir, service, lines, write, served };
}

describe('reloading the catalogue', () => {
  it('says which ids went away when a reload removes entries', async () => {
    const { service, lines, write, served } = await serviceOver(ids(8));
    write(ids(6));
    await service.reload();
    expect(served()).toEqual(ids(6));
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^catalogue reloaded: catalogue OK: 6 entries .*; 2 entries removed$/) as unknown,
      removedCount: 2,
      removed: ['tool-7', 'tool-8'],
    });
  });

  it('holds a change that removes more than a quarter of the entries, and keeps serving the last good catalogue', async () => {
    const { service, lines, write, served } = await serviceOver(ids(8));
    // A file cut short at an entry boundary: valid YAML with 3 of 8 entries.
    write(ids(3));
    await service.reload();
    expect(served()).toEqual(ids(8));
    const held = lines.at(-1);
    expect(held).toMatchObject({ level: 40, removedCount: 5, removed: ids(5, 4), entries: 8 });
    expect(held?.msg).toBe(
      'catalogue change held, still serving the last good catalogue: it would remove 5 of 8 entries (63%, more than a quarter at once). ' +
        'If that is intended, save the same files again unchanged (or restart the bot) to apply it; otherwise restore the missing entries',
    );

    // Looking again at the same files is not a confirmation, and is not logged again.
    const logged = lines.length;
    await service.reload();
    expect(served()).toEqual(ids(8));
    expect(lines.length).toBe(logged);

    // Saving the same content again is.
    write(ids(3));
    await service.reload();
    expect(served()).toEqual(ids(3));
    expect(lines.at(-1)).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/; 5 entries removed, as confirmed by saving again$/) as unknown,
      removed: ids(5, 4),
    });
  });

  it('drops a held change when the files are put back, and applies a later smaller change at once', async () => {
    const { service, lines, write, served } = await serviceOver(ids(8));
    write(ids(2));
    await service.reload();
    write(ids(8));
    await service.reload();
    expect(lines.at(-1)?.msg).toMatch(/^catalogue reloaded: catalogue OK: 8 entries .*; the held change is dropped$/);

    write(ids(2));
    await service.reload();
    expect(lines.at(-1)?.level).toBe(40);
    write(ids(7));
    await service.reload();
    expect(served()).toEqual(ids(7));
    // The earlier hold is gone: saving the cut file once more is held again, not applied.
    write(ids(2));
    await service.reload();
    expect(served()).toEqual(ids(7));
    expect(lines.at(-1)?.level).toBe(40);
  });

  it('applies a large removal at start-up, where there is no last good catalogue to keep', async () => {
    const { dir, service } = await serviceOver(ids(8));
    writeFileSync(path.join(dir, 'tools.yaml'), fileWith(ids(1)));
    const restarted = await CatalogueService.open(dir, memoryLog().log);
    expect(restarted.current.catalogue.entries).toHaveLength(1);
    expect(service.current.catalogue.entries).toHaveLength(8);
  });

  it('logs a rejected change once, with the first 20 problems and the count', async () => {
    const { dir, service, lines, served } = await serviceOver(ids(8));
    const broken = readFileSync(path.join(dir, 'tools.yaml'), 'utf8').replaceAll('kind: TOOL', 'kind: TOOLZ');
    writeFileSync(
      path.join(dir, 'tools.yaml'),
      `${broken}${fileWith(ids(30, 100)).split('entries:\n')[1]?.replaceAll('kind: TOOL', 'kind: NOPE') ?? ''}`,
    );
    const before = lines.length;
    await service.reload();
    expect(served()).toEqual(ids(8));
    expect(lines.slice(before)).toHaveLength(1);
    const rejected = lines.at(-1);
    expect(rejected).toMatchObject({ level: 50, problemCount: 38 });
    expect(rejected?.problems).toHaveLength(20);
    expect(rejected?.msg).toBe(
      'catalogue change rejected, still serving the last good catalogue: 38 problems, the first 20 listed; npm run catalogue:check lists them all',
    );
    expect(JSON.stringify(rejected).match(/is not allowed/g)).toHaveLength(20);
  });

  it('runs at most one reload behind the one in progress, however many are asked for', async () => {
    const { service, lines, write } = await serviceOver(ids(8));
    write(ids(7));
    const before = lines.length;
    await Promise.all(Array.from({ length: 10 }, () => service.reload()));
    expect(lines.slice(before).filter((l) => l.msg.startsWith('catalogue reloaded:')).length).toBeLessThanOrEqual(2);
  });
});

describe('opening the catalogue', () => {
  it('refuses an invalid catalogue, and its short list names the first 20 problems and how many more', async () => {
    const { dir, cleanup } = tempCatalogue({ 'tools.yaml': fileWith(ids(25)).replaceAll('kind: TOOL', 'kind: TOOLZ') });
    cleanups.push(cleanup);
    const error = await CatalogueService.open(dir, memoryLog().log).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(CatalogueInvalid);
    const invalid = error as CatalogueInvalid;
    expect(invalid.lines).toHaveLength(25);
    const short = invalid.shortList();
    expect(short).toHaveLength(21);
    expect(short.slice(0, 20)).toEqual(invalid.lines.slice(0, 20));
    expect(short[20]).toBe('… and 5 more (npm run catalogue:check lists them all)');
  });
});
