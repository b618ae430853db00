import type { SizeResult } from './run-size.js';

export interface Target {
  name: string;
  pass: boolean;
  detail: string;
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toFixed(3));
const pct = (n: number) => (Number.isNaN(n) ? '—' : `${(n * 100).toFixed(1)}%`);
const ratio = (fuse: number, ours: number) => {
  const r = fuse / ours;
  return ours > 0 ? `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}×` : '∞';
};

/** The comparison table for one catalogue size. */
export function sizeTable(r: SizeResult): string {
  const { ours, fuse, oursOnFuseQueries: like } = r;
  const rows: [string, string, string, string][] = [
    ['build (ms, median of 3)', ms(ours.buildMs), ms(fuse.buildMs), ratio(fuse.buildMs, ours.buildMs)],
    ['heap after build (MB)', ours.heapMB.toFixed(1), fuse.heapMB.toFixed(1), ratio(fuse.heapMB, ours.heapMB)],
    ['search p50 (ms)', ms(ours.search.p50), ms(fuse.search.p50), ratio(fuse.search.p50, like.search.p50)],
    ['search p99 (ms)', ms(ours.search.p99), ms(fuse.search.p99), ratio(fuse.search.p99, like.search.p99)],
    ['suggest p50 (ms)', ms(ours.suggest.p50), ms(fuse.suggest.p50), ratio(fuse.suggest.p50, like.suggest.p50)],
    ['suggest p99 (ms)', ms(ours.suggest.p99), ms(fuse.suggest.p99), ratio(fuse.suggest.p99, like.suggest.p99)],
    ['search hit rate (top 10)', pct(ours.searchHitRate), pct(fuse.searchHitRate), `ours ${pct(like.searchHitRate)} on Fuse's queries`],
    ['suggest hit rate (top 10)', pct(ours.suggestHitRate), pct(fuse.suggestHitRate), `ours ${pct(like.suggestHitRate)} on Fuse's queries`],
  ];
  const head = `${r.size.toLocaleString('en')} entries — ours ${ours.queries} queries, Fuse ${fuse.queries}${fuse.capped ? ' (capped: Fuse is too slow to run them all)' : ''}`;
  const widths = [26, 10, 10, 34];
  const line = (cells: readonly string[]) =>
    cells.map((c, k) => (k === 0 ? c.padEnd(widths[k] ?? 0) : c.padStart(widths[k] ?? 0))).join('  ');
  return [head, line(['', 'ours', 'Fuse', 'Fuse/ours (same queries)']), ...rows.map(line)].join('\n');
}

function check(name: string, value: number, limit: number, unit: string, higherIsBetter = false): Target {
  const pass = higherIsBetter ? value >= limit : value <= limit;
  return { name, pass, detail: `${ms(value)}${unit} (${higherIsBetter ? '≥' : '≤'} ${limit}${unit})` };
}

/** The targets of the brief, for the sizes that were run. */
export function targets(results: readonly SizeResult[], shippedMs: number | undefined): Target[] {
  const out: Target[] = [];
  const at = (size: number) => results.find((r) => r.size === size);
  const r10 = at(10_000);
  if (r10) {
    const { ours, fuse, oursOnFuseQueries: like } = r10;
    out.push(
      check('10k suggest p99', ours.suggest.p99, 2, ' ms'),
      check('10k search p99', ours.search.p99, 5, ' ms'),
      check('10k build', ours.buildMs, 300, ' ms'),
      check('10k search p50 vs Fuse', fuse.search.p50 / like.search.p50, 50, '×', true),
      check('10k suggest p50 vs Fuse', fuse.suggest.p50 / like.suggest.p50, 50, '×', true),
      {
        name: '10k hit rate above Fuse',
        pass: like.searchHitRate > fuse.searchHitRate,
        detail: `search ${pct(like.searchHitRate)} vs Fuse ${pct(fuse.searchHitRate)}; suggest ${pct(like.suggestHitRate)}`,
      },
    );
  }
  const r100 = at(100_000);
  if (r100) {
    out.push(check('100k suggest p99', r100.ours.suggest.p99, 20, ' ms'), check('100k search p99', r100.ours.search.p99, 50, ' ms'));
  }
  if (shippedMs !== undefined) out.push(check('shipped catalogue load+validate+index', shippedMs, 300, ' ms'));
  return out;
}
