import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Catalogue } from '../../src/catalogue/load.js';
import { KINDS } from '../../src/catalogue/schema.js';
import { catalogueCounts } from '../../src/catalogue/summary.js';
import { installCommand } from '../../src/catalogue/install.js';

let catalogue: Catalogue;
beforeAll(async () => {
  const result = await loadCatalogue('catalogue');
  if (!result.ok) throw new Error(`the shipped catalogue is invalid; run npm run catalogue:check`);
  catalogue = result.catalogue;
});

// The resources the catalogue promises to cover, by id.
const REQUIRED = [
  'solana-kit', 'solana-web3-js', 'gill', 'anchor', 'anchor-docs', 'anchor-ts-client', 'pinocchio', 'steel', 'codama', 'metaplex-umi',
  'solana-program-clients', 'solana-spl-token', 'helius-rpc', 'helius-das-api', 'helius-sdk', 'quicknode-solana-rpc', 'triton-one',
  'alchemy-solana-rpc', 'yellowstone-grpc', 'jupiter-swap-api', 'jupiter-price-api', 'dflow-swap-api', 'birdeye-data-api', 'coingecko-api',
  'pyth-hermes', 'crossmint-minting-api', 'underdog-protocol-api', 'moonpay-commerce-api', 'circle-payment-intents', 'bridge-api', 'solana-pay',
  'dune-api', 'bitquery-solana-apis', 'solscan-pro-api', 'laso-finance-card-api', 'solana-py', 'solders', 'anchorpy', 'solana-go', 'solana-dart',
  'mobile-wallet-adapter', 'sol4k', 'solana-swift', 'solana-unity-sdk', 'agave-cli', 'solana-test-validator', 'litesvm', 'solana-bankrun',
  'surfpool', 'mollusk', 'solana-playground', 'create-solana-dapp', 'solana-wallet-adapter', 'wallet-standard', 'phantom-connect-sdk',
  'reown-appkit-solana', 'squads-multisig-sdk', 'kora', 'turnkey-solana', 'solana-keychain', 'solana-docs', 'solana-rpc-reference',
  'token-extensions-docs', 'spl-docs', 'metaplex-developer-hub', 'actions-and-blinks', 'solana-developer-mcp', 'solana-agent-kit',
  'sendai-solana-mcp', 'x402-specification', 'x402-on-solana', 'payai-facilitator', 'faremeter', 'solana-cookbook', 'solana-developer-courses',
  'ackee-school-of-solana', 'solana-bootcamp', 'program-examples', 'solana-stack-exchange', 'awesome-solana',
];

describe('the shipped catalogue', () => {
  it('has at least 150 entries, 30 cards and every one of the twelve kinds', () => {
    const counts = catalogueCounts(catalogue);
    expect(counts.entries).toBeGreaterThanOrEqual(150);
    expect(counts.cards).toBeGreaterThanOrEqual(30);
    for (const kind of KINDS) expect(counts.byKind[kind], kind).toBeGreaterThan(0);
  });

  it('covers every category with several entries', () => {
    const { byCategory } = catalogueCounts(catalogue);
    expect(Object.keys(byCategory)).toHaveLength(7);
    for (const [category, n] of Object.entries(byCategory)) expect(n, category).toBeGreaterThanOrEqual(5);
  });

  it.each(REQUIRED)('includes %s', (id) => {
    expect(catalogue.entries.find((e) => e.id === id)).toBeDefined();
  });

  it('marks solana-bankrun deprecated and points it at LiteSVM', () => {
    expect(catalogue.entries.find((e) => e.id === 'solana-bankrun')).toMatchObject({ status: 'deprecated', successor: 'litesvm' });
  });

  it('finds renamed resources by their old names', () => {
    const aliases = (id: string) => catalogue.entries.find((e) => e.id === id)?.aliases.map((a) => a.toLowerCase()) ?? [];
    expect(aliases('solana-kit')).toContain('web3.js 2');
    expect(aliases('moonpay-commerce-api')).toContain('helio');
    expect(aliases('codama')).toContain('kinobi');
  });

  it('gives most cards an install line and every SDK row a package or an install', () => {
    const cards = catalogue.entries.filter((e) => e.form === 'card');
    expect(cards.filter((e) => installCommand(e)).length / cards.length).toBeGreaterThan(0.6);
    const sdkRows = catalogue.entries.filter((e) => e.form === 'tabular' && e.kind === 'SDK');
    // Blocto's Go module path could not be verified, so it ships without one.
    expect(sdkRows.filter((e) => !installCommand(e)).map((e) => e.id)).toEqual(['blocto-solana-go-sdk']);
  });

  it('references the JSON Schema from every file, so editors validate while a maintainer types', () => {
    for (const file of catalogue.files) expect(readFileSync(file, 'utf8').split('\n')[0], file).toBe('# yaml-language-server: $schema=./catalogue.schema.json');
  });
});
