import type { Reporter, TestModule } from 'vitest/node';

/** Ends the run with one plain line, `N passed, N failed`, that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const totals = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') totals.passed++;
        else if (state === 'failed') totals.failed++;
        else totals.skipped++;
      }
    }
    const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
    process.stdout.write(`\ntests: ${String(totals.passed)} passed, ${String(totals.failed)} failed${skipped}\n`);
  }
}
