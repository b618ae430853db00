import type { Catalogue } from '../src/catalogue/load.js';
import { createResourceIndex } from '../src/search/index.js';
import { createFuse } from './fuse.js';
import { latency, settledHeap, timed, type Latency } from './measure.js';
import { benchQueries, spreadSubset, type BenchQuery } from './queries.js';
import { syntheticCatalogue } from './generate.js';

export interface SideResult {
  buildMs: number;
  heapMB: number;
  search: Latency;
  suggest: Latency;
  /** Share of targeted queries whose target is in the top 10. */
  searchHitRate: number;
  suggestHitRate: number;
  queries: number;
}

export interface SizeResult {
  size: number;
  ours: SideResult;
  /** Ours again, on exactly the queries Fuse ran, for like-for-like ratios. */
  oursOnFuseQueries: SideResult;
  fuse: SideResult & { capped: boolean };
}

const BUILD_RUNS = 3;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Run {
  samples: number[];
  hits: boolean[];
}

function hitRate(queries: readonly BenchQuery[], hits: readonly boolean[]): number {
  let targeted = 0;
  let found = 0;
  queries.forEach((q, k) => {
    if (q.target === undefined) return;
    targeted++;
    if (hits[k]) found++;
  });
  return targeted === 0 ? NaN : found / targeted;
}

/** Times `fn` on each query after `warmup` untimed calls, noting whether the target was in its top ten ids. */
function run(queries: readonly BenchQuery[], fn: (text: string) => string[], warmup = 20): Run {
  for (const q of queries.slice(0, warmup)) fn(q.text);
  const samples: number[] = [];
  const hits: boolean[] = [];
  for (const q of queries) {
    const { ms, value } = timed(() => fn(q.text));
    samples.push(ms);
    hits.push(q.target !== undefined && value.slice(0, 10).includes(q.target));
  }
  return { samples, hits };
}

function side(
  queries: readonly BenchQuery[],
  buildMs: number,
  heap: number,
  search: Run,
  suggest: Run,
  pick?: readonly number[],
): SideResult {
  const sel = <T>(xs: readonly T[]) => (pick ? pick.map((k) => xs[k] as T) : [...xs]);
  const qs = sel(queries);
  return {
    buildMs,
    heapMB: heap / 2 ** 20,
    search: latency(sel(search.samples)),
    suggest: latency(sel(suggest.samples)),
    searchHitRate: hitRate(qs, sel(search.hits)),
    suggestHitRate: hitRate(qs, sel(suggest.hits)),
    queries: qs.length,
  };
}

/** Builds both indexes over a synthetic catalogue of `size` entries and runs the query mix on each. */
export function runSize(size: number, queryCount: number, fuseCap: number, log: (line: string) => void): SizeResult {
  const catalogue: Catalogue = syntheticCatalogue(size);
  const queries = benchQueries(catalogue, queryCount);

  // Median of three builds: one run on a shared 2-core machine is at the mercy of its neighbours.
  const buildTimes: number[] = [];
  for (let k = 0; k < BUILD_RUNS - 1; k++) buildTimes.push(timed(() => createResourceIndex(catalogue)).ms);
  const before = settledHeap();
  const built = timed(() => createResourceIndex(catalogue));
  const heap = settledHeap() - before;
  buildTimes.push(built.ms);
  const buildMs = median(buildTimes);
  const index = built.value;
  log(`  ${size}: ours built in ${buildTimes.map((t) => t.toFixed(0)).join(', ')} ms`);
  const search = run(queries, (t) => index.search(t).map((h) => h.entry.id));
  const suggest = run(queries, (t) => index.suggest(t).map((e) => e.id));
  const ours = side(queries, buildMs, heap, search, suggest);

  const fuseQueries = spreadSubset(
    queries.map((q, k) => ({ q, k })),
    fuseCap,
  );
  const fuseBefore = settledHeap();
  const fuseBuilt = timed(() => createFuse(catalogue.entries));
  const fuseHeap = settledHeap() - fuseBefore;
  log(`  ${size}: Fuse built in ${fuseBuilt.ms.toFixed(0)} ms; running ${fuseQueries.length} queries`);
  // One Fuse call serves both rows: bots call the same search for autocomplete, just with limit 25.
  // Fuse has no JIT-sensitive fast path to warm up, and each of its queries can take seconds.
  const fuseRun = run(
    fuseQueries.map((f) => f.q),
    (t) => fuseBuilt.value.search(t, { limit: 25 }).map((r) => r.item.id),
    2,
  );
  const fuse = side(
    fuseQueries.map((f) => f.q),
    fuseBuilt.ms,
    fuseHeap,
    fuseRun,
    fuseRun,
  );
  const oursOnFuseQueries = side(
    queries,
    buildMs,
    heap,
    search,
    suggest,
    fuseQueries.map((f) => f.k),
  );
  return { size, ours, oursOnFuseQueries, fuse: { ...fuse, capped: fuseQueries.length < queries.length } };
}
