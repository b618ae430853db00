import { z } from 'zod';
import { hasInvisible } from '../base/text.js';
import { RELATIVE_EXPECTED, RESEARCH_EXPECTED, STALE_EXPECTED, relativeTime, researchWording, staleFact } from './prose.js';

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
  // A card's description plus its install block and footer fits a phone screen (600 px at 400 px wide: docs/replies.md).
  cardDescription: 400,
  alias: 80,
  aliases: 10,
  tag: 32,
  tags: 12,
  version: 40,
  fact: 200,
  facts: 6,
  ask: 120,
  asksMin: 8,
  asksMax: 40,
  sources: 5,
  relates: 10,
} as const;

/** How one entry relates to another it shares a link or a product with (see catalogue/README.md). */
export const RELATIONS = ['part-of', 'same-product', 'guide-to', 'companion'] as const;

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
  package: 'a package id without spaces or backticks, as its registry spells it; on a tabular entry only for kind SDK',
  registry: 'the id of the registry the package is published on, from registries.yaml (npm, crates, pypi, pub, go, maven…)',
  browse: `the kind under which /resource kind lists this card: one of ${KINDS.join(', ')}`,
  version: 'the newest version seen on the registry, in quotes when YAML would read it as a number (e.g. "1.0")',
  checked: 'the month the dated value was seen, as YYYY-MM (e.g. 2026-11)',
  as_of: `a list of at most ${FIELD_LIMITS.facts} dated facts, each with fact (one line, at most ${FIELD_LIMITS.fact} characters) and checked (YYYY-MM)`,
  fact: `a price, count or limit on one line, at most ${FIELD_LIMITS.fact} characters, such as "Mainnet plans start at $175 a month."`,
  install: `one shell command on one line without the leading "$" and without backticks, at most ${FIELD_LIMITS.install} characters`,
  url: 'an https:// URL',
  aliases: `a list of at most ${FIELD_LIMITS.aliases} other names, each on one line`,
  tags: `a list of at most ${FIELD_LIMITS.tags} lowercase tags such as "rust" or "websocket"`,
  featured: 'true or false',
  status: `one of ${STATUSES.join(', ')} (leave it out when the resource is stable)`,
  successor: 'the id of the entry that replaces this one',
  category: 'a short label for the file\'s topic, such as "Hosted APIs"',
  asks: `a list of ${FIELD_LIMITS.asksMin} to ${FIELD_LIMITS.asksMax} needs or questions this resource answers, in members' words (one line each, at most ${FIELD_LIMITS.ask} characters), such as "get every nft a wallet owns"`,
  sources: `a list of at most ${FIELD_LIMITS.sources} pages the entry's facts were checked against, each with url (https://) and checked (YYYY-MM)`,
  relates: `a list of at most ${FIELD_LIMITS.relates} links to entries this one shares a page or a product with, each with to (an entry id) and as (${RELATIONS.join(', ')})`,
  entries: 'a list of entries',
};

/** Where a card's expectation differs from a tabular entry's. */
export const EXPECTED_ON_CARD: Record<string, string> = {
  description: `one or more sentences, at most ${FIELD_LIMITS.cardDescription} characters`,
  package: 'a package id without spaces or backticks, as its registry spells it, such as @solana/kit, solders or anchor-lang',
};

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAG = /^[a-z0-9][a-z0-9+#.-]*$/;
const MONTH = /^20\d\d-(?:0[1-9]|1[0-2])$/;

/** A trimmed, single-line piece of text with no invisible characters. */
export function line(max: number) {
  return z
    .string()
    .min(1, { error: 'is empty' })
    .max(max, { error: `is too long` })
    .refine((s) => !s.includes('\n'), { error: 'must be on one line' })
    .refine((s) => !hasInvisible(s), { error: 'contains a control, zero-width or direction character' })
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
    .refine((s) => !hasInvisible(s, { allowNewlines: true }), { error: 'contains a control, zero-width or direction character' })
    .refine((s) => s === s.trim(), { error: 'has leading or trailing spaces' })
    .superRefine((s, ctx) => {
      const research = researchWording(s);
      if (research !== undefined)
        ctx.addIssue({ code: 'custom', message: `reads like research notes ("${research}")`, params: { expected: RESEARCH_EXPECTED } });
      const stale = staleFact(s);
      if (stale !== undefined)
        ctx.addIssue({ code: 'custom', message: `holds a fact that goes stale ("${stale}")`, params: { expected: STALE_EXPECTED } });
      const relative = relativeTime(s);
      if (relative !== undefined)
        ctx.addIssue({ code: 'custom', message: `holds a word true only when written ("${relative}")`, params: { expected: RELATIVE_EXPECTED } });
    });

/** A dated fact: plain text, but never research notes. */
const fact = () =>
  line(FIELD_LIMITS.fact).superRefine((s, ctx) => {
    const research = researchWording(s);
    if (research !== undefined)
      ctx.addIssue({ code: 'custom', message: `reads like research notes ("${research}")`, params: { expected: RESEARCH_EXPECTED } });
  });

/** A month as YYYY-MM; YAML reads 2026-11 as text, so no quoting is needed. */
export const month = z.string({ error: 'has the wrong type' }).regex(MONTH, { error: 'is not a month' });

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
  version: z
    .string({ error: 'has the wrong type' })
    .min(1, { error: 'is empty' })
    .max(FIELD_LIMITS.version, { error: 'is too long' })
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, { error: 'is not a version' })
    .optional(),
  checked: month.optional(),
  as_of: z
    .array(z.strictObject({ fact: fact(), checked: month }))
    .min(1, { error: 'is empty' })
    .max(FIELD_LIMITS.facts, { error: 'has too many items' })
    .optional(),
  asks: z
    .array(line(FIELD_LIMITS.ask))
    .min(FIELD_LIMITS.asksMin, { error: `has fewer than ${FIELD_LIMITS.asksMin} items` })
    .max(FIELD_LIMITS.asksMax, { error: 'has too many items' })
    .optional(),
  sources: z
    .array(z.strictObject({ url: httpsUrl, checked: month }))
    .min(1, { error: 'is empty' })
    .max(FIELD_LIMITS.sources, { error: 'has too many items' })
    .optional(),
  relates: z
    .array(z.strictObject({ to: z.string().regex(SLUG, { error: 'is not a lowercase slug' }), as: z.enum(RELATIONS) }))
    .max(FIELD_LIMITS.relates, { error: 'has too many items' })
    .optional(),
};

const maker = line(FIELD_LIMITS.maker).optional();

const packageId = line(FIELD_LIMITS.package).refine((s) => !/[\s`]/.test(s), {
  error: 'contains a space or a backtick',
});

// Which registries exist is data (registries.yaml); the cross-checks hold the id against it.
const registryId = z.string({ error: 'has the wrong type' }).regex(SLUG, { error: 'is not a registry id' });

/** A version needs the month it was seen, or "as of" cannot be shown. */
function datedVersion(e: { version?: string | undefined; checked?: string | undefined }, ctx: z.core.$RefinementCtx): void {
  if (e.version !== undefined && e.checked === undefined) ctx.addIssue({ code: 'custom', path: ['checked'], message: 'is required with a version' });
  if (e.checked !== undefined && e.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: 'is required with checked' });
}

export const tabularEntrySchema = z
  .strictObject({
    ...identity,
    form: z.literal('tabular'),
    kind: kindSchema,
    description: description(FIELD_LIMITS.tabularDescription)
      .refine((s) => !s.includes('\n'), { error: 'must be on one line' })
      .refine(isOneSentence, { error: 'must be exactly one sentence ending in a period' }),
    maker,
    package: packageId.optional(),
    registry: registryId.optional(),
    ...extras,
  })
  .refine((e) => e.package === undefined || e.kind === 'SDK', {
    path: ['package'],
    error: 'is only filled on SDK entries in the tabular form',
  })
  .superRefine(datedVersion);

export const cardEntrySchema = z
  .strictObject({
    ...identity,
    form: z.literal('card'),
    /**
     * The kind under which `/resource kind` lists this card; a card shows no Kind of its own. Required in
     * the catalogue (the cross-checks say so at the card's line), optional in the type so code can build a card.
     */
    browse: kindSchema.optional(),
    description: description(FIELD_LIMITS.cardDescription),
    maker,
    package: packageId.optional(),
    registry: registryId.optional(),
    install: line(FIELD_LIMITS.install)
      .refine((s) => !s.includes('`'), { error: 'contains a backtick, which would break out of the code block' })
      .refine((s) => !s.startsWith('$'), { error: 'starts with "$" (the renderer adds the prompt)' })
      .optional(),
    ...extras,
  })
  .superRefine(datedVersion);

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

/**
 * A package resolved against its registry by the loader: the label members use before the id
 * ("crate", "npm"), the package's page, and for a tabular SDK row the command that installs it.
 */
export interface PackageRef {
  label: string;
  page?: string;
  install?: string;
}

/** What the loader adds to every entry: where it came from and, for a package, its registry facts. */
interface Loaded {
  category: string;
  source: SourceRef;
  packageRef?: PackageRef;
}

/** A validated entry as the rest of the program sees it. */
export type Entry = EntryData & Loaded;
export type TabularEntry = TabularEntryData & Loaded;
export type CardEntry = CardEntryData & Loaded;

/**
 * The JSON Schema for one catalogue file, with entries spelled out and every field described, for editors.
 * `registryIds` (from registries.yaml) become the choices offered for `registry`.
 */
export function catalogueJsonSchema(registryIds: readonly string[]): Record<string, unknown> {
  const registry = registryIds.length > 0 ? z.enum(registryIds as [string, ...string[]]).optional() : undefined;
  // Editors see the catalogue's rules: the registry from registries.yaml, and browse required on cards.
  const editorField = (key: string, field: z.ZodType, form: 'tabular' | 'card') =>
    key === 'registry' && registry ? registry : key === 'browse' && form === 'card' ? kindSchema : field;
  const describeFields = (schema: z.ZodObject, form: 'tabular' | 'card', overrides: Record<string, string> = {}) =>
    z.strictObject(
      Object.fromEntries(
        Object.entries(schema.shape).map(([key, field]) => [
          key,
          editorField(key, field as z.ZodType, form).describe(overrides[key] ?? EXPECTED[key] ?? key),
        ]),
      ),
    );
  const editorSchema = z.strictObject({
    category: catalogueFileSchema.shape.category.describe(EXPECTED.category ?? 'category'),
    entries: z.array(z.union([describeFields(tabularEntrySchema, 'tabular'), describeFields(cardEntrySchema, 'card', EXPECTED_ON_CARD)])),
  });
  return {
    ...z.toJSONSchema(editorSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Solana resource catalogue file',
    description: 'One topic of the resource catalogue. Run `npm run catalogue:check` after editing.',
  };
}
