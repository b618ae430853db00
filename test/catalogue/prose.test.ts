import { describe, expect, it } from 'vitest';
import { relativeTime, researchWording } from '../../src/catalogue/prose.js';

describe('the prose check', () => {
  it.each([
    // The wordings the re-audit found in shipped descriptions.
    'Hermes is rate limited, and a third-party guide notes that Triton serves it too.',
    'It follows x402 V2, according to a published conformance file.',
    'The fastest RPC on Solana by its own account.',
    'A docs banner says an API key is required.',
    'Covers LiteSVM, as described in a third-party testing guide.',
    // Other shapes of the same thing.
    'The README states that it supports Python 3.12.',
    'Per the maintainers, it is production ready.',
    'Its changelog mentions a rewrite in Rust.',
    'The team claims sub-second finality.',
    'It reportedly handles 10k requests a second.',
    'As noted in the official docs, the key goes in a header.',
    'Built on Kit, the project itself says that it replaces web3.js.',
  ])('refuses talk about where a fact was read: %s', (text) => {
    expect(researchWording(text)).toBeDefined();
  });

  it.each([
    'Returns the current price and the latest blockhash for a list of mints.',
    'A tutorial by Chainstack that builds and tests an escrow with LiteSVM.',
    'Docs for the Anchor framework: accounts, constraints and the IDL.',
    'The guide walks through minting a compressed NFT with Bubblegum.',
    'Anza maintains the Agave validator and its CLI.',
    'Serves blocks older than two days from an archive.',
  ])('lets a description of the resource through: %s', (text) => {
    expect(researchWording(text)).toBeUndefined();
    expect(relativeTime(text)).toBeUndefined();
  });

  it.each([
    ['Squads Grid is now winding down.', 'now'],
    ['It does not support Token-2022 yet.', 'yet'],
    ['The classic SDK is still maintained on a branch.', 'still'],
    ['Currently in beta.', 'Currently'],
    ['It recently moved to the Solana Foundation.', 'recently'],
    ['The v1 API is no longer served.', 'no longer'],
    ['Pin the latest version of the CLI.', 'latest version'],
    ['A fork that reads the newer IDL format.', 'newer'],
    ['The older library targets web3.js 1.x.', 'older'],
  ])('refuses a relative time word that needs a date: %s', (text, word) => {
    expect(relativeTime(text)).toBe(word);
  });
});
