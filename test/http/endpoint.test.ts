/**
 * The Interactions Endpoint in this process, answering real signed requests made with a test key
 * pair; webhook follow-ups go to the local Discord stand-in.
 */
import { REST } from '@discordjs/rest';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incoming } from '../../commands/types.js';
import { HttpServer } from '../../src/http/server.js';
import { signatureChecker } from '../../src/http/signature.js';
import { CatalogueService } from '../../src/runtime/catalogue-service.js';
import { Metrics } from '../../src/runtime/metrics.js';
import { createResponder, type Perform } from '../../src/runtime/responder.js';
import { MemoryState } from '../../src/runtime/state.js';
import {
  applicationKeys,
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  deliverOverHttp,
  option,
  signedHeaders,
  startDiscordStandIn,
  waitUntil,
  type DiscordStandIn,
} from '../support/discord/index.js';
import { parsePrometheus } from '../helpers/prometheus.js';

const keys = applicationKeys();
const otherKeys = applicationKeys();
let stand: DiscordStandIn;
let server: HttpServer;
let catalogue: CatalogueService;
let base: string;
let endpoint: string;
let ready = false;
/** Extra milliseconds every interaction takes, to drive the deferral path. */
let slowMs = 0;

beforeAll(async () => {
  stand = await startDiscordStandIn();
  const log = pino({ level: 'silent' });
  catalogue = await CatalogueService.open('catalogue', log);
  const metrics = new Metrics(() => catalogue);
  const respond = createResponder({ catalogue, state: new MemoryState(), log, metrics });
  server = new HttpServer({
    log,
    metrics,
    notReady: () => (ready ? undefined : 'the catalogue is loading'),
    interactions: {
      checkSignature: signatureChecker(keys.publicKeyHex),
      rest: new REST({ api: stand.apiUrl }).setToken('MTAx.fake.token'),
      respond: async (incoming: Incoming, perform: Perform) => {
        if (slowMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
        return respond(incoming, perform);
      },
      deferAfterMs: 150,
    },
  });
  const port = await server.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  endpoint = `${base}/interactions`;
}, 30_000);

afterAll(async () => {
  await server.stop(1_000);
  catalogue.close();
  await stand.close();
});

const search = (query: string) =>
  chatInputInteraction({ command: 'resource', subcommand: 'search', options: [option.string('query', query)] });

async function post(body: string | Buffer, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(endpoint, { method: 'POST', body, headers });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the Interactions Endpoint', () => {
  it('is alive at once, and not ready (503, also for interactions) until the catalogue is loaded', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ reason: 'the catalogue is loading' });
    expect((await deliverOverHttp(stand, endpoint, search('anchor'), keys.privateKey)).status).toBe(503);
    // Discord checks a new endpoint URL with PING: that is answered even before the catalogue is there.
    expect((await deliverOverHttp(stand, endpoint, { type: 1 } as never, keys.privateKey)).body).toEqual({ type: 1 });
    ready = true;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('answers a signed PING with PONG', async () => {
    const text = JSON.stringify({ id: '1', application_id: '2', type: 1, token: 't', version: 1 });
    expect(await post(text, signedHeaders(text, keys.privateKey))).toEqual({ status: 200, json: { type: 1 } });
  });

  it('answers signed commands, autocompletes and buttons in the HTTP response', async () => {
    const answer = await deliverOverHttp(stand, endpoint, search('anchor'), keys.privateKey);
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe(4);
    expect(JSON.stringify(answer.body.data)).toContain('Anchor');
    expect(answer.body.data).toMatchObject({ allowed_mentions: { parse: [] } });

    const typed = await deliverOverHttp(
      stand,
      endpoint,
      autocompleteInteraction({ command: 'resource', subcommand: 'show', focused: { name: 'name', value: 'litesv' } }),
      keys.privateKey,
    );
    expect(typed.body.type).toBe(8);
    expect(JSON.stringify(typed.body.data)).toContain('LiteSVM');

    const copy = await deliverOverHttp(stand, endpoint, buttonInteraction({ customId: 'res:copy:litesvm' }), keys.privateKey);
    expect(copy.body).toMatchObject({ type: 4, data: { flags: 64 } });
  });

  it('refuses a tampered body, a wrong key, an old timestamp and missing headers with 401', async () => {
    const text = JSON.stringify(search('anchor'));
    const headers = signedHeaders(text, keys.privateKey);
    expect((await post(text.replace('anchor', 'anchos'), headers)).status).toBe(401);
    expect((await post(text, signedHeaders(text, otherKeys.privateKey))).status).toBe(401);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await post(text, signedHeaders(text, keys.privateKey, tenMinutesAgo))).status).toBe(401);
    expect((await post(text, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await post(text, { ...headers, 'x-signature-ed25519': 'zz' })).status).toBe(401);
  });

  it('refuses a 2 MB body with 413, signed text that is not JSON with 400, and an interaction missing fields with 400', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    expect((await post(big, signedHeaders(big, keys.privateKey))).status).toBe(413);
    for (const text of ['not json', '[]', '{}', '{"type":2}', '{"type":3,"data":{}}']) {
      const { status } = await post(text, signedHeaders(text, keys.privateKey));
      expect(status, text).toBe(400);
    }
  });

  it('answers an interaction type it does not handle with a private notice', async () => {
    const modal = { ...search('x'), type: 5, data: { custom_id: 'form', components: [] } };
    const text = JSON.stringify(modal);
    const { status, json } = await post(text, signedHeaders(text, keys.privateKey));
    expect(status).toBe(200);
    expect(json).toMatchObject({ type: 4, data: { flags: 64 } });
  });

  it('defers work that runs long and completes it through the interaction webhook', async () => {
    slowMs = 500;
    try {
      const interaction = search('python sdk');
      const started = Date.now();
      const answer = await deliverOverHttp(stand, endpoint, interaction, keys.privateKey);
      expect(Date.now() - started).toBeLessThan(450);
      expect(answer.body).toEqual({ type: 5, data: { flags: 64 } });
      const record = stand.store.interactions.get(interaction.id)!;
      await waitUntil(() => ((stand.store.messages.get(record.originalMessageId!)?.embeds.length ?? 0) > 0 ? true : undefined), {
        timeoutMs: 5_000,
        describe: () => 'the deferred reply edited through the webhook',
      });
      expect(JSON.stringify(stand.store.messages.get(record.originalMessageId!)?.embeds)).toContain('Python');
    } finally {
      slowMs = 0;
    }
  });

  it('stays up after all that, and counts what it answered in /metrics', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const response = await fetch(`${base}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const samples = parsePrometheus(await response.text());
    const searches = samples.find(
      (s) => s.name === 'resource_bot_interactions_total' && s.labels.subcommand === 'search' && s.labels.outcome === 'ok',
    );
    expect(searches?.value).toBeGreaterThanOrEqual(2);
    expect(samples.find((s) => s.name === 'resource_bot_catalogue_entries')?.value).toBe(catalogue.current.catalogue.entries.length);
    expect(samples.some((s) => s.name === 'resource_bot_interaction_duration_seconds_bucket')).toBe(true);
  });
});
