/**
 * The floor for the HTTP benchmark: the least an Interactions Endpoint can do. node:http reads
 * the body, checks the Ed25519 signature over timestamp + body with node:crypto exactly as
 * src/http/signature.ts does (same header checks, same 5-minute window), and answers every
 * signed request with `{type: 4, data: {content: 'ok'}}`. No JSON parsing, search, rendering,
 * logging or metrics: whatever our bot spends beyond this is ours.
 *
 * Environment: DISCORD_PUBLIC_KEY (64 hex characters), PORT (0 picks a free one). Prints
 * `listening <port>` on standard output once it listens. Compiled by tsconfig.bench.json and run
 * by bench/http-run.ts as `node --enable-source-maps dist/bench/bare-http.js`, as the bot is run.
 */
import { createPublicKey, verify } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

function fail(line: string): never {
  process.stderr.write(`bare http: ${line}\n`);
  process.exit(1);
}

const hex = process.env.DISCORD_PUBLIC_KEY ?? '';
if (!/^[0-9a-fA-F]{64}$/.test(hex)) fail('DISCORD_PUBLIC_KEY must be 64 hex characters');
const key = createPublicKey({
  key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]),
  format: 'der',
  type: 'spki',
});

function signed(signature: unknown, timestamp: unknown, body: Buffer): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string') return false;
  if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  return verify(null, Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signature, 'hex'));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (!signed(req.headers['x-signature-ed25519'], req.headers['x-signature-timestamp'], body))
      send(res, 401, { error: 'invalid request signature' });
    else send(res, 200, { type: 4, data: { content: 'ok' } });
  });
});
server.keepAliveTimeout = 65_000;

const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${String((server.address() as AddressInfo).port)}\n`);
});
