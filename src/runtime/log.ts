import pino, { type Logger } from 'pino';

// Interaction and webhook tokens sit in request URLs; each is a credential for that reply.
const TOKEN_IN_PATH = /(\/(?:interactions\/\d+|webhooks\/\d+))\/[^/?]+/g;

/** Hides interaction and webhook tokens in a URL or message. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1/[redacted]');
}

/** Errors as JSON, without the request body (a whole reply) and with tokens hidden from URLs. */
function serializeError(err: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...pino.stdSerializers.err(err as Error) };
  delete out.requestBody;
  for (const key of ['url', 'message', 'stack']) {
    if (typeof out[key] === 'string') out[key] = redactTokens(out[key]);
  }
  return out;
}

/**
 * Structured JSON logs on standard error (standard output belongs to the terminal front-end).
 * The token can never appear: it is redacted wherever a field of that name shows up. Writes are
 * asynchronous: a synchronous write to a pipe its reader drains slowly spins until it fits
 * (~100 ms of a 400-interaction burst was spent so); pino flushes what is left when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: null,
      redact: { paths: ['token', '*.token', 'config.DISCORD_TOKEN', 'DISCORD_TOKEN', 'headers.authorization'], censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
    },
    pino.destination({ dest: 2, sync: false }),
  );
}

export type { Logger };

/**
 * A log call that writes at most `perMinute` lines a minute; when lines were dropped, the next
 * one written says how many, so nothing is hidden, only compressed.
 */
export function rateLimited(log: Logger, level: 'warn' | 'info' | 'error', { perMinute }: { perMinute: number }) {
  let windowStart = 0;
  let written = 0;
  let dropped = 0;
  return (fields: Record<string, unknown>, message: string, now = Date.now()): void => {
    if (now - windowStart >= 60_000) {
      windowStart = now;
      written = 0;
    }
    if (written >= perMinute) {
      dropped++;
      return;
    }
    written++;
    log[level](dropped > 0 ? { ...fields, droppedBefore: dropped } : fields, message);
    dropped = 0;
  };
}
