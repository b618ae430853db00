import type { IncomingHttpHeaders } from 'node:http';
import type { UploadedFile } from './http-io.js';

/** What a route handler sees: the decoded path without `/api/v10`, its parameters and the parsed body. */
export interface RouteRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
  files: UploadedFile[];
}

export interface RouteResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = (request: RouteRequest) => RouteResponse;

export interface Route {
  method: string;
  pattern: string;
  /** Whether Discord requires `Authorization: Bot <token>` here (interaction callbacks and webhooks do not). */
  auth: boolean;
  handle: RouteHandler;
  regex: RegExp;
}

/** Discord's JSON error codes the stand-in answers with. */
export const ErrorCode = {
  General: 0,
  UnknownApplication: 10002,
  UnknownChannel: 10003,
  UnknownMessage: 10008,
  UnknownWebhook: 10015,
  UnknownInteraction: 10062,
  InteractionAlreadyAcknowledged: 40060,
  MissingAccess: 50001,
  InvalidFormBody: 50035,
} as const;

/** An error answer in Discord's shape: `{ message, code }`. */
export function discordError(status: number, message: string, code: number = ErrorCode.General): RouteResponse {
  return { status, body: { message, code } };
}

/** Turns `/channels/:channel/messages/:message` into a regex; `*` alone matches any path. */
export function compilePattern(pattern: string): RegExp {
  if (pattern === '*') return /^.*$/;
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : escapeRegex(segment)))
    .join('/');
  return new RegExp(`^${source}$`);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Declares a route; auth defaults to true like most of Discord's API. */
export function route(method: string, pattern: string, handle: RouteHandler, options: { auth?: boolean } = {}): Route {
  return { method, pattern, auth: options.auth ?? true, handle, regex: compilePattern(pattern) };
}

export type RouteMatch = { kind: 'found'; route: Route; params: Record<string, string> } | { kind: 'wrong-method' } | { kind: 'not-found' };

/** Finds the first route for a method and path; the first declared wins, so list specific routes first. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  let pathKnown = false;
  for (const candidate of routes) {
    const match = candidate.regex.exec(path);
    if (!match) continue;
    if (candidate.method !== method) {
      pathKnown = true;
      continue;
    }
    return { kind: 'found', route: candidate, params: { ...match.groups } };
  }
  return pathKnown ? { kind: 'wrong-method' } : { kind: 'not-found' };
}

/** What route modules share: the store and a few stand-in settings. */
export interface RouteContext {
  store: import('./store.js').DiscordStore;
  /** The gateway URL announced by `GET /gateway/bot` (known once the server listens). */
  gatewayUrl: () => string;
  /** When set, callbacks later than this after delivery get "Unknown interaction", like Discord's 3 s rule. */
  callbackDeadlineMs: () => number | undefined;
  /** What `GET /gateway/bot` reports: the recommended shard count and how many may IDENTIFY at once. */
  sharding: () => { shards: number; maxConcurrency: number };
}
