import type { Catalogue } from '../load.js';
import { VERIFIABLE_REGISTRIES, type VerifiableRegistry } from '../registries.js';
import type { VerificationRecord } from '../verification.js';
import { checkPackage, checkUrl, type CheckOutcome, type CheckStatus } from './checks.js';
import type { HttpOptions } from './http.js';

/** What to check and how hard to push. */
export interface VerifyOptions extends HttpOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Registry ids and/or "urls"; everything when undefined. */
  only?: ReadonlySet<string>;
  /** The API base URL of each registry verify reads. */
  apiBases: Partial<Record<VerifiableRegistry, string>>;
  onProgress?: (done: number, total: number) => void;
}

/** One check's result, with the entry it belongs to. */
export interface CheckResult extends CheckOutcome {
  id: string;
  name: string;
  check: 'package' | 'url';
  /** The package id or the URL checked. */
  target: string;
  registry?: string;
}

interface Task {
  id: string;
  name: string;
  check: 'package' | 'url';
  target: string;
  registry?: string;
  run: () => Promise<CheckOutcome>;
}

const isVerifiable = (id: string): id is VerifiableRegistry => (VERIFIABLE_REGISTRIES as readonly string[]).includes(id);

/** The checks a run makes: each package on a registry verify can read, and each entry's URL. */
export function planChecks(catalogue: Catalogue, options: VerifyOptions): Task[] {
  const wanted = (what: string) => options.only === undefined || options.only.has(what);
  const tasks: Task[] = [];
  for (const e of catalogue.entries) {
    const registry = e.registry;
    if (e.package !== undefined && registry !== undefined && isVerifiable(registry) && wanted(registry)) {
      const base = options.apiBases[registry];
      const pkg = e.package;
      if (base !== undefined)
        tasks.push({ id: e.id, name: e.name, check: 'package', target: pkg, registry, run: () => checkPackage(registry, base, pkg, options) });
    }
    if (e.url !== undefined && wanted('urls')) {
      const url = e.url;
      tasks.push({ id: e.id, name: e.name, check: 'url', target: url, run: () => checkUrl(url, options) });
    }
  }
  return tasks;
}

/** Runs `fn` over `items` with at most `limit` at a time, keeping the input order in the output. */
export async function inPool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>, onDone?: (done: number) => void): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
      onDone?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** Makes every planned check and returns the results in catalogue order. */
export async function verifyCatalogue(catalogue: Catalogue, options: VerifyOptions): Promise<CheckResult[]> {
  const tasks = planChecks(catalogue, options);
  options.onProgress?.(0, tasks.length);
  return inPool(
    tasks,
    options.concurrency,
    async ({ run, ...task }) => {
      let found: CheckOutcome;
      try {
        found = await run();
      } catch (err) {
        // A registry answering with something unreadable is the registry's problem, not the entry's.
        found = { status: 'unreachable', detail: `unreadable answer: ${(err as Error).message}` };
      }
      return { ...task, ...found };
    },
    (done) => options.onProgress?.(done, tasks.length),
  );
}

/** Statuses that mean the catalogue points at something that is not there. */
export const FAILING: ReadonlySet<CheckStatus> = new Set(['missing', 'broken']);

/** 1 when a package is missing or a page broken, else 0: deprecation, yanks and silent servers do not fail a run. */
export function exitCodeFor(results: readonly CheckResult[]): number {
  return results.some((r) => FAILING.has(r.status)) ? 1 : 0;
}

/** How many results have each status. */
export function countByStatus(results: readonly CheckResult[]): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { missing: 0, broken: 0, deprecated: 0, yanked: 0, redirected: 0, unreachable: 0, ok: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

/**
 * The verification records after this run: every check that reached a server replaces that part of
 * the entry's record; unreachable checks keep what was there; records of removed entries go.
 */
export function mergeRecords(
  previous: ReadonlyMap<string, VerificationRecord>,
  results: readonly CheckResult[],
  catalogue: Catalogue,
  today: string,
): Map<string, VerificationRecord> {
  const ids = new Set(catalogue.entries.map((e) => e.id));
  const records = new Map([...previous].filter(([id]) => ids.has(id)));
  for (const r of results) {
    if (r.status === 'unreachable') continue;
    const record: VerificationRecord = { ...records.get(r.id) };
    if (r.check === 'package' && r.registry !== undefined) {
      record.package = {
        checked: today,
        registry: r.registry,
        name: r.target,
        ...(r.status === 'missing' ? { missing: true as const } : {}),
        ...(r.latest === undefined ? {} : { latest: r.latest }),
        ...(r.deprecated === undefined ? {} : { deprecated: r.deprecated }),
        ...(r.yanked ? { yanked: true as const } : {}),
        ...(r.lastRelease === undefined ? {} : { last_release: r.lastRelease }),
        ...(r.renamedTo === undefined ? {} : { renamed_to: r.renamedTo }),
      };
    } else if (r.check === 'url' && r.httpStatus !== undefined) {
      record.url = {
        checked: today,
        status: r.httpStatus,
        ...(r.redirect === undefined ? {} : { redirect: r.redirect }),
        ...(r.permanent ? { permanent: true as const } : {}),
      };
    }
    records.set(r.id, record);
  }
  return records;
}
