/**
 * The HTTP benchmark's client: every request signed and serialised before the clock starts, then
 * sent over a fixed set of keep-alive connections, one request in flight on each. It writes
 * prepared bytes and reads just enough of each answer (status line, Content-Length) to know it is
 * complete, so the client adds next to nothing to what it measures; answers are checked afterwards.
 */
import { sign, type KeyObject } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** One request, ready to write: request line, headers and body. */
export type Prepared = Buffer;

/** The request Discord would POST to the endpoint for `body`, signed with the application's key now. */
export function prepare(body: string, key: KeyObject, path = '/interactions'): Prepared {
  const bytes = Buffer.from(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.concat([Buffer.from(timestamp), bytes]), key).toString('hex');
  const head =
    `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nuser-agent: Discord-Interactions/1.0 (+https://discord.com)\r\n` +
    `content-type: application/json\r\ncontent-length: ${String(bytes.length)}\r\n` +
    `x-signature-ed25519: ${signature}\r\nx-signature-timestamp: ${timestamp}\r\nconnection: keep-alive\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes]);
}

/** Every request's answer and timing, in request order. */
export interface Driven {
  /** Milliseconds from writing the request to reading the whole answer. */
  latencies: Float64Array;
  statuses: Uint16Array;
  bodies: Buffer[];
  /** First write → last answer. */
  wallMs: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** One complete answer at the start of `buffer`, or undefined while it is still arriving. */
function parseAnswer(buffer: Buffer): { status: number; body: Buffer; rest: Buffer } | undefined {
  const end = buffer.indexOf(HEAD_END);
  if (end < 0) return undefined;
  const head = buffer.toString('latin1', 0, end);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  if (length === undefined) throw new Error(`an answer without Content-Length: ${head.split('\r\n')[0] ?? ''}`);
  const bodyEnd = end + HEAD_END.length + Number(length);
  if (buffer.length < bodyEnd) return undefined;
  return { status: Number(head.slice(9, 12)), body: buffer.subarray(end + HEAD_END.length, bodyEnd), rest: buffer.subarray(bodyEnd) };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', noDelay: true }, () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * Sends `requests` to 127.0.0.1:`port` over `concurrency` keep-alive connections opened
 * beforehand; each connection sends its next request as soon as the previous answer is in,
 * so `concurrency` requests are in flight at all times until the list runs out.
 */
export async function drive(port: number, requests: readonly Prepared[], concurrency: number): Promise<Driven> {
  const n = requests.length;
  const sockets = await Promise.all(Array.from({ length: Math.min(concurrency, n) }, () => open(port)));
  const started = new Float64Array(n);
  const latencies = new Float64Array(n);
  const statuses = new Uint16Array(n);
  const bodies: Buffer[] = new Array<Buffer>(n);
  let next = 0;
  let first = Infinity;
  let last = 0;
  const each = sockets.map(
    (socket) =>
      new Promise<void>((resolve, reject) => {
        let current = -1;
        let pending: Buffer | undefined;
        const sendNext = (): void => {
          if (next >= n) {
            current = -1;
            resolve();
            return;
          }
          current = next++;
          const now = performance.now();
          if (now < first) first = now;
          started[current] = now;
          socket.write(requests[current] as Buffer);
        };
        socket.on('data', (chunk: Buffer) => {
          pending = pending ? Buffer.concat([pending, chunk]) : chunk;
          const answer = parseAnswer(pending);
          if (!answer) return;
          const now = performance.now();
          last = now;
          latencies[current] = now - (started[current] ?? now);
          statuses[current] = answer.status;
          bodies[current] = answer.body;
          pending = answer.rest.length > 0 ? answer.rest : undefined;
          sendNext();
        });
        socket.once('error', reject);
        socket.once('close', () => {
          if (current >= 0) reject(new Error(`the server closed a connection before answering request ${String(current)}`));
        });
        sendNext();
      }),
  );
  try {
    await Promise.all(each);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  return { latencies, statuses, bodies, wallMs: last - first };
}
