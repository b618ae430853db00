import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Every test is bounded so a hang fails instead of stalling CI.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
  },
});
