import type fc from 'fast-check';

/**
 * Parameters for every `fc.assert`. Property tests explore new random inputs on each local run,
 * but CI replays one fixed seed so a landing never hinges on luck. FC_SEED=<n> replays the seed a
 * failure printed; FC_RUNS=<factor> multiplies the run counts for a longer soak, e.g.
 * `FC_RUNS=20 npx vitest run test/render`.
 */
export function propertyRuns(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20_261_121 : undefined;
  const factor = Math.max(1, Number(process.env.FC_RUNS ?? 1) || 1);
  return { numRuns: Math.round(numRuns * factor), ...(seed === undefined ? {} : { seed }) };
}
