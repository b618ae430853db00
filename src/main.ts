import 'dotenv/config';
import { CatalogueInvalid, CatalogueService } from './runtime/catalogue-service.js';
import { createClient } from './gateway/client.js';
import { ConfigError, readConfig } from './runtime/config.js';
import { createLogger } from './runtime/log.js';

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

let catalogue: CatalogueService;
try {
  catalogue = await CatalogueService.open(config.CATALOGUE_DIR, log);
} catch (err) {
  if (err instanceof CatalogueInvalid)
    stop([...err.shortList(), `Cannot start: ${err.message} in ${config.CATALOGUE_DIR} (run npm run catalogue:check)`]);
  throw err;
}
catalogue.watch();

const client = createClient(config, catalogue, log, (line) => void shutdown('fatal gateway close', [`Cannot continue: ${line}`]));

let stopping = false;
/** Stops watching, closes the gateway and exits: 0 on a signal, 1 with `lines` for the operator. */
async function shutdown(reason: string, lines: string[] = []): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ reason }, 'shutting down');
  catalogue.close();
  await client.destroy();
  if (lines.length) stop(lines);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Last line of defence: the router catches what users can cause; anything else is logged, not fatal.
process.on('unhandledRejection', (err) => {
  log.error({ err }, 'unhandled rejection');
});

try {
  await client.login(config.DISCORD_TOKEN);
} catch (err) {
  const code = (err as { code?: string }).code;
  if (code === 'TokenInvalid')
    stop([
      'Cannot start: Discord rejected DISCORD_TOKEN (401 Unauthorized): reset the token in the Developer Portal (Bot → Reset Token) and set it again.',
    ]);
  stop([`Cannot start: could not connect to Discord: ${(err as Error).message}`]);
}
