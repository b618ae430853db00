import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The default output for people, then one plain summary line for CI logs.
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Every test is bounded so a hang fails instead of stalling CI.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
    // `npm run coverage`: what the tests run in this process. The end-to-end tests also start the
    // compiled bot as a child process, whose lines are not counted here.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'commands/**/*.ts'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'coverage',
    },
  },
});
