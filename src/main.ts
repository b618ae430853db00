import 'dotenv/config';
import { REST } from '@discordjs/rest';
import type { Client } from 'discord.js';
import { Routes, type APIApplication } from 'discord-api-types/v10';
import { commandDefinitions } from '../commands/registry.js';
import type { SharedState } from '../commands/types.js';
import { createClient, shardStatuses } from './gateway/client.js';
import { HttpServer } from './http/server.js';
import { signatureChecker } from './http/signature.js';
import { CatalogueInvalid, CatalogueService } from './runtime/catalogue-service.js';
import { ConfigError, readConfig } from './runtime/config.js';
import { InFlight } from './runtime/in-flight.js';
import { createLogger } from './runtime/log.js';
import { Metrics } from './runtime/metrics.js';
import { registerCommands } from './runtime/registration.js';
import { createResponder, type Outcome } from './runtime/responder.js';
import type { CommandIds } from './render/words.js';
import { MemoryState, RecentPosts } from './runtime/state.js';
import { warmUp } from './runtime/warm-up.js';

/** How long a shutdown waits for answers in flight. */
const SHUTDOWN_GRACE_MS = 5_000;

/** One clear line on standard error, then a non-zero exit: for problems the operator must fix. */
function stop(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config;
try {
  config = readConfig();
} catch (err) {
  if (err instanceof ConfigError) stop([`Cannot start: ${err.message}`]);
  throw err;
}
const log = createLogger(config.LOG_LEVEL);
const httpMode = config.INTERACTIONS_MODE === 'http';

let catalogue: CatalogueService | undefined;
let client: Client | undefined;
let respond: ReturnType<typeof createResponder> | undefined;
let warming: Promise<void> | undefined;
const metrics = new Metrics(() => catalogue);
const inFlight = new InFlight();

const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
const server =
  httpMode || config.PORT !== undefined
    ? new HttpServer({
        log,
        metrics,
        notReady: () => {
          if (!catalogue) return 'the catalogue is loading';
          // A load balancer sends traffic once ready; the gateway delivers it whatever /readyz says.
          if (warming && httpMode) return 'warming up the answer path';
          if (client && !client.isReady()) return 'not connected to the Discord gateway';
          return undefined;
        },
        interactions:
          httpMode && config.DISCORD_PUBLIC_KEY
            ? {
                checkSignature: signatureChecker(config.DISCORD_PUBLIC_KEY),
                rest,
                // Called only once ready (the server answers 503 before), and `respond` is set in the same tick as `catalogue`.
                respond: (incoming, perform): Promise<Outcome> =>
                  respond ? inFlight.track(respond(incoming, perform)) : Promise.resolve('error'),
              }
            : undefined,
      })
    : undefined;
// Listening before the catalogue loads, so an orchestrator sees "alive, not ready" meanwhile.
if (server) {
  const port = await server.listen(config.PORT ?? 8080).catch((err: unknown) => {
    stop([`Cannot start: could not listen on port ${config.PORT ?? 8080}: ${(err as Error).message} (set PORT to a free port)`]);
  });
  log.info({ port, mode: config.INTERACTIONS_MODE }, httpMode ? 'Interactions Endpoint listening' : 'health and metrics listening');
}

const floodWindowMs = config.FLOOD_GUARD_SECONDS * 1000;
// The Redis client is loaded only when REDIS_URL asks for it: ~15 MB of memory a single process never needs.
const state: SharedState & { close?: () => Promise<void> } = config.REDIS_URL
  ? await (await import('./runtime/redis-state.js')).RedisState.connect(config.REDIS_URL, log, floodWindowMs)
  : new MemoryState(undefined, new RecentPosts(floodWindowMs));

try {
  catalogue = await CatalogueService.open(config.CATALOGUE_DIR, log);
} catch (err) {
  if (err instanceof CatalogueInvalid)
    stop([...err.shortList(), `Cannot start: ${err.message} in ${config.CATALOGUE_DIR} (run npm run catalogue:check)`]);
  throw err;
}
catalogue.watch();
// Runs while the gateway connects; the HTTP endpoint stays "not ready" until it is done (see warm-up.ts).
warming = warmUp(catalogue.current).then((report) => {
  if (report.failed > 0) log.warn(report, 'some warm-up inputs failed: the same requests from members will too');
  else log.info(report, 'answer path warmed up');
  warming = undefined;
});

let stopping = false;
/** Stops taking work, lets answers in flight finish (at most 5 s), closes connections and exits: 0 on a signal, 1 with `lines`. */
async function shutdown(reason: string, lines: string[] = []): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ reason, inFlight: inFlight.size }, 'shutting down');
  const drained = await Promise.all([inFlight.drain(SHUTDOWN_GRACE_MS), server?.stop(SHUTDOWN_GRACE_MS)]);
  if (!drained[0]) log.warn({ unfinished: inFlight.size }, 'shutdown grace period over; some answers were not finished');
  catalogue?.close();
  await client?.destroy();
  await state.close?.();
  if (lines.length) stop(lines);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Last line of defence: the router catches what users can cause; anything else is logged, not fatal.
process.on('unhandledRejection', (err) => {
  log.error({ err }, 'unhandled rejection');
});

if (httpMode) {
  let commandIds: CommandIds | undefined;
  respond = createResponder({
    catalogue,
    state,
    log,
    metrics,
    commandIds: () => commandIds,
    keepMissed: config.LEARN_FROM_CHANNEL === 'on',
  });
  // Registration runs in the background: answering does not wait for it, and a failure is logged, not fatal.
  void (async () => {
    try {
      const app = (await rest.get(Routes.currentApplication())) as APIApplication;
      const result = await registerCommands(rest, app.id, commandDefinitions(), config.DISCORD_GUILD_ID);
      commandIds = result.ids;
      log.info(result, result.changed ? '/resource registered' : '/resource already registered, unchanged');
    } catch (err) {
      log.error({ err }, 'could not register /resource; the bot still answers if it was registered before');
    }
  })();
} else {
  const gateway = createClient(config, catalogue, log, {
    onFatal: (line) => void shutdown('fatal gateway close', [`Cannot continue: ${line}`]),
    state,
    metrics,
    inFlight,
  });
  client = gateway;
  metrics.shards = () => shardStatuses(gateway);
  try {
    await gateway.login(config.DISCORD_TOKEN);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'TokenInvalid')
      stop([
        'Cannot start: Discord rejected DISCORD_TOKEN (401 Unauthorized): reset the token in the Developer Portal (Bot → Reset Token) and set it again.',
      ]);
    stop([`Cannot start: could not connect to Discord: ${(err as Error).message}`]);
  }
}
