import { entrySchema, type Entry } from '../../src/catalogue/schema.js';
import { createResourceIndex } from '../../src/search/index.js';
import type { ResourceIndex } from '../../src/search/index.js';

/** Builds a validated entry from the fields a test cares about. */
export function entry(fields: Record<string, unknown>, category = 'Fixtures'): Entry {
  // A package gets the npm facts the loader would add from registries.yaml (a row also its install command).
  const parsed = entrySchema.parse(fields);
  const pkg = parsed.package;
  const packageRef = pkg
    ? {
        packageRef: {
          label: 'npm',
          page: `https://registry.example/package/${pkg}`,
          ...(parsed.form === 'tabular' ? { install: `npm install ${pkg}` } : {}),
        },
      }
    : {};
  return { ...parsed, ...packageRef, category, source: { file: 'fixture.yaml', line: 1 } };
}

export const kit = entry({
  id: 'solana-kit',
  name: 'Solana Kit',
  form: 'tabular',
  kind: 'SDK',
  description: 'The modern TypeScript SDK for Solana.',
  maker: 'Anza',
  package: '@solana/kit',
  url: 'https://github.com/anza-xyz/kit',
  featured: true,
  aliases: ['web3.js 2'],
});
export const docs = entry({
  id: 'solana-docs',
  name: 'Solana Docs',
  form: 'tabular',
  kind: 'DOCS',
  description: 'The official documentation for building on Solana.',
});
export const litesvm = entry({
  id: 'litesvm',
  name: 'LiteSVM',
  form: 'card',
  description: 'A fast in-process Solana VM for tests.',
  maker: 'LiteSVM',
  package: 'litesvm',
  install: 'npm install litesvm',
});
export const bankrun = entry({
  id: 'solana-bankrun',
  name: 'solana-bankrun',
  form: 'card',
  description: 'A lightweight test framework, deprecated in favour of LiteSVM.',
  status: 'deprecated',
  successor: 'litesvm',
});
export const rpcDocs = entry({
  id: 'rpc-reference',
  name: 'Solana RPC reference',
  form: 'tabular',
  kind: 'DOCUMENTATION',
  description: 'Every JSON-RPC method with parameters and examples.',
});

/** 23 SDK entries, so a kind listing has three pages. */
export const manySdks = Array.from({ length: 22 }, (_, i) =>
  entry({
    id: `sdk-${String(i).padStart(2, '0')}`,
    name: `Example SDK ${String(i).padStart(2, '0')}`,
    form: 'tabular',
    kind: 'SDK',
    description: `Example client library number ${i}.`,
  }),
);

/** A small catalogue with both forms, near-synonym kinds, a deprecated entry and many SDKs. */
export function fixtureIndex(extra: Entry[] = []): ResourceIndex {
  const entries = [kit, docs, litesvm, bankrun, rpcDocs, ...manySdks, ...extra];
  return createResourceIndex({ entries, files: ['fixture.yaml'] });
}
