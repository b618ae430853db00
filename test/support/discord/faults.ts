import { STATUS_CODES } from 'node:http';
import { compilePattern, type RouteResponse } from './router.js';

export interface FaultOptions {
  /** The status to answer with, e.g. 429, 500, 502, 403. */
  status: number;
  /** How many matching requests fail before the route answers normally again (default 1). */
  times?: number;
  /** For 429: seconds to wait, sent as `retry_after` and `retry-after` (default 0.25; fractions work). */
  retryAfter?: number;
  /** For 429: mark the limit as global instead of per-route. */
  global?: boolean;
  /** Replaces the default JSON error body. */
  body?: unknown;
}

interface Fault {
  method: string;
  regex: RegExp;
  remaining: number;
  options: FaultOptions;
}

/** Planned failures, consumed in the order they were added. */
export class FaultQueue {
  private readonly faults: Fault[] = [];

  /** Plans `times` failures for requests whose method and decoded path match (`*` matches any method). */
  add(method: string, route: string | RegExp, options: FaultOptions): void {
    const regex = typeof route === 'string' ? compilePattern(route) : route;
    this.faults.push({ method: method.toUpperCase(), regex, remaining: options.times ?? 1, options });
  }

  /** The failure answer for this request, if one is planned; consumes it. */
  take(method: string, path: string): RouteResponse | undefined {
    const fault = this.faults.find((f) => (f.method === '*' || f.method === method) && f.regex.test(path));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults.splice(this.faults.indexOf(fault), 1);
    return faultResponse(fault.options);
  }

  /** Failures still planned (so a test can assert they were all used). */
  get pending(): number {
    return this.faults.reduce((sum, fault) => sum + fault.remaining, 0);
  }

  clear(): void {
    this.faults.length = 0;
  }
}

function faultResponse(options: FaultOptions): RouteResponse {
  if (options.status !== 429) {
    const message = `${options.status}: ${STATUS_CODES[options.status] ?? 'Error'}`;
    return { status: options.status, body: options.body ?? { message, code: 0 } };
  }
  // @discordjs/rest waits for the `retry-after` header (seconds) and retries the same request.
  const retryAfter = options.retryAfter ?? 0.25;
  const global = options.global ?? false;
  const headers: Record<string, string> = {
    'retry-after': String(retryAfter),
    'x-ratelimit-scope': global ? 'global' : 'user',
  };
  if (global) headers['x-ratelimit-global'] = 'true';
  const body = options.body ?? { message: 'You are being rate limited.', retry_after: retryAfter, global, code: 0 };
  return { status: 429, body, headers };
}
