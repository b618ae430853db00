import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayStandIn } from './gateway.js';
import { RestStandIn } from './rest.js';
import type { RouteContext } from './router.js';
import { DiscordStore } from './store.js';
import { world, type World } from './world.js';

export interface StandInOptions {
  /** Sent in HELLO (default 41 250 ms, Discord's value); use ~1000 ms for heartbeat tests. */
  heartbeatIntervalMs?: number;
  /** Start with every authenticated route answering 401 (login then fails with TokenInvalid). */
  rejectToken?: boolean;
  /** Reject interaction callbacks arriving later than this after delivery (Discord allows 3000 ms). */
  callbackDeadlineMs?: number;
  /** The shard count `GET /gateway/bot` recommends (default 1): what `shards: 'auto'` starts. */
  shards?: number;
  /** `session_start_limit.max_concurrency` (default 1, Discord's value for most bots: shards IDENTIFY 5 s apart). */
  maxConcurrency?: number;
}

/** A local Discord: REST under `apiUrl`, the gateway at `gatewayUrl`, both on 127.0.0.1. */
export interface DiscordStandIn {
  readonly port: number;
  /** Pass as `rest: { api }` to the discord.js Client. */
  readonly apiUrl: string;
  readonly gatewayUrl: string;
  readonly world: World;
  readonly rest: RestStandIn;
  readonly gateway: GatewayStandIn;
  /** What the stand-in remembers; HTTP delivery (http-delivery.ts) records interactions here as Discord would. */
  readonly store: DiscordStore;
  /**
   * Forgets recorded requests, delivered interactions and stored messages (commands and channels stay),
   * so a long soak keeps the stand-in's own memory flat. Interactions forgotten can no longer be answered.
   */
  forget(): void;
  /** Terminates sockets, rejects pending waits and stops the server; safe to call twice. */
  close(): Promise<void>;
}

/** Starts a stand-in on an OS-assigned port, so parallel test files never collide. */
export async function startDiscordStandIn(options: StandInOptions = {}): Promise<DiscordStandIn> {
  const lifetime = new AbortController();
  let port = 0;
  const gatewayUrl = (): string => `ws://127.0.0.1:${port}/gateway`;
  const store = new DiscordStore();
  const gateway = new GatewayStandIn(store, gatewayUrl, lifetime.signal, {
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
    recommendedShards: options.shards ?? 1,
    maxConcurrency: options.maxConcurrency ?? 1,
  });
  const context: RouteContext = {
    store,
    gatewayUrl,
    callbackDeadlineMs: () => options.callbackDeadlineMs,
    sharding: () => ({ shards: gateway.recommendedShards, maxConcurrency: gateway.maxConcurrency }),
  };
  const rest = new RestStandIn(context, lifetime.signal, options.rejectToken ?? false);

  const server = createServer((request, response) => {
    rest.handle(request, response).catch(() => response.destroy());
  });
  server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname === '/gateway') {
      gateway.handleUpgrade(request, socket, head);
    } else {
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      lifetime.abort();
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    })();
    return closing;
  };

  const forget = (): void => {
    rest.clearRequests();
    store.forget();
  };

  return { port, apiUrl: `http://127.0.0.1:${port}/api`, gatewayUrl: gatewayUrl(), world, rest, gateway, store, forget, close };
}
