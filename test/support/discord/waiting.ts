import type { EventEmitter } from 'node:events';

const POLL_MS = 5;

export interface WaitOptions {
  timeoutMs: number;
  /** Aborting (the stand-in closing) rejects the wait at once instead of letting it time out. */
  signal?: AbortSignal | undefined;
  /** Builds the failure message; called only on timeout, so it may list recent traffic. */
  describe: () => string;
}

/**
 * Polls `probe` until it returns a value. Polling (rather than listeners) means a
 * wait started after the event still sees it, and every timer is cleared on exit.
 */
export function waitUntil<T>(probe: () => T | undefined, options: WaitOptions): Promise<T> {
  const first = probe();
  if (first !== undefined) return Promise.resolve(first);
  return new Promise<T>((resolve, reject) => {
    const started = Date.now();
    const finish = (settle: () => void): void => {
      clearInterval(timer);
      options.signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = (): void => {
      finish(() => {
        reject(new Error(`Stand-in closed while waiting: ${options.describe()}`));
      });
    };
    const timer = setInterval(() => {
      const value = probe();
      if (value !== undefined)
        finish(() => {
          resolve(value);
        });
      else if (Date.now() - started >= options.timeoutMs) {
        finish(() => {
          reject(new Error(`Timed out after ${options.timeoutMs} ms: ${options.describe()}`));
        });
      }
    }, POLL_MS);
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Resolves with the arguments of the next `event`, or rejects after `timeoutMs` with a
 * message naming the event (node's `once` with a timeout signal only says "aborted").
 */
export function nextEvent<A extends unknown[] = unknown[]>(
  emitter: Pick<EventEmitter, 'once' | 'off'>,
  event: string,
  timeoutMs: number,
): Promise<A> {
  return new Promise<A>((resolve, reject) => {
    const listener = (...args: unknown[]): void => {
      clearTimeout(timer);
      resolve(args as A);
    };
    const timer = setTimeout(() => {
      emitter.off(event, listener);
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for the '${event}' event`));
    }, timeoutMs);
    emitter.once(event, listener);
  });
}
