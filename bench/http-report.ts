import { HTTP_KINDS } from './http-inputs.js';
import type { HttpResult, ServerName, ServerRound } from './http-run.js';
import type { Target } from './report.js';

/** The bound on our bot's latency over the bare endpoint's. */
export const HTTP_LIMIT = 1.25;

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

const of = (result: HttpResult, server: ServerName, pick: (r: ServerRound) => number) =>
  result.rounds.flatMap((round) => round.filter((r) => r.server === server).map(pick));

/** The median over rounds of one figure of one server. */
const med = (result: HttpResult, server: ServerName, pick: (r: ServerRound) => number) => median(of(result, server, pick));

/** Ours ÷ bare within each round (measured back to back). */
const roundRatios = (result: HttpResult, server: ServerName, pick: (r: ServerRound) => number) => {
  const bare = of(result, 'bare', pick);
  return of(result, server, pick).map((value, k) => value / (bare[k] ?? NaN));
};

const FIGURES: readonly [name: string, pick: (r: ServerRound) => number, ratio: boolean][] = [
  ['p50 (ms)', (r) => r.all.p50, true],
  ['p99 (ms)', (r) => r.all.p99, true],
  ['max (ms)', (r) => r.all.max, true],
  ['throughput (req/s)', (r) => r.throughput, true],
  ['server CPU (µs/req)', (r) => r.cpuUsPerRequest, true],
  ['client CPU (µs/req)', (r) => r.clientCpuUsPerRequest, false],
  ['answer body (bytes)', (r) => r.answerBytes, false],
  ['RSS after (MB)', (r) => r.rssMB, false],
];

const num = (n: number) => (Number.isNaN(n) ? '—' : n >= 100 ? n.toFixed(0) : n.toFixed(1));
const times = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(2)}×`);

function table(widths: readonly number[], rows: readonly (readonly string[])[]): string[] {
  return rows.map((cells) => cells.map((c, k) => (k === 0 ? c.padEnd(widths[k] ?? 0) : c.padStart(widths[k] ?? 0))).join('  '));
}

/** The comparison table, with a heading that says how it was measured, and our bot's latency by kind. */
export function httpTable(result: HttpResult): string {
  const { mix } = result;
  const head = [
    `http: ${String(result.requests)} signed interactions per run (search ${String(mix.search)}, show ${String(mix.show)}, autocomplete ${String(mix.autocomplete)};` +
      ` ${(result.repeatShare * 100).toFixed(0)}% repeat an earlier one), ${String(result.concurrency)} in flight on keep-alive connections,`,
    `after ${String(result.warmup)} other warm-up interactions; ${String(result.rounds.length)} round${result.rounds.length === 1 ? '' : 's'}, each server a fresh process, order rotating; Node ${result.node}.`,
    `machine: ${String(result.cpus)} CPUs, load average ${result.load[0].toFixed(1)} at the start, ${result.load[1].toFixed(1)} at the end` +
      ' (above the CPU count, other processes compete with the servers and the figures are noisy).',
    `At ${String(result.concurrency)} in flight every server runs flat out: latency ≈ requests in flight ÷ throughput, so the latency ratios follow CPU per request.`,
    'latency: request written → whole answer read, on 127.0.0.1. Medians over rounds:',
  ];
  const rows = FIGURES.map(([name, pick, ratio]) => {
    const warn = med(result, 'bot-warn', pick);
    const info = med(result, 'bot-info', pick);
    const bare = med(result, 'bare', pick);
    return [
      name,
      num(warn),
      num(info),
      num(bare),
      ratio ? times(warn / bare) : '',
      ratio ? times(info / bare) : '',
      ratio
        ? roundRatios(result, 'bot-warn', pick)
            .map((r) => r.toFixed(2))
            .join(', ')
        : '',
    ];
  });
  const kinds = HTTP_KINDS.map((kind) => {
    const p = (server: ServerName, q: 'p50' | 'p99') => num(med(result, server, (r) => r.byKind[kind]?.[q] ?? NaN));
    return [`  ${kind}`, `${p('bot-warn', 'p50')} / ${p('bot-warn', 'p99')}`, `${p('bot-info', 'p50')} / ${p('bot-info', 'p99')}`];
  });
  return [
    ...head,
    ...table(
      [22, 10, 10, 8, 10, 10, 22],
      [['', 'bot warn', 'bot info', 'bare', 'warn÷bare', 'info÷bare', 'warn÷bare each round'], ...rows],
    ),
    '',
    'our bot by kind, p50 / p99 (ms):',
    ...table([22, 15, 15], [['', 'bot warn', 'bot info'], ...kinds]),
  ].join('\n');
}

/** The bound (p50 and p99 within 1.25× the bare endpoint's, at LOG_LEVEL warn and info), and every answer sound. */
export function httpTargets(result: HttpResult): Target[] {
  const failures = result.rounds.flat().flatMap((r) => r.failures.map((f) => `${r.server}: ${f}`));
  const bounds = (['bot-warn', 'bot-info'] as const).flatMap((server) =>
    (['p50', 'p99'] as const).map((q) => {
      const ours = med(result, server, (r) => r.all[q]);
      const bare = med(result, 'bare', (r) => r.all[q]);
      return {
        name: `http ${q} ${server === 'bot-warn' ? 'LOG_LEVEL=warn' : 'LOG_LEVEL=info'} ≤ ${String(HTTP_LIMIT)}× bare`,
        pass: ours / bare <= HTTP_LIMIT,
        detail: `${times(ours / bare)} (${num(ours)} vs ${num(bare)} ms)`,
      };
    }),
  );
  return [
    ...bounds,
    {
      name: 'http answers all sound',
      pass: failures.length === 0,
      detail: failures.length === 0 ? 'every answer 200 and well-formed, no error logged' : failures.slice(0, 3).join('; '),
    },
  ];
}
