/**
 * The network side of `catalogue:verify`: one request with a timeout, retried on 429, 5xx and
 * network errors (honouring Retry-After), redirects followed by hand so each hop is seen.
 */

export interface HttpOptions {
  /** Per attempt, including reading the body. */
  timeoutMs: number;
  /** Further attempts after the first, for 429, 5xx, timeouts and network errors. */
  retries: number;
  /** First back-off when the server gives no Retry-After; doubles each attempt. */
  retryDelayMs: number;
  /** A Retry-After longer than this is not waited for: the check reports the server unreachable. */
  maxRetryWaitMs: number;
  userAgent: string;
  maxRedirects?: number;
}

/** One redirect on the way: its status and where it pointed. */
export interface Hop {
  status: number;
  to: string;
}

export type HttpResult =
  | { reached: true; status: number; url: string; hops: Hop[]; body?: unknown }
  | { reached: false; reason: string; hops: Hop[] };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RETRYABLE = (status: number) => status === 429 || status >= 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as milliseconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

type Attempt = { kind: 'response'; status: number; location: string | null; retryAfter: string | null; body?: unknown } | { kind: 'error'; reason: string };

async function attempt(url: string, method: string, wantJson: boolean, options: HttpOptions): Promise<Attempt> {
  try {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { 'user-agent': options.userAgent, accept: wantJson ? 'application/json' : '*/*' },
    });
    let body: unknown;
    if (wantJson && res.status >= 200 && res.status < 300) body = await res.json();
    else await res.body?.cancel();
    return { kind: 'response', status: res.status, location: res.headers.get('location'), retryAfter: res.headers.get('retry-after'), body };
  } catch (err) {
    return { kind: 'error', reason: describeError(err, options.timeoutMs) };
  }
}

/** One URL, retried while the failure looks temporary; gives the last response or why none came. */
async function withRetries(url: string, method: string, wantJson: boolean, options: HttpOptions): Promise<Attempt> {
  let last: Attempt = { kind: 'error', reason: 'not tried' };
  for (let n = 0; n <= options.retries; n++) {
    last = await attempt(url, method, wantJson, options);
    const temporary = last.kind === 'error' || RETRYABLE(last.status);
    if (!temporary || n === options.retries) return last;
    const asked = last.kind === 'response' ? retryAfterMs(last.retryAfter) : undefined;
    if (asked !== undefined && asked > options.maxRetryWaitMs) {
      return { kind: 'error', reason: `HTTP ${last.kind === 'response' ? last.status : ''} and asked to retry after ${Math.ceil(asked / 1000)} s` };
    }
    await sleep(asked ?? options.retryDelayMs * 2 ** n);
  }
  return last;
}

/**
 * Requests `url`, following redirects by hand up to `maxRedirects`. `reached` means a server answered
 * with something other than a redirect; 429 and 5xx that outlast the retries count as not reached.
 */
export async function request(url: string, options: HttpOptions & { method?: 'GET' | 'HEAD'; json?: boolean }): Promise<HttpResult> {
  const hops: Hop[] = [];
  const maxRedirects = options.maxRedirects ?? 5;
  let current = url;
  for (;;) {
    const result = await withRetries(current, options.method ?? 'GET', options.json ?? false, options);
    if (result.kind === 'error') return { reached: false, reason: result.reason, hops };
    if (RETRYABLE(result.status)) return { reached: false, reason: `HTTP ${result.status} after ${options.retries + 1} tries`, hops };
    if (REDIRECTS.has(result.status) && result.location !== null) {
      if (hops.length >= maxRedirects) return { reached: true, status: result.status, url: current, hops };
      const next = new URL(result.location, current).toString();
      hops.push({ status: result.status, to: next });
      current = next;
      continue;
    }
    return { reached: true, status: result.status, url: current, hops, ...(result.body === undefined ? {} : { body: result.body }) };
  }
}
