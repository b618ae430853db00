/**
 * Long work that can share the event loop: a generator that yields between small steps. Run now, it is
 * plain synchronous code; run in turns, it gives the loop back whenever a slice of time is used up, so a
 * reload of a large catalogue never holds an interaction past its deadline.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** How long one turn may hold the event loop: a fraction of an interaction's 3-second window. */
export const TURN_MS = 15;

const giveBack = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs the steps, giving the event loop back after each `turnMs` of work. */
export async function runInTurns<T>(steps: Steps<T>, turnMs = TURN_MS): Promise<T> {
  let started = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - started >= turnMs) {
      await giveBack();
      started = performance.now();
    }
  }
}
