import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** How to set each variable, quoted in the one-line error when it is missing or malformed. */
const HOW: Record<string, string> = {
  DISCORD_TOKEN:
    'set it to your bot token from the Discord Developer Portal (Bot → Reset Token), in the environment or in .env (see .env.example)',
  DISCORD_GUILD_ID:
    'set it to a server id (digits; Developer Mode → right-click the server → Copy Server ID), or leave it unset to register globally',
  CATALOGUE_DIR: 'set it to a folder of catalogue .yaml files, or leave it unset for "catalogue"',
  LOG_LEVEL: `set it to one of ${LOG_LEVELS.join(', ')}, or leave it unset for "info"`,
  DISCORD_API_URL: 'set it to a base URL such as http://127.0.0.1:8080/api (no trailing slash), or leave it unset for Discord itself',
  INTERACTIONS_MODE:
    'set it to "gateway" (one process holding a gateway connection, the default) or "http" (an Interactions Endpoint that replicas can share)',
  PORT: 'set it to a TCP port (1-65535) for the HTTP server (interactions in http mode; /healthz, /readyz and /metrics in both modes)',
  DISCORD_PUBLIC_KEY:
    "set it to the application's public key (64 hex characters: Developer Portal → General Information → Public Key); http mode needs it to check that requests come from Discord",
  REDIS_URL:
    'set it to a redis:// or rediss:// URL (Redis or Valkey) to share cooldowns across replicas, or leave it unset to keep them in memory',
  FLOOD_GUARD_SECONDS:
    'set it to how many seconds the same entry is not posted again in a channel (0 turns the flood guard off), or leave it unset for 60',
  SHARD_COUNT: 'set it to "auto" (Discord recommends a count) or a number of shards from 1 to 1024, or leave it unset for one shard',
  LEARN_FROM_CHANNEL:
    'set it to "off" to keep no missed questions for moderators, or leave it unset ("on": questions the catalogue missed are kept without user ids, at most 500 for 30 days)',
};

// A bot token is three dot-separated base64url parts; this catches pasted quotes, spaces and "Bot " prefixes.
const TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const envSchema = z.object({
  DISCORD_TOKEN: z
    .string({ error: 'is not set' })
    .trim()
    .min(1, { error: 'is empty' })
    .regex(TOKEN, { error: 'does not look like a bot token' }),
  DISCORD_GUILD_ID: z
    .string()
    .trim()
    .regex(/^\d{17,20}$/, { error: 'is not a server id' })
    .optional(),
  CATALOGUE_DIR: z.string().trim().min(1, { error: 'is empty' }).default('catalogue'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: 'is not a log level' }).default('info'),
  DISCORD_API_URL: z
    .string()
    .trim()
    .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), { error: 'is not an http(s) URL' })
    .refine((s) => !s.endsWith('/'), { error: 'ends with a slash' })
    .optional(),
  INTERACTIONS_MODE: z.enum(['gateway', 'http'], { error: 'is neither "gateway" nor "http"' }).default('gateway'),
  PORT: z.coerce
    .number({ error: 'is not a number' })
    .int({ error: 'is not a whole number' })
    .min(1, { error: 'is not a port' })
    .max(65_535, { error: 'is not a port' })
    .optional(),
  DISCORD_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'is not a 64-character hex public key' })
    .optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine((s) => URL.canParse(s) && /^rediss?:$/.test(new URL(s).protocol), { error: 'is not a redis:// URL' })
    .optional(),
  FLOOD_GUARD_SECONDS: z.coerce
    .number({ error: 'is not a number' })
    .int({ error: 'is not a whole number of seconds' })
    .min(0, { error: 'is negative' })
    .max(86_400, { error: 'is more than a day' })
    .default(60),
  SHARD_COUNT: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(1024)], { error: 'is not "auto" or a number of shards' })
    .optional(),
  LEARN_FROM_CHANNEL: z.enum(['on', 'off'], { error: 'is neither "on" nor "off"' }).default('on'),
});

export type Config = z.output<typeof envSchema>;

/** A configuration problem, worded as one line for the operator. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Which variables a caller needs: the terminal front-end runs without a token. */
export type ConfigNeeds = 'bot' | 'catalogue-only';

/**
 * Reads the environment once. Empty strings count as unset, so a blank line in .env
 * does not override a default. Throws ConfigError naming the variable and how to set it.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, needs: ConfigNeeds = 'bot'): Config {
  const cleaned = Object.fromEntries(Object.keys(HOW).map((k) => [k, env[k]?.trim() ? env[k] : undefined]));
  if (needs === 'catalogue-only') cleaned.DISCORD_TOKEN ??= 'not.needed.here';
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) {
    const config = parsed.data;
    if (needs === 'bot' && config.INTERACTIONS_MODE === 'http' && !config.DISCORD_PUBLIC_KEY)
      throw new ConfigError(`DISCORD_PUBLIC_KEY is not set: ${HOW.DISCORD_PUBLIC_KEY}.`);
    return config;
  }
  const issue = parsed.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  throw new ConfigError(`${name} ${issue?.message ?? 'is invalid'}: ${HOW[name] ?? 'check its value'}.`);
}
