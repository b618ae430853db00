import type { BotName, BotRound, BurstResult } from './burst-run.js';
import type { Target } from './report.js';

/** One figure of the burst benchmark: the median over rounds for each bot, and ours ÷ bare. */
export interface BurstFigure {
  name: string;
  unit: string;
  ours: number;
  bare: number;
  ratio: number;
  /** Ours ÷ bare within each round (both bots measured back to back). */
  roundRatios: number[];
  /** The bound on the ratio. */
  limit: number;
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

const FIGURES: readonly [name: string, unit: string, limit: number, pick: (r: BotRound) => number][] = [
  ['autocomplete p50', 'ms', 1.25, (r) => r.autocomplete.p50],
  ['autocomplete p99', 'ms', 1.25, (r) => r.autocomplete.p99],
  ['search p50', 'ms', 1.5, (r) => r.search.p50],
  ['search p99', 'ms', 1.5, (r) => r.search.p99],
  ['cold start to ready', 'ms', 1.5, (r) => r.readyMs],
  ['idle RSS after the bursts', 'MB', 1.5, (r) => r.idleRssMB],
];

/** Every figure, as medians over the rounds. */
export function burstFigures(result: BurstResult): BurstFigure[] {
  const of = (bot: BotName, pick: (r: BotRound) => number) =>
    result.rounds.flatMap((round) => round.filter((r) => r.bot === bot).map(pick));
  return FIGURES.map(([name, unit, limit, pick]) => {
    const ours = of('ours', pick);
    const bare = of('bare', pick);
    return {
      name,
      unit,
      limit,
      ours: median(ours),
      bare: median(bare),
      ratio: median(ours) / median(bare),
      roundRatios: ours.map((value, k) => value / (bare[k] ?? NaN)),
    };
  });
}

const num = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const times = (n: number) => `${n.toFixed(2)}×`;

/** The comparison table, with a heading that says how it was measured. */
export function burstTable(result: BurstResult): string {
  const head = [
    `burst: ${String(result.count)} interactions at once per kind (${String(result.shortInputs)} of them 1-3 characters, seed ${String(result.seed)}),`,
    `${String(result.rounds.length)} round${result.rounds.length === 1 ? '' : 's'}; each bot in fresh processes, first in alternate rounds; no warm-up traffic; Node ${result.node}.`,
    'latency: gateway dispatch → callback at the stand-in; ready: spawn → first interaction answered. Medians over rounds:',
  ];
  const widths = [32, 9, 9, 10, 24];
  const line = (cells: readonly string[]) =>
    cells.map((c, k) => (k === 0 ? c.padEnd(widths[k] ?? 0) : c.padStart(widths[k] ?? 0))).join('  ');
  const rows = burstFigures(result).map((f) => [
    `${f.name} (${f.unit})`,
    num(f.ours),
    num(f.bare),
    times(f.ratio),
    f.roundRatios.map((r) => r.toFixed(2)).join(', '),
  ]);
  return [...head, line(['', 'ours', 'bare', 'ours÷bare', 'each round']), ...rows.map(line)].join('\n');
}

/** The bounds: autocomplete within 1.25× the bare bot's, searches, cold start and memory within 1.5×; and every answer sound. */
export function burstTargets(result: BurstResult): Target[] {
  const failures = result.rounds.flat().flatMap((r) => r.failures.map((f) => `${r.bot}: ${f}`));
  return [
    ...burstFigures(result).map((f) => ({
      name: `burst ${f.name} ≤ ${String(f.limit)}× bare`,
      pass: f.ratio <= f.limit,
      detail: `${times(f.ratio)} (${num(f.ours)} vs ${num(f.bare)} ${f.unit})`,
    })),
    {
      name: 'burst answers all sound',
      pass: failures.length === 0,
      detail: failures.length === 0 ? 'every callback accepted and well-formed' : failures.slice(0, 3).join('; '),
    },
  ];
}
