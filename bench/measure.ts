import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A forced full GC when the runtime allows one (it does once --expose-gc is set from inside). */
function findGc(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

const gc = findGc();
export const hasGc = gc !== undefined;

/** Heap in use after collecting garbage (twice: weak references free more on the second pass). */
export function settledHeap(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

/** Milliseconds `fn` took, and its result. */
export function timed<T>(fn: () => T): { ms: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** Nearest-rank percentiles of per-call times. */
export function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, count: sorted.length };
}
