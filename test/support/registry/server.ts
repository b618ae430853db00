import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/**
 * A stand-in for package registries and web servers on 127.0.0.1, for `catalogue:verify` tests.
 * Each path answers from a script of responses (the last one repeats), so a test can serve a 429
 * then a 200, a redirect, a 404, or a request that never gets an answer.
 */

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  /** Never answer: the client's timeout has to end the request. */
  hang?: boolean;
}

export interface StandIn {
  /** "http://127.0.0.1:PORT" or "https://127.0.0.1:PORT". */
  readonly url: string;
  /** When each request for `path` (method and path, e.g. "GET /x") arrived, in ms since the epoch. */
  hits(path: string): number[];
  close(): Promise<void>;
}

/** The self-signed certificate the HTTPS stand-in serves, for NODE_EXTRA_CA_CERTS in a child process. */
export const STAND_IN_CERT = path.join(import.meta.dirname, 'localhost-cert.pem');
const STAND_IN_KEY = path.join(import.meta.dirname, 'localhost-key.pem');

/** Starts a stand-in answering `routes` (keyed by path, any method); unknown paths get 404. */
export async function startStandIn(routes: Record<string, Reply | Reply[]>, { https = false } = {}): Promise<StandIn> {
  const served = new Map<string, number>();
  const hits = new Map<string, number[]>();
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const key = `${req.method ?? 'GET'} ${url.pathname}`;
    hits.set(key, [...(hits.get(key) ?? []), Date.now()]);
    const script = routes[url.pathname];
    if (script === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const list = Array.isArray(script) ? script : [script];
    const n = served.get(url.pathname) ?? 0;
    served.set(url.pathname, n + 1);
    const reply = list[Math.min(n, list.length - 1)] ?? {};
    if (reply.hang) return;
    const body = reply.json === undefined ? '' : JSON.stringify(reply.json);
    res.writeHead(reply.status ?? 200, { ...(reply.json === undefined ? {} : { 'content-type': 'application/json' }), ...reply.headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server: Server = https
    ? createHttpsServer({ cert: readFileSync(STAND_IN_CERT), key: readFileSync(STAND_IN_KEY) }, handle)
    : createHttpServer(handle);
  // An HTTPS server sees the raw TCP socket here too; destroying it ends the TLS session.
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${https ? 'https' : 'http'}://127.0.0.1:${port}`,
    hits: (key) => hits.get(key) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests hold their sockets open; end them so the server can close.
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** An npm packument with one version per entry of `versions`, the last one tagged latest. */
export function npmPackument(name: string, versions: { version: string; released: string; deprecated?: string }[]): unknown {
  const latest = versions.at(-1)?.version ?? '0.0.0';
  return {
    name,
    'dist-tags': { latest },
    versions: Object.fromEntries(
      versions.map((v) => [v.version, { name, version: v.version, ...(v.deprecated ? { deprecated: v.deprecated } : {}) }]),
    ),
    time: { modified: versions.at(-1)?.released, ...Object.fromEntries(versions.map((v) => [v.version, v.released])) },
  };
}

/** A crates API answer for a crate with these versions, newest last. */
export function crateDoc(name: string, versions: { num: string; created: string; yanked?: boolean }[]): unknown {
  const live = versions.filter((v) => !v.yanked);
  return {
    crate: {
      name,
      max_version: live.at(-1)?.num ?? '0.0.0',
      max_stable_version: live.at(-1)?.num ?? null,
      newest_version: versions.at(-1)?.num,
    },
    versions: [...versions].reverse().map((v) => ({ num: v.num, yanked: v.yanked ?? false, created_at: v.created })),
  };
}

/** A PyPI JSON answer for a project whose latest release is `version`. */
export function pypiDoc(name: string, version: string, uploaded: string, { yanked = false } = {}): unknown {
  return {
    info: { name, version, yanked },
    releases: { [version]: [{ filename: `${name}-${version}.tar.gz`, upload_time_iso_8601: uploaded, yanked }] },
  };
}
