import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { loadCatalogueOffThread } from '../../src/runtime/load-off-thread.js';
import { largeCatalogue } from '../helpers/large-catalogue.js';
import { tempCatalogue } from '../helpers/temp-catalogue.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The longest the event loop went without running a 5 ms timer while `work` ran (and one tick after it). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    // A stall ending just as `work` resolves is only seen by the next tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { result, stallMs };
  } finally {
    clearInterval(timer);
  }
}

describe('loading the catalogue on a worker thread', () => {
  let large: ReturnType<typeof largeCatalogue>;
  beforeAll(() => {
    large = largeCatalogue(55);
  });
  afterAll(() => {
    large.cleanup();
  });

  it('gives exactly what loading on the main thread gives, for a good and a bad catalogue', async () => {
    const [here, there] = await Promise.all([loadCatalogue('catalogue'), loadCatalogueOffThread('catalogue')]);
    expect(there.ok).toBe(true);
    expect(there).toEqual(here);

    const { dir, cleanup } = tempCatalogue({ 'a.yaml': 'category: X\nentries:\n  - id: Bad\n' });
    try {
      const bad = await loadCatalogueOffThread(dir);
      expect(bad.ok).toBe(false);
      expect(bad).toEqual(await loadCatalogue(dir));
    } finally {
      cleanup();
    }
  });

  it('keeps the event loop turning while a 10,000-entry catalogue is parsed and checked', async () => {
    expect(large.entries).toBeGreaterThan(10_000);
    const onMain = await longestStall(() => loadCatalogue(large.dir));
    const offMain = await longestStall(() => loadCatalogueOffThread(large.dir));
    console.log(
      `${large.entries} entries, ${(large.bytes / 1024 / 1024).toFixed(1)} MB: event loop stalled ${Math.round(onMain.stallMs)} ms loading on the main thread, ${Math.round(offMain.stallMs)} ms on a worker`,
    );
    expect(offMain.result.ok && offMain.result.catalogue.entries.length).toBe(large.entries);
    // What remains on the main thread is receiving the entries from the worker. A ratio measured in one run, not
    // milliseconds: with every core busy the worker's hand-over alone stalled 958 ms (the main-thread load 12.8 s).
    expect(offMain.stallMs).toBeLessThan(onMain.stallMs / 3);
  }, 60_000);

  it('stops a load that takes too long and says so', async () => {
    const result = await loadCatalogueOffThread(large.dir, { timeoutMs: 50 });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          file: large.dir,
          line: 0,
          message:
            'took longer than 50 ms to load and check, so the load was stopped (expected a catalogue within the size limits to load in seconds)',
        },
      ],
      digest: '',
    });
  });

  it('stops a load that needs more memory than allowed, without harming the caller', async () => {
    const result = await loadCatalogueOffThread(large.dir, { heapMb: 32 });
    expect(result.ok || result.problems).toEqual([
      {
        file: large.dir,
        line: 0,
        message: 'needed more than 32 MB of memory to load, so the load was stopped (expected a catalogue within the size limits)',
      },
    ]);
  }, 30_000);

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = loadCatalogueOffThread(large.dir, { signal: controller.signal });
    controller.abort();
    const result = await pending;
    expect(result.ok || result.problems[0]?.message).toBe('was not loaded: the bot is shutting down');
  });
});

describe('the compiled build', () => {
  let build: string;
  beforeAll(async () => {
    // Inside the repository, so the compiled files find node_modules as dist/ does.
    build = mkdtempSync(path.join(ROOT, 'node_modules/.cache-worker-build-'));
    await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', build], { cwd: ROOT });
  }, 60_000);
  afterAll(() => {
    rmSync(build, { recursive: true, force: true });
  });

  it('starts the compiled .js worker, with no TypeScript loader anywhere', async () => {
    const script = path.join(build, 'load.mjs');
    writeFileSync(
      script,
      `import { loadCatalogueOffThread } from './src/runtime/load-off-thread.js';
const result = await loadCatalogueOffThread(process.argv[2]);
process.stdout.write(JSON.stringify({ ok: result.ok, entries: result.ok ? result.catalogue.entries.length : result.problems }));`,
    );
    const { stdout } = await run(process.execPath, [script, path.join(ROOT, 'catalogue')], { env: { PATH: process.env.PATH }, cwd: build });
    const shipped = await loadCatalogue('catalogue');
    expect(JSON.parse(stdout)).toEqual({ ok: true, entries: shipped.ok ? shipped.catalogue.entries.length : -1 });
  }, 30_000);
});
