import { z } from 'zod';
import { line, SLUG, type PackageRef } from './schema.js';

/** Registries whose API `catalogue:verify` knows how to read; the base URLs themselves are data. */
export const VERIFIABLE_REGISTRIES = ['npm', 'crates', 'pypi'] as const;
export type VerifiableRegistry = (typeof VERIFIABLE_REGISTRIES)[number];

/** What each field of registries.yaml holds, quoted in every problem about it. */
export const REGISTRY_EXPECTED: Record<string, string> = {
  registries: 'a list of registries',
  id: 'a lowercase slug that entries name in their registry field, such as "npm" or "crates"',
  name: 'the registry\'s full name on one line, such as "the Python Package Index"',
  label: 'the short word members put before a package id, such as "npm", "crate", "PyPI" or "Go module"',
  install: 'a list of command prefixes that install or run a package from this registry, such as "npm install" or "cargo add"',
  command: 'the usual install command with {package} where the id goes, such as "npm install {package}"',
  page: 'an https:// URL template with {package} (the id as written) or {path} (the id with ":" turned into "/")',
  api: `the https:// base URL of the registry's API; only for ${VERIFIABLE_REGISTRIES.join(', ')}`,
};

const template = (what: string) =>
  line(300).refine((s) => /\{(?:package|path)\}/.test(s), { error: `has no {package} or {path} placeholder for the ${what}` });

const https = line(300)
  .refine((s) => URL.canParse(s), { error: 'is not a valid URL' })
  .refine((s) => s.startsWith('https://'), { error: 'must use https' })
  .refine((s) => !s.endsWith('/'), { error: 'ends with a slash' });

export const registrySchema = z
  .strictObject({
    id: z.string().max(30, { error: 'is too long' }).regex(SLUG, { error: 'is not a lowercase slug' }),
    name: line(80),
    label: line(20),
    install: z.array(line(60).regex(/^[a-z0-9][\w.-]*(?: [\w.-]+)*$/, { error: 'is not a command prefix' })).default([]),
    command: template('package id').optional(),
    page: template('package id')
      .refine((s) => s.startsWith('https://'), { error: 'must use https' })
      .optional(),
    api: https.optional(),
  })
  .refine((r) => r.api === undefined || (VERIFIABLE_REGISTRIES as readonly string[]).includes(r.id), {
    path: ['api'],
    error: `is only read for ${VERIFIABLE_REGISTRIES.join(', ')}`,
  })
  .refine((r) => r.command === undefined || r.install.some((prefix) => r.command === prefix || r.command?.startsWith(`${prefix} `)), {
    path: ['command'],
    error: 'does not start with one of the install prefixes',
  });

export const registriesFileSchema = z.strictObject({
  registries: z.array(z.unknown()).min(1, { error: 'is empty' }),
});

export type Registry = z.output<typeof registrySchema>;

/** Fills a page or command template with a package id. */
function fill(text: string, pkg: string): string {
  return text.replaceAll('{package}', pkg).replaceAll('{path}', pkg.replaceAll(':', '/'));
}

/** The registry facts an entry's package gets: its label, its page and, for a tabular SDK row, its install command. */
export function resolvePackage(pkg: string, registry: Registry): PackageRef {
  return {
    label: registry.label,
    ...(registry.page ? { page: encodeURI(fill(registry.page, pkg)) } : {}),
    ...(registry.command ? { install: fill(registry.command, pkg) } : {}),
  };
}

// A pinned spec continues the id with a version or extra: @solana/web3.js@1, solana==0.30, solana:^0.30, pkg[extra].
const PIN_START = /^[@=<>~!:[^]/;

/** Whether one word of an install line names `pkg`, bare or pinned to a version. */
function namesPackage(word: string, pkg: string): boolean {
  const spec = word.replace(/^["']|["']$/g, '').toLowerCase();
  const id = pkg.toLowerCase();
  return spec === id || (spec.startsWith(id) && PIN_START.test(spec.slice(id.length)));
}

/** How an install line fits a package and its registry. */
export type InstallFit = { ok: true } | { ok: false; reason: 'no-install' | 'tool' | 'package' };

/**
 * Checks that `install` starts with one of the registry's install prefixes and that, among the words
 * after it that are not flags, one names `pkg` (pinned or not). Extra packages on the line are fine:
 * a card may install its peers too.
 */
export function installFits(install: string, pkg: string, registry: Registry): InstallFit {
  if (registry.install.length === 0) return { ok: false, reason: 'no-install' };
  const words = install.trim().split(/\s+/);
  const prefix = registry.install
    .map((p) => p.split(' '))
    .sort((a, b) => b.length - a.length)
    .find((p) => p.every((w, i) => words[i] === w));
  if (!prefix) return { ok: false, reason: 'tool' };
  const args = words.slice(prefix.length).filter((w) => !w.startsWith('-'));
  return args.some((w) => namesPackage(w, pkg)) ? { ok: true } : { ok: false, reason: 'package' };
}

/** "a, b or c": lists read better in messages than JSON arrays. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1) ?? ''}`;
}

/** The JSON Schema for registries.yaml, every field described, for editors. */
export function registriesJsonSchema(): Record<string, unknown> {
  const described = z.strictObject(
    Object.fromEntries(Object.entries(registrySchema.shape).map(([key, field]) => [key, (field as z.ZodType).describe(REGISTRY_EXPECTED[key] ?? key)])),
  );
  return {
    ...z.toJSONSchema(z.strictObject({ registries: z.array(described).describe(REGISTRY_EXPECTED.registries ?? 'registries') }), {
      io: 'input',
      unrepresentable: 'any',
    }),
    title: 'Solana resource catalogue registries',
    description: 'The package registries entries name in their registry field. Run `npm run catalogue:check` after editing.',
  };
}
