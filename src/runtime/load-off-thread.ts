import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { loadCatalogue, type LoadResult } from '../catalogue/load.js';

/** Bounds on one load in its worker; generous, since CATALOGUE_LIMITS already bound the input. */
export const WORKER_LIMITS = {
  /** The largest catalogue allowed loads in ~8 s on a small shared machine; this is several times that. */
  timeoutMs: 60_000,
  /** A 16 MB catalogue peaks near 400 MB of heap while parsed; beyond this the worker is stopped, not the bot. */
  heapMb: 1024,
} as const;

export interface OffThreadOptions {
  timeoutMs?: number;
  heapMb?: number;
  /** Aborting stops the worker at once (the bot is shutting down); the load then fails. */
  signal?: AbortSignal;
}

/**
 * The worker's entry beside this module, with the same extension: `.js` in the compiled build
 * (dist/), `.ts` under tsx and vitest, where the worker needs tsx's loader to import TypeScript.
 */
function workerEntry(): { url: URL; execArgv?: string[] } {
  const typescript = import.meta.url.endsWith('.ts');
  const url = new URL(`./catalogue-worker.${typescript ? 'ts' : 'js'}`, import.meta.url);
  return typescript ? { url, execArgv: ['--import', import.meta.resolve('tsx')] } : { url };
}

/** A load that could not finish, as one problem about the folder. */
function failed(dir: string, message: string): LoadResult {
  return { ok: false, problems: [{ file: dir, line: 0, message }], digest: '' };
}

/**
 * Loads and checks the catalogue in `dir` on a worker thread, so the event loop keeps serving
 * while a large catalogue is parsed. Never rejects: a worker that crashes, runs out of memory or
 * takes too long becomes a problem in the result.
 */
export function loadCatalogueOffThread(
  dir: string,
  { timeoutMs = WORKER_LIMITS.timeoutMs, heapMb = WORKER_LIMITS.heapMb, signal }: OffThreadOptions = {},
): Promise<LoadResult> {
  return new Promise((resolve) => {
    const { url, execArgv } = workerEntry();
    let worker: Worker;
    try {
      worker = new Worker(url, {
        workerData: { dir },
        resourceLimits: { maxOldGenerationSizeMb: heapMb },
        ...(execArgv ? { execArgv } : {}),
        // Nothing the worker could print belongs in the bot's output unstructured; failures arrive as events.
        stdout: true,
        stderr: true,
      });
    } catch (err) {
      resolve(failed(dir, `could not be loaded: the loader did not start (${(err as Error).message})`));
      return;
    }
    const took = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    const messages = {
      abort: 'was not loaded: the bot is shutting down',
      timeout: `took longer than ${took} to load and check, so the load was stopped (expected a catalogue within the size limits to load in seconds)`,
      memory: `needed more than ${heapMb} MB of memory to load, so the load was stopped (expected a catalogue within the size limits)`,
    };
    let settled = false;
    function settle(result: LoadResult): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
      void worker.terminate();
    }
    function onAbort(): void {
      settle(failed(dir, messages.abort));
    }
    const timer = setTimeout(() => {
      settle(failed(dir, messages.timeout));
    }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    worker.once('message', settle);
    worker.once('error', (err: Error & { code?: string }) => {
      settle(failed(dir, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? messages.memory : `could not be loaded: ${err.message}`));
    });
    worker.once('exit', (code) => {
      settle(failed(dir, `could not be loaded: the loader stopped (exit code ${code}) without a result`));
    });
  });
}

/**
 * Up to this many bytes of YAML, the first load runs on the calling thread: the shipped catalogue
 * (~220 kB) loads in ~100 ms, while starting a worker costs ~300 ms and ~30 MB of memory that
 * stays with the process. Nothing is being answered yet at start-up; a larger catalogue still
 * loads on a worker, so /healthz keeps answering meanwhile.
 */
export const ON_THREAD_BYTES = 1_000_000;

/** The catalogue's YAML bytes in `dir`, or undefined when they cannot be counted (the loader then says why). */
async function yamlBytes(dir: string): Promise<number | undefined> {
  try {
    const names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name));
    const sizes = await Promise.all(names.map(async (name) => (await stat(path.join(dir, name))).size));
    return sizes.reduce((a, b) => a + b, 0);
  } catch {
    return undefined;
  }
}

/** The first load at start-up: on this thread when the catalogue is small (see ON_THREAD_BYTES), else on a worker. */
export async function loadCatalogueAtStart(dir: string): Promise<LoadResult> {
  const bytes = await yamlBytes(dir);
  return bytes !== undefined && bytes <= ON_THREAD_BYTES ? loadCatalogue(dir) : loadCatalogueOffThread(dir);
}
