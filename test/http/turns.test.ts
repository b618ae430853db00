/**
 * Answers take turns. The unit: first come first served, one per turn of the event loop. The endpoint: a
 * burst of new connections, each sending interactions back to back, as Discord's proxies might open them
 * when members crowd in, all get their first answer early in the burst instead of waiting while the
 * connections taken on first are answered again and again. The check compares shares of one run's own
 * time, not milliseconds, so a busy machine slows both sides alike.
 */
import { REST } from '@discordjs/rest';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, prepare } from '../../bench/http-load.js';
import { HttpServer } from '../../src/http/server.js';
import { signatureChecker } from '../../src/http/signature.js';
import { Turns } from '../../src/http/turns.js';
import { CatalogueService } from '../../src/runtime/catalogue-service.js';
import { Metrics } from '../../src/runtime/metrics.js';
import { createResponder } from '../../src/runtime/responder.js';
import { MemoryState } from '../../src/runtime/state.js';
import { applicationKeys, chatInputInteraction, option, startDiscordStandIn, type DiscordStandIn } from '../support/discord/index.js';

describe('Turns', () => {
  it('lets callers go first come first served, one per turn, with other work of the loop in between', async () => {
    const turns = new Turns();
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        await turns.take();
        order.push(name);
        // Scheduled during a's turn: runs before b's turn, which plain immediates would not allow.
        if (name === 'a') setImmediate(() => order.push('other work'));
      }),
    );
    expect(order).toEqual(['a', 'other work', 'b', 'c']);
    expect(turns.waiting).toBe(0);
  });
});

const keys = applicationKeys();
let stand: DiscordStandIn;
let catalogue: CatalogueService;
let server: HttpServer;
let port: number;

beforeAll(async () => {
  stand = await startDiscordStandIn();
  const log = pino({ level: 'silent' });
  catalogue = await CatalogueService.open('catalogue', log);
  const metrics = new Metrics(() => catalogue);
  server = new HttpServer({
    log,
    metrics,
    notReady: () => undefined,
    interactions: {
      checkSignature: signatureChecker(keys.publicKeyHex),
      rest: new REST({ api: stand.apiUrl }).setToken('MTAx.fake.token'),
      respond: createResponder({ catalogue, state: new MemoryState(), log, metrics }),
      // Never defer here: this test is about the order of answers, and every answer must be in the HTTP response.
      deferAfterMs: 600_000,
    },
  });
  port = await server.listen(0, '127.0.0.1');
}, 30_000);

afterAll(async () => {
  await server.stop(1_000);
  catalogue.close();
  await stand.close();
});

describe('the Interactions Endpoint under a burst of new connections', () => {
  it('answers every connection’s first interaction early in the burst, whichever connection it came on', async () => {
    const connections = 60;
    const perConnection = 12;
    const queries = ['anchor', 'python sdk', 'priority fees', 'nft metadata', 'x402 facilitator', 'rpc provider'];
    const bodies = Array.from({ length: connections * perConnection }, (_, k) =>
      JSON.stringify(
        chatInputInteraction({
          command: 'resource',
          subcommand: 'search',
          options: [option.string('query', queries[k % queries.length] ?? '')],
        }),
      ),
    );
    // Warm the answer path first, so the burst measures turns, not the first compilations.
    await drive(
      port,
      bodies.slice(0, 60).map((b) => prepare(b, keys.privateKey)),
      4,
    );
    const burst = await drive(
      port,
      bodies.map((b) => prepare(b, keys.privateKey)),
      connections,
    );
    expect([...burst.statuses].every((status) => status === 200)).toBe(true);
    // The first `connections` requests are each connection's first: the slowest of them against the whole burst.
    const slowestFirst = Math.max(...burst.latencies.subarray(0, connections));
    expect(slowestFirst / burst.wallMs).toBeLessThan(0.5);
  }, 60_000);
});
