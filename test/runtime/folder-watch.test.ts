import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderWatcher, folderFingerprint, type WatchOptions } from '../../src/runtime/folder-watch.js';

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms; fails with `what` after `timeoutMs`. */
async function until(condition: () => boolean, what: string, timeoutMs = 3_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => {
    c();
  });
});

/** A scratch area holding `parent/catalogue` with one file. */
function scratch() {
  const root = mkdtempSync(path.join(tmpdir(), 'folder-watch-'));
  const dir = path.join(root, 'parent', 'catalogue');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'a.yaml'), 'one\n');
  cleanups.push(() => {
    rmSync(root, { recursive: true, force: true });
  });
  return { root, dir };
}

/**
 * Starts a watcher that counts what it reports. The poll is an hour unless a test says otherwise,
 * so a change seen within seconds was seen by a watcher, not by the safety net.
 */
async function watching(dir: string, options: WatchOptions = {}) {
  const seen = { changed: 0, missing: 0, back: 0 };
  const watcher = new FolderWatcher(
    dir,
    await folderFingerprint(dir),
    {
      changed: () => seen.changed++,
      missing: () => seen.missing++,
      back: () => seen.back++,
    },
    silent,
    { debounceMs: 20, pollMs: 3_600_000, ...options },
  );
  watcher.start();
  cleanups.unshift(() => {
    watcher.close();
  });
  await watcher.check();
  return { seen, watcher };
}

describe('watching a catalogue folder', () => {
  it('reports a saved file through the folder watcher, and not noise that changes nothing it reads', async () => {
    const { dir } = scratch();
    const { seen, watcher } = await watching(dir);
    expect(seen).toEqual({ changed: 0, missing: 0, back: 0 });

    writeFileSync(path.join(dir, '.a.yaml.swp'), 'editor noise');
    await sleep(100);
    await watcher.check();
    expect(seen.changed).toBe(0);

    writeFileSync(path.join(dir, 'a.yaml'), 'two\n');
    await until(() => seen.changed === 1, 'the save');
  });

  it('reports a missing folder once, keeps quiet while it stays away, and reports it back and watches it again', async () => {
    const { dir } = scratch();
    const { seen, watcher } = await watching(dir);
    rmSync(dir, { recursive: true });
    await until(() => seen.missing === 1, 'the folder to be missed');
    for (let i = 0; i < 3; i++) await watcher.check();
    expect(seen).toEqual({ changed: 0, missing: 1, back: 0 });

    mkdirSync(dir);
    writeFileSync(path.join(dir, 'a.yaml'), 'recreated\n');
    await until(() => seen.back === 1 && seen.changed >= 1, 'the folder to come back');

    // Watched again: an edit in the new folder is seen without the poll.
    const before = seen.changed;
    await sleep(50);
    writeFileSync(path.join(dir, 'a.yaml'), 'edited in the new folder\n');
    await until(() => seen.changed > before, 'an edit in the recreated folder');
  });

  it('follows a folder replaced by another one moved into its place', async () => {
    const { root, dir } = scratch();
    const { seen } = await watching(dir);
    const next = path.join(root, 'next');
    mkdirSync(next);
    writeFileSync(path.join(next, 'a.yaml'), 'next\n');
    renameSync(dir, path.join(root, 'old'));
    renameSync(next, dir);
    await until(() => seen.changed >= 1, 'the replacement');

    // The old folder, now elsewhere, is no longer watched; the new one is.
    const before = seen.changed;
    await sleep(50);
    writeFileSync(path.join(root, 'old', 'a.yaml'), 'edited where nobody looks\n');
    await sleep(150);
    expect(seen.changed).toBe(before);
    writeFileSync(path.join(dir, 'a.yaml'), 'edited in place\n');
    await until(() => seen.changed > before, 'an edit in the replacement');
  });

  it('sees a Kubernetes ConfigMap update, where files are symlinks through an atomically replaced ..data link', async () => {
    const { dir } = scratch();
    rmSync(path.join(dir, 'a.yaml'));
    mkdirSync(path.join(dir, '..2025_01_01_v1'));
    writeFileSync(path.join(dir, '..2025_01_01_v1', 'a.yaml'), 'v1\n');
    symlinkSync('..2025_01_01_v1', path.join(dir, '..data'));
    symlinkSync('..data/a.yaml', path.join(dir, 'a.yaml'));
    const { seen } = await watching(dir);

    // What the kubelet does: write the new version, point a temporary link at it, rename it over ..data.
    mkdirSync(path.join(dir, '..2025_01_02_v2'));
    writeFileSync(path.join(dir, '..2025_01_02_v2', 'a.yaml'), 'v2\n');
    symlinkSync('..2025_01_02_v2', path.join(dir, '..data_tmp'));
    renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    rmSync(path.join(dir, '..2025_01_01_v1'), { recursive: true });
    await until(() => seen.changed === 1, 'the ConfigMap swap');
  });

  it('falls back on the poll when even the parent folder went away and came back', async () => {
    const { root, dir } = scratch();
    const { seen } = await watching(dir, { pollMs: 200 });
    rmSync(path.join(root, 'parent'), { recursive: true });
    await until(() => seen.missing === 1, 'the folder to be missed');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.yaml'), 'back\n');
    await until(() => seen.back === 1 && seen.changed === 1, 'the folder to come back');
  });

  it('reports nothing once closed', async () => {
    const { dir } = scratch();
    const { seen, watcher } = await watching(dir, { pollMs: 50 });
    watcher.close();
    writeFileSync(path.join(dir, 'a.yaml'), 'after close\n');
    rmSync(dir, { recursive: true });
    await sleep(300);
    expect(seen).toEqual({ changed: 0, missing: 0, back: 0 });
  });
});

describe('the fingerprint of a folder', () => {
  it('changes when a file is saved with the same bytes, and is missing when the folder is', async () => {
    const { dir } = scratch();
    const first = await folderFingerprint(dir);
    await sleep(5);
    writeFileSync(path.join(dir, 'a.yaml'), 'one\n');
    const second = await folderFingerprint(dir);
    expect(second.missing).toBe(false);
    expect(second).not.toEqual(first);
    expect(await folderFingerprint(dir)).toEqual(second);
    rmSync(dir, { recursive: true });
    expect(await folderFingerprint(dir)).toEqual({ missing: true });
  });
});
