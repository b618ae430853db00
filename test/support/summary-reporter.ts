import type { Reporter } from 'vitest/reporters';

type Task = { type: string; mode?: string; result?: { state?: string }; tasks?: Task[] };

function count(tasks: readonly Task[], totals: { passed: number; failed: number; skipped: number }): void {
  for (const t of tasks) {
    if (t.tasks) count(t.tasks, totals);
    if (t.type !== 'test') continue;
    const state = t.result?.state;
    if (state === 'pass') totals.passed++;
    else if (state === 'fail') totals.failed++;
    else totals.skipped++;
  }
}

/** Ends the run with one plain line, `N passed, N failed`, that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
  onFinished(files: readonly Task[] = []): void {
    const totals = { passed: 0, failed: 0, skipped: 0 };
    count(files, totals);
    const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
    process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
  }
}
