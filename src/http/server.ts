/**
 * The bot's HTTP server, on node:http (a handful of routes need no framework, and node:http gives
 * full control of the raw body the signature covers). In both modes it serves /healthz, /readyz
 * and /metrics; in http mode it is also Discord's Interactions Endpoint (POST / or /interactions).
 */
import type { REST } from '@discordjs/rest';
import { InteractionResponseType, InteractionType, type APIInteraction } from 'discord-api-types/v10';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Incoming } from '../../commands/types.js';
import { resolveLocale, t } from '../i18n/index.js';
import type { Logger } from '../runtime/log.js';
import { rateLimited } from '../runtime/log.js';
import type { Metrics } from '../runtime/metrics.js';
import type { Outcome, Perform } from '../runtime/responder.js';
import { DEFER_AFTER_MS, Exchange, toIncoming, type AnswerableInteraction } from './interactions.js';
import type { SignatureCheck } from './signature.js';
import { Turns } from './turns.js';

/** The largest request body read; Discord's interactions are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface InteractionsEndpoint {
  checkSignature: SignatureCheck;
  /** For webhook follow-ups and pins; carries the bot token and DISCORD_API_URL. */
  rest: REST;
  respond: (incoming: Incoming, perform: Perform) => Promise<Outcome>;
  /** Defaults to DEFER_AFTER_MS; tests shorten it. */
  deferAfterMs?: number;
}

export interface HttpServerOptions {
  log: Logger;
  metrics: Metrics;
  /** Undefined when ready to serve, otherwise why not (for /readyz and for interactions arriving too early). */
  notReady: () => string | undefined;
  /** Present in http mode only. */
  interactions?: InteractionsEndpoint | undefined;
}

class RequestProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  if (res.headersSent) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The whole body, or RequestProblem(413) as soon as it grows past the limit (without reading the rest). */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new RequestProblem(413, 'request body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new RequestProblem(413, 'request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export class HttpServer {
  private readonly server: Server;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Interactions are answered one per event-loop turn, so new connections are taken on while the bot is busy. */
  private readonly turns = new Turns();
  private stopping = false;
  // A stranger can send garbage all day: log it, but not a line per request.
  private readonly warnRejected: ReturnType<typeof rateLimited>;

  constructor(private readonly options: HttpServerOptions) {
    this.warnRejected = rateLimited(options.log, 'warn', { perMinute: 20 });
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: unknown) => {
        options.log.error({ err }, 'HTTP request failed');
        send(res, 500, { error: 'internal error' });
      });
    });
    // Discord keeps connections open; a slow or idle client must not hold the process at shutdown.
    this.server.keepAliveTimeout = 65_000;
    this.server.requestTimeout = 10_000;
  }

  /** Listens on `port` (0 picks a free one) and resolves with the port. */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  /** Interactions being answered now. */
  get busy(): number {
    return this.inFlight.size;
  }

  /**
   * Graceful stop: refuse new work (readiness turns 503 so a load balancer stops sending), wait
   * for answers in flight at most `graceMs`, then close every connection.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    const closed = new Promise<void>((resolve) =>
      this.server.close(() => {
        resolve();
      }),
    );
    this.server.closeIdleConnections();
    const deadline = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled([...this.inFlight]), deadline]);
    this.server.closeAllConnections();
    await closed;
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (path === '/healthz') {
        send(res, 200, { status: 'alive' });
        return;
      }
      if (path === '/readyz') {
        const why = this.stopping ? 'shutting down' : this.options.notReady();
        if (why) send(res, 503, { status: 'not ready', reason: why });
        else send(res, 200, { status: 'ready' });
        return;
      }
      if (path === '/metrics') {
        const { contentType, body } = await this.options.metrics.exposition();
        send(res, 200, body, contentType);
        return;
      }
    }
    const endpoint = this.options.interactions;
    if (endpoint && (path === '/' || path === '/interactions')) {
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        send(res, 405, { error: 'use POST' });
        return;
      }
      const work = this.interaction(endpoint, req, res);
      this.inFlight.add(work);
      try {
        await work;
      } finally {
        this.inFlight.delete(work);
      }
      return;
    }
    send(res, 404, { error: 'not found' });
  }

  private async interaction(endpoint: InteractionsEndpoint, req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (err) {
      if (!(err instanceof RequestProblem)) throw err;
      this.warnRejected({ status: 413 }, 'interaction request refused: body too large');
      res.setHeader('connection', 'close');
      send(res, 413, { error: err.message });
      return;
    }
    const signature = req.headers['x-signature-ed25519'];
    const timestamp = req.headers['x-signature-timestamp'];
    if (
      !endpoint.checkSignature(
        typeof signature === 'string' ? signature : undefined,
        typeof timestamp === 'string' ? timestamp : undefined,
        body,
      )
    ) {
      this.warnRejected({ status: 401 }, 'interaction request refused: missing, wrong or stale signature');
      send(res, 401, { error: 'invalid request signature' });
      return;
    }
    let interaction: APIInteraction;
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { type?: unknown }).type !== 'number')
        throw new Error('not an interaction');
      interaction = parsed as APIInteraction;
    } catch {
      this.warnRejected({ status: 400 }, 'interaction request refused: not an interaction in JSON');
      send(res, 400, { error: 'body is not an interaction in JSON' });
      return;
    }
    if (interaction.type === InteractionType.Ping) {
      send(res, 200, { type: InteractionResponseType.Pong });
      return;
    }
    if (this.stopping) {
      send(res, 503, { error: 'shutting down' });
      return;
    }
    const why = this.options.notReady();
    if (why) {
      send(res, 503, { error: `not ready: ${why}` });
      return;
    }
    await this.answer(endpoint, interaction, res);
  }

  private async answer(endpoint: InteractionsEndpoint, interaction: AnswerableInteraction, res: ServerResponse): Promise<void> {
    let incoming: Incoming | undefined;
    try {
      incoming = toIncoming(interaction);
    } catch {
      this.warnRejected({ status: 400, type: interaction.type }, 'interaction request refused: fields missing');
      send(res, 400, { error: 'interaction is missing required fields' });
      return;
    }
    let finished!: () => void;
    const written = new Promise<void>((resolve) => (finished = resolve));
    res.once('finish', finished);
    res.once('close', finished);
    const exchange = new Exchange(interaction, endpoint.rest, () => written);
    if (!incoming) {
      // A type the bot never registers for (a modal, or one Discord adds later): say so, if it can be answered at all.
      if (interaction.type === InteractionType.ApplicationCommandAutocomplete) {
        send(res, 200, { type: 8, data: { choices: [] } });
        return;
      }
      exchange.notice(t(resolveLocale('locale' in interaction ? interaction.locale : undefined), 'error.old-button'));
      send(res, 200, await exchange.body);
      return;
    }
    const deferral = setTimeout(() => {
      exchange.defer();
    }, endpoint.deferAfterMs ?? DEFER_AFTER_MS);
    // The deferral's clock runs while the interaction waits its turn.
    await this.turns.take();
    const done = endpoint.respond(incoming, (response) => exchange.perform(response));
    // Answer as soon as the first answer (or a deferral) is known; the work may go on through the webhook.
    const first = await Promise.race([exchange.body, done.then(() => exchange.body)]);
    clearTimeout(deferral);
    send(res, 200, first);
    await done;
  }
}
