import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { burstFigures, burstTable, burstTargets } from '../../bench/burst-report.js';
import { runBurst, type BotRound, type BurstResult } from '../../bench/burst-run.js';
import type { Latency } from '../../bench/measure.js';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { ROOT } from '../helpers/compiled.js';

const lat = (p50: number, p99: number): Latency => ({ p50, p99, max: p99, count: 200 });
const round = (bot: 'ours' | 'bare', scale: number, failures: string[] = []): BotRound => ({
  bot,
  readyMs: 500 * scale,
  rssAtReadyMB: 100 * scale,
  autocomplete: lat(60 * scale, 80 * scale),
  search: lat(70 * scale, 90 * scale),
  idleRssMB: 120 * scale,
  failures,
});
const result = (rounds: BotRound[][]): BurstResult => ({ node: 'v24.0.0', count: 200, seed: 11, shortInputs: 67, rounds });

describe('the burst report', () => {
  it('takes the median of the rounds for each bot, and ours ÷ bare from those medians and within each round', () => {
    const figures = burstFigures(
      result([
        [round('ours', 1.1), round('bare', 1)],
        [round('ours', 3), round('bare', 2)],
        [round('ours', 1.2), round('bare', 1)],
      ]),
    );
    const p50 = figures.find((f) => f.name === 'autocomplete p50');
    expect(p50?.ours).toBeCloseTo(72);
    expect(p50?.bare).toBeCloseTo(60);
    expect(p50?.ratio).toBeCloseTo(1.2);
    expect(p50?.roundRatios.map((r) => Number(r.toFixed(2)))).toEqual([1.1, 1.5, 1.2]);
    expect(figures.map((f) => [f.name, f.limit])).toEqual([
      ['autocomplete p50', 1.25],
      ['autocomplete p99', 1.25],
      ['search p50', 1.5],
      ['search p99', 1.5],
      ['cold start to ready', 1.5],
      ['idle RSS after the bursts', 1.5],
    ]);
  });

  it('passes a figure within its bound, fails one beyond it, and fails the run on any bad answer', () => {
    const within = burstTargets(result([[round('ours', 1.2), round('bare', 1)]]));
    expect(within.filter((t) => !t.pass)).toEqual([]);
    const beyond = burstTargets(result([[round('ours', 1.3, ['search "kit": callback refused with 404']), round('bare', 1)]]));
    expect(beyond.filter((t) => !t.pass).map((t) => t.name)).toEqual([
      'burst autocomplete p50 ≤ 1.25× bare',
      'burst autocomplete p99 ≤ 1.25× bare',
      'burst answers all sound',
    ]);
    expect(beyond.at(-1)?.detail).toBe('ours: search "kit": callback refused with 404');
  });

  it('prints one row per figure under a heading that says how it was measured', () => {
    const table = burstTable(result([[round('ours', 1.5), round('bare', 1)]]));
    expect(table).toContain('1 round; each bot in fresh processes');
    expect(table).toMatch(/^autocomplete p50 \(ms\) +90\.0 +60\.0 +1\.50× +1\.50$/m);
    expect(table).toMatch(/^idle RSS after the bursts \(MB\) +180 +120 +1\.50× +1\.50$/m);
  });
});

describe('the burst benchmark', () => {
  it('runs both compiled bots in fresh processes and times every answer', async () => {
    const loaded = await loadCatalogue(path.join(ROOT, 'catalogue'));
    if (!loaded.ok) throw new Error('the shipped catalogue is invalid');
    const lines: string[] = [];
    const run = await runBurst(loaded.catalogue, { rounds: 1, count: 12, seed: 5, log: (line) => lines.push(line) });

    expect(run.count).toBe(12);
    expect(run.shortInputs).toBe(4);
    expect(run.rounds).toHaveLength(1);
    expect(run.rounds[0]?.map((r) => r.bot)).toEqual(['ours', 'bare']);
    for (const r of run.rounds[0] ?? []) {
      expect(r.failures).toEqual([]);
      expect(r.autocomplete.count).toBe(12);
      expect(r.search.count).toBe(12);
      expect(r.autocomplete.p50).toBeGreaterThan(0);
      expect(r.readyMs).toBeGreaterThan(0);
      expect(r.idleRssMB).toBeGreaterThan(10);
    }
    expect(lines).toEqual([expect.stringMatching(/^ {2}round 1 ours: ready \d+/), expect.stringMatching(/^ {2}round 1 bare: ready \d+/)]);
  }, 60_000);
});
