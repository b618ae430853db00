import { z } from 'zod';

/** The twelve kinds, spelled exactly as the catalogue uses them. */
export const KINDS = [
  'DOCS',
  'API',
  'TOOL',
  'PRODUCT',
  'SDK',
  'TOOLING',
  'APP',
  'GITHUB',
  'REPO',
  'ARTICLE',
  'DOCUMENTATION',
  'WEBSITE',
] as const;
export const kindSchema = z.enum(KINDS);
export type Kind = z.infer<typeof kindSchema>;

/** Release states worth warning about; a stable resource has none. */
export const STATUSES = ['beta', 'alpha', 'experimental', 'deprecated'] as const;

/** Size caps keep every entry renderable inside Discord's limits with room to spare. */
export const FIELD_LIMITS = {
  id: 60,
  name: 80,
  maker: 80,
  package: 100,
  install: 200,
  url: 300,
  tabularDescription: 300,
  cardDescription: 1000,
  alias: 80,
  aliases: 10,
  tag: 32,
  tags: 12,
} as const;

/**
 * What each field should hold, in a maintainer's words. The loader appends it to every
 * problem as "(expected …, got …)", so the message and the schema cannot drift apart.
 */
export const EXPECTED: Record<string, string> = {
  id: `a lowercase slug such as "solana-kit" (a-z, 0-9, single hyphens, at most ${FIELD_LIMITS.id} characters)`,
  name: `the resource's name on one line, at most ${FIELD_LIMITS.name} characters`,
  form: '"tabular" or "card"',
  kind: `one of ${KINDS.join(', ')}`,
  description: `one sentence ending in a period, at most ${FIELD_LIMITS.tabularDescription} characters`,
  maker: `the maker or owner's name on one line, at most ${FIELD_LIMITS.maker} characters`,
  package: 'a package id without spaces or backticks; on a tabular entry only for kind SDK, in the scoped form @scope/name',
  install: `one shell command on one line without the leading "$" and without backticks, at most ${FIELD_LIMITS.install} characters`,
  url: 'an https:// URL',
  aliases: `a list of at most ${FIELD_LIMITS.aliases} other names, each on one line`,
  tags: `a list of at most ${FIELD_LIMITS.tags} lowercase tags such as "rust" or "websocket"`,
  featured: 'true or false',
  status: `one of ${STATUSES.join(', ')} (leave it out when the resource is stable)`,
  successor: 'the id of the entry that replaces this one',
  category: 'a short label for the file\'s topic, such as "Hosted APIs"',
  entries: 'a list of entries',
};

/** Where a card's expectation differs from a tabular entry's. */
export const EXPECTED_ON_CARD: Record<string, string> = {
  description: `one or more sentences, at most ${FIELD_LIMITS.cardDescription} characters`,
  package: 'a package id without spaces or backticks, such as @solana/kit, solders or anchor-lang',
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAG = /^[a-z0-9][a-z0-9+#.-]*$/;
const SCOPED_PACKAGE = /^@[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;
// Control characters, zero-width and bidi overrides have no business in catalogue text.
const INVISIBLE = /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;
const INVISIBLE_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

/** A trimmed, single-line piece of text with no invisible characters. */
function line(max: number) {
  return z
    .string()
    .min(1, { error: 'is empty' })
    .max(max, { error: `is too long` })
    .refine((s) => !s.includes('\n'), { error: 'must be on one line' })
    .refine((s) => !INVISIBLE.test(s), { error: 'contains a control, zero-width or direction character' })
    .refine((s) => s === s.trim(), { error: 'has leading or trailing spaces' });
}

// Abbreviations whose period does not end a sentence.
const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|approx|incl|no|v)\.(?=\s)/gi;

/** A tabular description is exactly one sentence: no sentence break followed by another sentence. */
export function isOneSentence(text: string): boolean {
  const body = text.trim().replace(ABBREVIATIONS, (m) => m.slice(0, -1));
  if (!/[.!?]$/.test(body)) return false;
  return !/[.!?]\s+[A-Z0-9]/.test(body.slice(0, -1));
}

const description = (max: number) =>
  z
    .string()
    .min(1, { error: 'is empty' })
    .max(max, { error: 'is too long' })
    .refine((s) => !INVISIBLE_EXCEPT_NEWLINE.test(s), { error: 'contains a control, zero-width or direction character' })
    .refine((s) => s === s.trim(), { error: 'has leading or trailing spaces' });

const httpsUrl = line(FIELD_LIMITS.url)
  .refine((s) => URL.canParse(s), { error: 'is not a valid URL' })
  .refine((s) => s.startsWith('https://'), { error: 'must use https' });

const identity = {
  id: z
    .string()
    .max(FIELD_LIMITS.id, { error: 'is too long' })
    .regex(SLUG, { error: 'is not a lowercase slug' }),
  name: line(FIELD_LIMITS.name),
};

const extras = {
  url: httpsUrl.optional(),
  aliases: z.array(line(FIELD_LIMITS.alias)).max(FIELD_LIMITS.aliases, { error: 'has too many items' }).default([]),
  tags: z
    .array(
      // YAML reads a bare 402 as a number; a tag is text either way.
      z.union([z.string(), z.number().transform(String)]).pipe(z.string().max(FIELD_LIMITS.tag, { error: 'is too long' }).regex(TAG, { error: 'is not a lowercase tag' })),
    )
    .max(FIELD_LIMITS.tags, { error: 'has too many items' })
    .default([]),
  featured: z.boolean().default(false),
  status: z.enum(STATUSES).optional(),
  successor: z.string().regex(SLUG, { error: 'is not a lowercase slug' }).optional(),
};

const maker = line(FIELD_LIMITS.maker).optional();

const packageId = line(FIELD_LIMITS.package).refine((s) => !/[\s`]/.test(s), {
  error: 'contains a space or a backtick',
});

export const tabularEntrySchema = z
  .strictObject({
    ...identity,
    form: z.literal('tabular'),
    kind: kindSchema,
    description: description(FIELD_LIMITS.tabularDescription)
      .refine((s) => !s.includes('\n'), { error: 'must be on one line' })
      .refine(isOneSentence, { error: 'must be exactly one sentence ending in a period' }),
    maker,
    package: packageId
      .refine((s) => SCOPED_PACKAGE.test(s), { error: 'must be in the scoped form @scope/name' })
      .optional(),
    ...extras,
  })
  .refine((e) => e.package === undefined || e.kind === 'SDK', {
    path: ['package'],
    error: 'is only filled on SDK entries in the tabular form',
  });

export const cardEntrySchema = z.strictObject({
  ...identity,
  form: z.literal('card'),
  description: description(FIELD_LIMITS.cardDescription),
  maker,
  package: packageId.optional(),
  install: line(FIELD_LIMITS.install)
    .refine((s) => !s.includes('`'), { error: 'contains a backtick, which would break out of the code block' })
    .refine((s) => !s.startsWith('$'), { error: 'starts with "$" (the renderer adds the prompt)' })
    .optional(),
  ...extras,
});

export const entrySchema = z.discriminatedUnion('form', [tabularEntrySchema, cardEntrySchema]);

/** One catalogue file: a topic label and its entries. */
export const catalogueFileSchema = z.strictObject({
  category: line(60),
  entries: z.array(z.unknown()).min(1, { error: 'is empty' }),
});

export type TabularEntryData = z.output<typeof tabularEntrySchema>;
export type CardEntryData = z.output<typeof cardEntrySchema>;
export type EntryData = z.output<typeof entrySchema>;

/** Where an entry was read from, for messages that point a maintainer at the line. */
export interface SourceRef {
  file: string;
  line: number;
}

/** A validated entry as the rest of the program sees it. */
export type Entry = EntryData & { category: string; source: SourceRef };
export type TabularEntry = TabularEntryData & { category: string; source: SourceRef };
export type CardEntry = CardEntryData & { category: string; source: SourceRef };

/** The JSON Schema for one catalogue file, with entries spelled out and every field described, for editors. */
export function catalogueJsonSchema(): Record<string, unknown> {
  const describeFields = (schema: z.ZodObject, overrides: Record<string, string> = {}) =>
    z.strictObject(
      Object.fromEntries(
        Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).describe(overrides[key] ?? EXPECTED[key] ?? key)]),
      ),
    );
  const editorSchema = z.strictObject({
    category: catalogueFileSchema.shape.category.describe(EXPECTED.category ?? 'category'),
    entries: z.array(z.union([describeFields(tabularEntrySchema), describeFields(cardEntrySchema, EXPECTED_ON_CARD)])),
  });
  return {
    ...z.toJSONSchema(editorSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Solana resource catalogue file',
    description: 'One topic of the resource catalogue. Run `npm run catalogue:check` after editing.',
  };
}
