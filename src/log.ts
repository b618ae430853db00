import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs on standard error (standard output belongs to the terminal front-end).
 * The token can never appear: it is redacted wherever a field of that name shows up.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: null,
      redact: { paths: ['token', '*.token', 'config.DISCORD_TOKEN', 'DISCORD_TOKEN', 'headers.authorization'], censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.destination({ dest: 2, sync: true }),
  );
}

export type { Logger };
