import type { Catalogue } from '../../src/catalogue/load.js';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import type { CardEntry, Entry, Kind, TabularEntry } from '../../src/catalogue/schema.js';

type TabularInput = Partial<Omit<TabularEntry, 'form'>> & { id: string; name: string; kind: Kind };
type CardInput = Partial<Omit<CardEntry, 'form'>> & { id: string; name: string };

let line = 1;

/** A tabular entry with defaults for everything a test does not care about. */
export function tabular(input: TabularInput): TabularEntry {
  return {
    form: 'tabular',
    description: `${input.name} for Solana developers.`,
    aliases: [],
    tags: [],
    featured: false,
    category: 'Test',
    source: { file: 'catalogue/test.yaml', line: line++ },
    ...input,
  };
}

/** A card entry (no kind) with defaults. */
export function card(input: CardInput): CardEntry {
  return {
    form: 'card',
    description: `${input.name} for Solana developers.`,
    aliases: [],
    tags: [],
    featured: false,
    category: 'Cards',
    source: { file: 'catalogue/cards.yaml', line: line++ },
    ...input,
  };
}

/** A catalogue of exactly these entries. */
export function catalogueOf(entries: readonly Entry[]): Catalogue {
  return { entries, files: ['catalogue/test.yaml'] };
}

/** A small catalogue shaped like the real one: the entries the unit tests talk about. */
export const SAMPLE: readonly Entry[] = [
  tabular({
    id: 'anchor',
    name: 'Anchor',
    kind: 'TOOLING',
    maker: 'Solana Foundation',
    description: 'Framework for writing Solana programs in Rust with less boilerplate, plus IDL-based clients.',
    tags: ['rust', 'framework', 'programs'],
    featured: true,
    category: 'Frameworks',
  }),
  tabular({
    id: 'anchor-docs',
    name: 'Anchor Docs',
    kind: 'DOCUMENTATION',
    maker: 'Solana Foundation',
    description: 'Guides and reference for the Anchor framework, including the TypeScript client.',
    tags: ['anchor', 'rust'],
    category: 'Documentation',
  }),
  tabular({
    id: 'solana-kit',
    name: 'Solana Kit',
    kind: 'SDK',
    maker: 'Anza',
    package: '@solana/kit',
    aliases: ['web3.js 2', 'kit'],
    description: 'Modular, tree-shakeable TypeScript SDK for Solana, the successor to web3.js 1.x.',
    tags: ['typescript', 'javascript'],
    featured: true,
    category: 'SDKs',
  }),
  tabular({
    id: 'web3js',
    name: 'web3.js',
    kind: 'SDK',
    maker: 'Solana Labs',
    package: '@solana/web3.js',
    description: 'The classic class-based JavaScript SDK for Solana, in maintenance mode since Kit replaced it.',
    tags: ['javascript', 'typescript', 'legacy'],
    status: 'deprecated',
    successor: 'solana-kit',
    category: 'SDKs',
  }),
  tabular({
    id: 'spl-token-js',
    name: 'SPL Token JS',
    kind: 'SDK',
    maker: 'Solana Labs',
    package: '@solana/spl-token',
    description: 'JavaScript client for the SPL Token and Token-2022 programs.',
    tags: ['tokens', 'javascript'],
    category: 'SDKs',
  }),
  tabular({
    id: 'pinocchio',
    name: 'Pinocchio',
    kind: 'SDK',
    maker: 'Anza',
    description: 'Zero-dependency library for writing compute-efficient Solana programs in Rust.',
    tags: ['rust', 'programs', 'performance'],
    category: 'Frameworks',
  }),
  tabular({
    id: 'litesvm',
    name: 'LiteSVM',
    kind: 'TOOL',
    maker: 'LiteSVM',
    description: 'Fast in-process Solana VM for tests, a replacement for bankrun and solana-program-test.',
    tags: ['testing', 'rust', 'typescript'],
    category: 'Testing',
  }),
  tabular({
    id: 'solana-test-validator',
    name: 'solana-test-validator',
    kind: 'TOOL',
    maker: 'Anza',
    description: 'Runs a local single-node Solana cluster for tests and development.',
    tags: ['testing', 'local', 'validator', 'cli'],
    featured: true,
    category: 'Testing',
  }),
  tabular({
    id: 'solana-playground',
    name: 'Solana Playground',
    kind: 'APP',
    maker: 'Solana Playground',
    aliases: ['solpg'],
    description: 'Browser-based IDE to write, build, deploy and test Solana programs without installing anything.',
    tags: ['ide', 'browser'],
    category: 'Tools',
  }),
  tabular({
    id: 'jupiter-swap-api',
    name: 'Jupiter Swap API',
    kind: 'API',
    maker: 'Jupiter',
    description: 'Get a swap quote across Solana DEXs and build the swap transaction.',
    tags: ['swap', 'quote', 'defi'],
    category: 'Hosted APIs',
  }),
  tabular({
    id: 'helius-rpc',
    name: 'Helius RPC',
    kind: 'API',
    maker: 'Helius',
    description: 'Solana RPC provider with webhooks, DAS and enhanced transaction APIs.',
    tags: ['rpc', 'websocket'],
    category: 'Hosted APIs',
  }),
  tabular({
    id: 'solana-docs',
    name: 'Solana Docs',
    kind: 'DOCS',
    maker: 'Solana Foundation',
    description: 'Core documentation for Solana: accounts, transactions, programs and RPC.',
    featured: true,
    category: 'Documentation',
  }),
  tabular({
    id: 'solana-mcp',
    name: 'Solana Developer MCP',
    kind: 'PRODUCT',
    maker: 'Solana Foundation',
    description: 'Hosted MCP server that answers Solana and Anchor documentation questions for AI coding agents.',
    tags: ['mcp', 'ai'],
    category: 'AI',
  }),
  tabular({
    id: 'x402',
    name: 'x402',
    kind: 'DOCS',
    maker: 'x402 Foundation',
    description: 'Open standard for paying for HTTP requests with stablecoins using the 402 Payment Required status.',
    tags: ['payments', 'http'],
    category: 'Payments',
  }),
  tabular({
    id: 'awesome-solana',
    name: 'awesome-solana',
    kind: 'GITHUB',
    maker: 'avareum',
    description: 'Curated list of Solana resources.',
    category: 'Lists',
  }),
  card({
    id: 'solana-py',
    name: 'solana-py',
    maker: 'Michael Huang',
    package: 'solana',
    description: 'Python SDK for Solana with a sync and async RPC client and SPL Token support.',
    tags: ['python'],
    install: 'pip install solana',
    category: 'SDKs',
  }),
  card({
    id: 'codama',
    name: 'Codama',
    maker: 'Codama',
    package: 'codama',
    aliases: ['Kinobi'],
    description: 'Generates clients for Solana programs from an IDL.',
    tags: ['codegen', 'idl'],
    category: 'Tooling',
  }),
];

export const SAMPLE_CATALOGUE = catalogueOf(SAMPLE);

let shipped: ReturnType<typeof buildIndex> | undefined;
/** The shipped catalogue's index, built once for all the tests of a file that read it. */
export function shippedIndex(): ReturnType<typeof buildIndex> {
  return (shipped ??= buildIndex('catalogue'));
}
