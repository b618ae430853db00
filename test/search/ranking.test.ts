import { describe, expect, it } from 'vitest';
import { syntheticCatalogue } from '../../bench/generate.js';
import { rankingFor } from '../../src/search/answer.js';
import { createResourceIndex } from '../../src/search/index.js';
import { FEATURES, termWeight, type FeatureName } from '../../src/search/rank.js';
import { inflections, otherForms } from '../../src/search/words.js';
import { catalogueOf, card, shippedIndex, tabular } from './fixtures.js';

const ids = (index: ReturnType<typeof createResourceIndex>, query: string) => index.search(query).map((h) => h.entry.id);

describe('ranking rules', () => {
  it('prefers the entry for the language the member names, as its registry says', () => {
    const description = 'Connect a typescript or flutter mobile app to the wallet apps on the phone.';
    const index = createResourceIndex(
      catalogueOf([
        // Ids no shipped entry has: the shipped models' questions answered before are labelled with shipped ids.
        card({ id: 'mwa-client-ts', name: 'MWA client', package: 'mwa-client', registry: 'npm', description }),
        card({ id: 'mwa-client-flutter', name: 'MWA client kit', package: 'mwa_client', registry: 'pub', description }),
      ]),
    );
    expect(ids(index, 'connect my mobile app to the wallet apps on the phone, our app is flutter')[0]).toBe('mwa-client-flutter');
    expect(ids(index, 'connect my mobile app to the wallet apps on the phone from typescript')[0]).toBe('mwa-client-ts');
  });

  it('lists an entry the member rules out by its whole name after every other match', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'anchor', name: 'Anchor', description: 'Framework to write Solana programs in Rust.' }),
        card({ id: 'pinocchio', name: 'Pinocchio', description: 'Zero-dependency crate to write Solana programs in Rust.' }),
      ]),
    );
    expect(ids(index, 'write solana programs in rust')[0]).toBe('anchor');
    expect(ids(index, "i don't want to use anchor, how do i write solana programs in rust")[0]).toBe('pinocchio');
    expect(ids(index, 'write solana programs without anchor')[0]).toBe('pinocchio');
  });

  it('brings a deprecated entry’s successor in right after it', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({
          id: 'bankrun',
          name: 'solana-bankrun',
          status: 'deprecated',
          successor: 'litesvm',
          description: 'Test framework on BanksServer.',
        }),
        card({ id: 'litesvm', name: 'LiteSVM', description: 'Fast in-process VM for tests.' }),
        card({ id: 'other', name: 'Other bankrun helper', description: 'Bankrun bankrun bankrun.' }),
      ]),
    );
    expect(ids(index, 'bankrun').slice(0, 2)).toEqual(['bankrun', 'litesvm']);
  });

  it('lifts a typo of a whole name above entries that only mention the name', () => {
    const index = createResourceIndex(
      catalogueOf([
        tabular({ id: 'anchor', name: 'Anchor', kind: 'TOOL', description: 'Framework.' }),
        tabular({
          id: 'client',
          name: 'Anchor TypeScript client',
          kind: 'SDK',
          aliases: ['@coral-xyz/anchor'],
          tags: ['anchor'],
          description: 'Anchor client from an Anchor IDL.',
        }),
      ]),
    );
    expect(ids(index, 'ancor')[0]).toBe('anchor');
  });

  it('lists the entry spelt exactly like the query first when punctuation makes two names collide', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'anchor', name: 'Anchor', aliases: ['coral-xyz/anchor'], featured: true }),
        card({ id: 'anchor-ts', name: 'Anchor TypeScript client', aliases: ['@coral-xyz/anchor'] }),
      ]),
    );
    expect(ids(index, '@coral-xyz/anchor')[0]).toBe('anchor-ts');
    expect(ids(index, 'coral-xyz/anchor')[0]).toBe('anchor');
  });

  it('still finds a name by its alias when a later word of another name reads the same', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'web3', name: '@solana/web3.js', aliases: ['web3.js'] }),
        card({ id: 'kit', name: 'Solana Kit', aliases: ['web3.js 2'] }),
      ]),
    );
    expect(ids(index, 'web3js')[0]).toBe('web3');
  });

  it('matches the words of a camelCase identifier', () => {
    const index = createResourceIndex(
      catalogueOf([tabular({ id: 'das', name: 'DAS API', kind: 'API', description: 'Methods such as getAssetsByOwner.' })]),
    );
    expect(ids(index, 'assets by owner')).toEqual(['das']);
    expect(ids(index, 'getAssetsByOwner')).toEqual(['das']);
  });

  it('reads another form of an unknown word, the commonest known one first', () => {
    const index = createResourceIndex(
      catalogueOf([
        tabular({
          id: 'geyser',
          name: 'Geyser streams',
          kind: 'API',
          tags: ['indexing'],
          description: 'Streams account updates for indexing.',
        }),
        tabular({ id: 'old', name: 'Old data', kind: 'API', description: 'Data indexed long ago.' }),
      ]),
    );
    expect(ids(index, 'indexer')[0]).toBe('geyser');
    expect(ids(index, 'streamer')).toEqual(['geyser']);
  });

  it('derives word forms from a stem of at least four letters', () => {
    expect(otherForms('indexer')).toEqual(['indexing', 'indexed', 'indexion', 'indexe', 'index']);
    expect(otherForms('swapper')).toContain('swap');
    expect(otherForms('minting')).toContain('mint');
    expect(otherForms('fastest')).toContain('fast'); // "fastest way to run tests" → LiteSVM, tagged fast
    expect(otherForms('rust')).toEqual([]);
    expect(otherForms('user')).toEqual([]); // "us" is too short a stem to mean anything
  });

  it('searches the forms the catalogue writes of a word the member typed in another', () => {
    expect(inflections('sign')).toEqual(expect.arrayContaining(['signing', 'signed', 'signer']));
    expect(inflections('generate')).toEqual(expect.arrayContaining(['generating', 'generated', 'generator', 'generation']));
    expect(inflections('swap')).toContain('swapping');
    expect(inflections('transfer')).toContain('transferring');
    expect(inflections('connect')).not.toContain('connectting');
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'signer', name: 'Remote thing', tags: ['signing', 'offline'], description: 'Keeps keys apart.' }),
        card({ id: 'other', name: 'Other thing', tags: ['offline'], description: 'Nothing here to sign.' }),
      ]),
    );
    // "sign" is a word of this catalogue, and "signing" a label: the entry tagged with it answers.
    expect(ids(index, 'sign offline')[0]).toBe('signer');
  });

  it('answers a name without its leading "Solana" as that name, before names merely containing the words', () => {
    const index = createResourceIndex(
      catalogueOf([
        tabular({
          id: 'vendor-ts',
          name: 'Vendor TypeScript SDK',
          kind: 'SDK',
          tags: ['typescript'],
          description: 'A TypeScript SDK for one vendor.',
        }),
        card({ id: 'kit', name: 'Solana Kit', aliases: ['Solana TypeScript SDK'], description: 'The core SDK.' }),
        card({ id: 'pay', name: 'Solana Pay', description: 'A payments standard.' }),
        card({ id: 'pay-js', name: 'Solana Pay JS', package: '@solana/pay', description: 'Its library.' }),
      ]),
    );
    expect(ids(index, 'typescript sdk')[0]).toBe('kit');
    expect(ids(index, 'kit')[0]).toBe('kit');
    expect(ids(index, 'pay').slice(0, 2)).toEqual(['pay', 'pay-js']);
    expect(index.lookup('pay').entry?.id).toBe('pay');
  });

  it('repairs two swapped letters', () => {
    const index = createResourceIndex(catalogueOf([card({ id: 'pg', name: 'Solana Playground' }), card({ id: 'x', name: 'Explorer' })]));
    expect(ids(index, 'playgorund')[0]).toBe('pg');
  });

  it('searches a word typed as two known words run together for both words ("blockheight")', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'height', name: 'Chain clock', description: 'Tells the current block height and slot.' }),
        card({ id: 'block', name: 'Block explorer', description: 'Shows any block and its transactions.' }),
      ]),
    );
    expect(ids(index, 'blockheight')[0]).toBe('height');
  });

  it('reads chat shorthand as the word its vowels were dropped from', () => {
    const index = createResourceIndex(
      catalogueOf([
        card({ id: 'provider', name: 'Node host', tags: ['provider', 'rpc'], description: 'An RPC provider.' }),
        card({ id: 'prover', name: 'Proof kit', tags: ['prover'], description: 'A zero-knowledge prover.' }),
      ]),
    );
    expect(ids(index, 'provdr')[0]).toBe('provider');
    // Only vowels may be missing: "prvr" keeps the consonants of "prover", not of "provider".
    expect(ids(index, 'prvr')[0]).toBe('prover');
  });
});

describe('on a large catalogue', () => {
  const catalogue = syntheticCatalogue(4000);
  const index = createResourceIndex(catalogue);
  const sample = catalogue.entries.filter((_, n) => n % 97 === 0);

  it('finds entries by a distinctive word among common ones', () => {
    for (const entry of sample) expect(ids(index, `${entry.name.toLowerCase()} api sdk`)).toContain(entry.id);
  });

  const nameWords = new Set(catalogue.entries.flatMap((e) => e.name.toLowerCase().split(' ')));
  const spellsAnother = (typo: string) => nameWords.has(typo) || index.snapshot.engine.frequency(typo) > 0;

  it('finds entries by a misspelt distinctive word', () => {
    let checked = 0;
    for (const entry of sample) {
      const [brand = '', ...rest] = entry.name.toLowerCase().split(' ');
      const typo = brand.length >= 5 ? `${brand.slice(0, 2)}${brand.slice(3)}` : brand;
      // A slip that spells another of the catalogue's words is read as that word ("orent" for "oruent" finds Orent).
      if (typo !== brand && spellsAnother(typo)) continue;
      checked++;
      expect(ids(index, [typo, ...rest].join(' '))).toContain(entry.id);
    }
    expect(checked).toBeGreaterThan(sample.length * 0.8);
  });

  it('reads a slip that spells another catalogue word as that word', () => {
    const known = sample.find((entry) => {
      const brand = entry.name.toLowerCase().split(' ')[0] ?? '';
      return brand.length >= 5 && spellsAnother(`${brand.slice(0, 2)}${brand.slice(3)}`);
    });
    if (!known) return;
    const brand = known.name.toLowerCase().split(' ')[0] ?? '';
    const slip = `${brand.slice(0, 2)}${brand.slice(3)}`;
    expect(ids(index, slip).every((id) => index.get(id)?.name.toLowerCase().includes(slip))).toBe(true);
  });

  it('answers a query of only common words', () => {
    expect(index.search('payments api')).toHaveLength(10);
  });
});

describe('a question that names an entry among its words', () => {
  it('is never answered "nothing", even when its other words are unknown (a misspelt name beside it)', async () => {
    const index = await shippedIndex();
    const found = index.answer('how do i use pinnochio with litesvm');
    expect(found.match).not.toBe('none');
    expect(found.hits.slice(0, 5).map((h) => h.entry.id)).toContain('litesvm');
  });
});

/** One ranking feature of entry `id` among the candidates for `query`, on the shipped catalogue. */
async function featureOf(feature: FeatureName, query: string, id: string): Promise<number | undefined> {
  const { snapshot } = await shippedIndex();
  const candidate = rankingFor(snapshot, query, {})?.ranked.find((c) => snapshot.entries[c.hit.i]?.id === id);
  return candidate?.features[FEATURES.indexOf(feature)];
}

describe('a misspelt name among the question’s words', () => {
  it('names its entry as the name spelt right does', async () => {
    const named = (query: string) => featureOf('namedInText', query, 'pinocchio');
    expect(await named('how do i use pinocchio with litesvm')).toBe(1);
    expect(await named('how do i use pinnochio with litesvm')).toBe(1);
  });
});

describe('a product the question names, and its documentation', () => {
  it('marks the docs of the named product, not the product itself, nor docs named by a subject', async () => {
    const docsOfNamed = (query: string, id: string) => featureOf('docsOfNamed', query, id);
    expect(await docsOfNamed('anchor build fails with a weird error, how do I fix it?', 'anchor-docs')).toBe(1);
    expect(await docsOfNamed('anchor build fails with a weird error, how do I fix it?', 'anchor')).toBe(0);
    expect(await docsOfNamed('metaplex how do i update metadata of my nft', 'metaplex-developer-hub')).toBe(1);
    // "rpc" is a subject the vocabulary has words for, asked about everywhere: not a product's name.
    expect(await docsOfNamed('my rpc keeps returning 429 on getProgramAccounts', 'solana-rpc-reference')).toBe(0);
  });

  it('marks the product a question names as what the member is leaving when it asks what replaces it', async () => {
    const replaced = (query: string) => featureOf('namedReplaced', query, 'solana-spl-token');
    expect(await replaced('on kit, what replaces @solana/spl-token for creating mints?')).toBe(1);
    expect(await replaced('how do I create a mint with @solana/spl-token?')).toBe(0);
  });
});

describe('a word the catalogue does not know', () => {
  it('weighs like an uncommon word when it is two known words run together, like an unknown name otherwise', async () => {
    const { snapshot } = await shippedIndex();
    const weight = (word: string) => termWeight(snapshot.engine, word, false, snapshot.settings);
    expect(weight('hardcode')).toBeLessThan(weight('zorblax'));
    expect(weight('highlevel')).toBeLessThan(weight('zorblax'));
  });
});
