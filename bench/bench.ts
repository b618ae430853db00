/**
 * Search benchmark: our index against Fuse.js on synthetic catalogues, plus the shipped
 * catalogue's start-up cost, then the burst benchmark (bench/burst.ts: our bot against a bare
 * discord.js bot). Run with `npm run bench [-- --sizes 1000,10000 --rounds 3 --no-burst --out bench.json]`.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadCatalogue } from '../src/catalogue/load.js';
import { createResourceIndex } from '../src/search/index.js';
import { burstTable, burstTargets } from './burst-report.js';
import { runBurst, type BurstResult } from './burst-run.js';
import { FUSE_CONFIG_TEXT } from './fuse.js';
import { hasGc, settledHeap, timed } from './measure.js';
import { sizeTable, targets } from './report.js';
import { runSize, type SizeResult } from './run-size.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    queries: { type: 'string', default: '600' },
    'fuse-budget': { type: 'string', default: '400000' },
    rounds: { type: 'string', default: '3' },
    'no-burst': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

const sizes = values.sizes
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const queryCount = Number(values.queries);
// Fuse scans every entry per query: cap its query count so entries × queries stays within budget.
const fuseCap = (size: number) => Math.max(12, Math.min(queryCount, Math.floor(Number(values['fuse-budget']) / size)));
const say = (line = '') => process.stdout.write(`${line}\n`);

/** Cold start as the bot does it: load, validate and index the real catalogue once. */
async function shippedCatalogue(): Promise<{ ms: number; entries: number } | { error: string }> {
  const start = process.hrtime.bigint();
  const loaded = await loadCatalogue('catalogue');
  if (!loaded.ok) return { error: `catalogue/ has ${loaded.problems.length} problems; not measured` };
  const { ms: indexMs } = timed(() => createResourceIndex(loaded.catalogue));
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  say(
    `shipped catalogue: ${loaded.catalogue.entries.length} entries loaded, validated and indexed in ${ms.toFixed(0)} ms (index ${indexMs.toFixed(1)} ms)`,
  );
  return { ms, entries: loaded.catalogue.entries.length };
}

say(
  `search benchmark — Node ${process.version}, ${queryCount} queries per size (prefixes, typos, exact names, description words, 1- and 2-character inputs)`,
);
say(`Fuse.js: ${FUSE_CONFIG_TEXT}; one fuse.search(query, { limit: 25 }) per query serves both its search and suggest rows`);
say(`Fuse runs at most fuse-budget / size queries (${values['fuse-budget']} / size, at least 12): it scans every entry per query`);
say(hasGc ? 'heap: measured after forced GC' : 'heap: no GC available; figures are rough heapUsed deltas');
say();
const shipped = await shippedCatalogue();
if ('error' in shipped) say(`shipped catalogue: ${shipped.error}`);

const results: SizeResult[] = [];
for (const size of sizes) {
  say();
  say(`running ${size.toLocaleString('en')} entries…`);
  const result = runSize(size, queryCount, fuseCap(size), (l) => say(l));
  results.push(result);
  say();
  say(sizeTable(result));
}

// The bots run in processes of their own; this process only hosts the Discord stand-in and times it.
let burst: BurstResult | undefined;
if (!values['no-burst']) {
  const rounds = Number(values.rounds);
  const catalogue = await loadCatalogue('catalogue');
  say();
  if (!catalogue.ok) say('burst: catalogue/ is invalid; not measured');
  else if (!Number.isInteger(rounds) || rounds < 1)
    say(`burst: --rounds must be a whole number of at least 1, got "${values.rounds}"; not measured`);
  else {
    say(`running the burst benchmark, ${rounds} round${rounds === 1 ? '' : 's'} (skip it with --no-burst)…`);
    // Collect the search runs' garbage first, so no long GC pause lands in the middle of a burst.
    settledHeap();
    burst = await runBurst(catalogue.catalogue, { rounds, count: 200, seed: 11, log: (l) => say(l) });
    say();
    say(burstTable(burst));
  }
}

say();
say('targets (2-core machine):');
const checks = [...targets(results, 'ms' in shipped ? shipped.ms : undefined), ...(burst ? burstTargets(burst) : [])];
for (const t of checks) say(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.detail}`);

if (values.out) {
  await writeFile(
    values.out,
    `${JSON.stringify({ node: process.version, fuse: FUSE_CONFIG_TEXT, shipped, results, burst, targets: checks }, null, 2)}\n`,
  );
  say(`\nwrote ${values.out}`);
}
