import { z } from 'zod';
import { kindSchema } from '../src/catalogue/schema.js';

const snowflake = z.string().regex(/^\d{1,20}$/);
// Discord caps typed options at 100 characters, but nothing stops a forged payload: accept any
// length here and let the search layer cap what it reads.
const text = z.string();

const audience = { mention: snowflake.optional(), hide: z.boolean().optional() };

/** Options of each subcommand, as both the bot and the terminal front-end parse them. */
export const subcommandOptions = {
  search: z.object({ query: text, kind: kindSchema.optional(), ...audience }),
  kind: z.object({ kind: kindSchema, page: z.number().int().min(0).optional(), ...audience }),
  show: z.object({ name: text, ...audience }),
};

export type SubcommandName = keyof typeof subcommandOptions;
export type SearchOptions = z.output<typeof subcommandOptions.search>;
export type KindOptions = z.output<typeof subcommandOptions.kind>;
export type ShowOptions = z.output<typeof subcommandOptions.show>;
