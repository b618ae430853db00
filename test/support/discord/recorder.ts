import type { IncomingHttpHeaders } from 'node:http';
import type { UploadedFile } from './http-io.js';
import { compilePattern } from './router.js';
import { waitUntil } from './waiting.js';

/** One REST request as the stand-in received and answered it. */
export interface RecordedRequest {
  method: string;
  /** Decoded path without `/api/v10` and without the query, e.g. `/webhooks/1/abc/messages/@original`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON (or multipart `payload_json`); null when the request had no body. */
  body: unknown;
  files: UploadedFile[];
  /** `performance.now()` when the request arrived. */
  at: number;
  /** The status the stand-in answered with (including injected faults). */
  status: number;
}

/** Either a predicate or a description: method, route pattern (`/channels/:id/messages`) and status. */
export type RequestMatcher = ((request: RecordedRequest) => boolean) | { method?: string; route?: string | RegExp; status?: number };

/** Turns a matcher into a predicate plus a label for timeout messages. */
export function toPredicate(matcher: RequestMatcher): { test: (r: RecordedRequest) => boolean; label: string } {
  if (typeof matcher === 'function') return { test: matcher, label: 'a request matching the predicate' };
  const regex = typeof matcher.route === 'string' ? compilePattern(matcher.route) : matcher.route;
  const test = (r: RecordedRequest): boolean =>
    (matcher.method === undefined || r.method === matcher.method.toUpperCase()) &&
    (regex === undefined || regex.test(r.path)) &&
    (matcher.status === undefined || r.status === matcher.status);
  const parts = [matcher.method ?? '*', String(matcher.route ?? '*'), matcher.status === undefined ? '' : `→ ${matcher.status}`];
  return { test, label: parts.join(' ').trim() };
}

/** The log of every REST request, with lookups and bounded waits for tests. */
export class RequestLog {
  private readonly entries: RecordedRequest[] = [];

  constructor(private readonly signal: AbortSignal) {}

  add(entry: RecordedRequest): void {
    this.entries.push(entry);
  }

  get all(): readonly RecordedRequest[] {
    return this.entries;
  }

  filter(matcher: RequestMatcher): RecordedRequest[] {
    const { test } = toPredicate(matcher);
    return this.entries.filter(test);
  }

  find(matcher: RequestMatcher): RecordedRequest | undefined {
    return this.entries.find(toPredicate(matcher).test);
  }

  /** Resolves with the first matching request, already received or still to come. */
  waitFor(matcher: RequestMatcher, timeoutMs: number): Promise<RecordedRequest> {
    const { test, label } = toPredicate(matcher);
    return waitUntil(() => this.entries.find(test), {
      timeoutMs,
      signal: this.signal,
      describe: () => `waiting for ${label}. ${this.describeRecent()}`,
    });
  }

  /** The last requests as `METHOD path → status` lines, for failure messages. */
  describeRecent(count = 10): string {
    if (this.entries.length === 0) return 'No requests were received.';
    const lines = this.entries.slice(-count).map((r) => `  ${r.method} ${r.path} → ${r.status}`);
    return `Last ${lines.length} of ${this.entries.length} requests:\n${lines.join('\n')}`;
  }

  clear(): void {
    this.entries.length = 0;
  }
}
