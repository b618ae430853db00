import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIApplicationCommand } from 'discord.js';
import { FaultQueue, type FaultOptions } from './faults.js';
import { parseBody, readBody, writeResponse } from './http-io.js';
import type { StoredMessage } from './messages.js';
import { RequestLog, type RecordedRequest, type RequestMatcher } from './recorder.js';
import { restRoutes } from './rest-routes.js';
import { seedableCommands } from './routes-commands.js';
import { discordError, matchRoute, type Route, type RouteContext, type RouteResponse } from './router.js';

const PREFIX = '/api/v10';

/** The HTTP half of the stand-in: routes, request log, planned faults and token rejection. */
export class RestStandIn {
  private readonly log: RequestLog;
  private readonly faults = new FaultQueue();
  private readonly routes: Route[];
  private rejectingToken: boolean;

  constructor(
    private readonly context: RouteContext,
    signal: AbortSignal,
    rejectToken: boolean,
  ) {
    this.log = new RequestLog(signal);
    this.routes = restRoutes(context);
    this.rejectingToken = rejectToken;
  }

  /** Every request so far, in arrival order. */
  get requests(): readonly RecordedRequest[] {
    return this.log.all;
  }

  /** Requests matching a predicate or `{ method, route, status }`. */
  findRequests(matcher: RequestMatcher): RecordedRequest[] {
    return this.log.filter(matcher);
  }

  /** The first matching request, already received or still to come; rejects listing recent requests on timeout. */
  waitForRequest(matcher: RequestMatcher, timeoutMs = 5000): Promise<RecordedRequest> {
    return this.log.waitFor(matcher, timeoutMs);
  }

  /** Makes the next `times` matching requests fail, e.g. `failNext('POST', '/interactions/:id/:token/callback', { status: 429 })`. */
  failNext(method: string, route: string | RegExp, options: FaultOptions): void {
    this.faults.add(method, route, options);
  }

  /** Planned failures not yet used. */
  get pendingFaults(): number {
    return this.faults.pending;
  }

  /** While on, every authenticated route (including `/gateway/bot`) answers 401, as for a revoked token. */
  setRejectToken(reject: boolean): void {
    this.rejectingToken = reject;
  }

  /** Stores commands as if a previous deploy had registered them (`guildId` omitted: global). */
  seedCommands(definitions: readonly unknown[], guildId?: string): APIApplicationCommand[] {
    const scope = guildId ?? null;
    const commands = seedableCommands(definitions, scope);
    this.context.store.setCommands(scope, commands);
    return commands;
  }

  /** The registered commands of a scope (`guildId` omitted: global). */
  commands(guildId?: string): APIApplicationCommand[] {
    return this.context.store.commands(guildId ?? null);
  }

  /** A stored message (reply, follow-up or channel message) by id. */
  message(id: string): StoredMessage | undefined {
    return this.context.store.messages.get(id);
  }

  /** Forgets recorded requests (state such as messages and commands is kept). */
  clearRequests(): void {
    this.log.clear();
  }

  /** Answers one HTTP request; every request is recorded with the status it got. */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const at = performance.now();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = (request.method ?? 'GET').toUpperCase();
    let path = safeDecode(url.pathname);
    const versioned = path.startsWith(`${PREFIX}/`);
    if (versioned) path = path.slice(PREFIX.length);
    let parsed: Awaited<ReturnType<typeof parseBody>> = { body: null, files: [] };
    let answer: RouteResponse;
    try {
      parsed = await parseBody(await readBody(request), request.headers['content-type']);
      answer = versioned ? this.answer(method, path, url.searchParams, request, parsed) : notFound();
    } catch (error) {
      answer = discordError(500, `stand-in error: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.log.add({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: parsed.body,
      files: parsed.files,
      at,
      status: answer.status,
    });
    writeResponse(response, answer.status, answer.body, answer.headers);
  }

  private answer(
    method: string,
    path: string,
    query: URLSearchParams,
    request: IncomingMessage,
    parsed: Awaited<ReturnType<typeof parseBody>>,
  ): RouteResponse {
    const fault = this.faults.take(method, path);
    if (fault) return fault;
    const match = matchRoute(this.routes, method, path);
    if (match.kind === 'not-found') return notFound();
    if (match.kind === 'wrong-method') return discordError(405, '405: Method Not Allowed');
    const authorization = request.headers.authorization ?? '';
    if (match.route.auth && (this.rejectingToken || !authorization.startsWith('Bot '))) {
      return discordError(401, '401: Unauthorized');
    }
    return match.route.handle({ method, path, params: match.params, query, headers: request.headers, ...parsed });
  }
}

function notFound(): RouteResponse {
  return discordError(404, '404: Not Found');
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
