/**
 * Every reply a member can get from the shipped catalogue, audited the way a member reads it:
 * every entry's show reply, more than sixty searches in members' own words, and every page of
 * every kind. Counts are printed so a change in coverage shows in the test log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { KINDS, type Entry } from '../../src/catalogue/schema.js';
import { installCommand } from '../../src/catalogue/install.js';
import { PAGE_SIZE } from '../../src/base/limits.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { COLOURS, entryColour } from '../../src/render/style.js';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import type { ResourceIndex } from '../../src/search/index.js';
import { runSubcommand } from '../helpers/commands.js';
import { expectPingsAtMost, expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { catalogueTexts, dataModelWords, midWordCuts, pageCounts, promptsInCode, redOnPublic, vocabulary } from '../helpers/reply-audit.js';

/** What members type: names, short phrases, whole questions, and things the catalogue does not hold. */
export const AUDIT_SEARCHES = [
  'python sdk',
  'how do I test my program without a validator?',
  'token prices',
  'rust framework for programs',
  'typescript client',
  'wallet adapter for react',
  'mobile wallet android',
  'nft minting api',
  'compressed nfts',
  'swap api',
  'jupiter',
  'price feed oracle',
  'rpc provider',
  'websocket streaming',
  'geyser grpc',
  'webhooks for transactions',
  'mcp server',
  'ai agent toolkit',
  'x402 payments',
  'pay per request api',
  'stablecoin on-ramp',
  'usdc transfers',
  'local validator',
  'fuzz testing',
  'unit tests for anchor programs',
  'idl to client generator',
  'program verification build',
  'explorer for transactions',
  'unity game sdk',
  'go sdk',
  'kotlin android',
  'swift ios',
  'flutter dart',
  'learn solana from scratch',
  'course for beginners',
  'cookbook recipes',
  'token extensions',
  'spl token',
  'token 2022 transfer hook',
  'metaplex umi',
  'blinks and actions',
  'priority fees',
  'analytics sql queries',
  'dune',
  'helius',
  'anchor',
  'ancor',
  'litesvn',
  'web3.js',
  'solana kit',
  'gill',
  'steel',
  'pinocchio',
  'surfpool',
  'codama',
  'bankrun replacement',
  'playground in the browser',
  'scaffold a new dapp',
  'create-solana-dapp',
  'sign transactions with a remote signer',
  'gasless transactions fee payer',
  'staking',
  'defi lending protocol',
  'what is the best ethereum wallet',
  'telegram bot on ethereum',
  'how do I center a div',
  'bitcoin lightning node',
  'zzqqxx',
] as const;

let index: ResourceIndex;
let catalogue: string[];
let words: Set<string>;
beforeAll(async () => {
  index = await buildIndex('catalogue');
  catalogue = catalogueTexts(index.catalogue.entries);
  words = vocabulary(catalogue, AUDIT_SEARCHES);
});

interface Audited {
  what: string;
  payload: MessagePayload;
}

/** The checks every reply must pass; problems are collected so one run names them all. */
function audit(replies: readonly Audited[]): string[] {
  const problems: string[] = [];
  for (const { what, payload } of replies) {
    expectWithinDiscordLimits(payload);
    expectPingsAtMost(payload);
    for (const p of [
      ...dataModelWords(payload, catalogue),
      ...midWordCuts(payload, words),
      ...redOnPublic(payload),
      ...promptsInCode(payload),
    ])
      problems.push(`${what}: ${p}`);
  }
  return problems;
}

const show = async (e: Entry): Promise<Audited> => ({ what: `show ${e.id}`, payload: await runSubcommand(index, 'show', { name: e.id }) });

describe('every reply a member can get from the shipped catalogue', () => {
  it("an entry: members' words only, no cut word, no red button, the bare command in code, one colour rule", async () => {
    const replies = await Promise.all(index.catalogue.entries.map(show));
    expect(replies.length).toBe(index.catalogue.entries.length);
    expect(audit(replies)).toEqual([]);
    for (const [i, { payload }] of replies.entries()) {
      const entry = index.catalogue.entries[i]!;
      // Colour says how far to rely on the answer, the same for both forms.
      expect(payload.embeds[0]?.color, entry.id).toBe(entryColour(entry));
      const install = installCommand(entry);
      const field = payload.embeds[0]?.fields?.find((f) => f.value.startsWith('```sh'));
      expect(field?.value, entry.id).toBe(install === undefined ? undefined : `\`\`\`sh\n${install}\n\`\`\``);
    }
    const colours = new Set(
      replies.filter((_, i) => index.catalogue.entries[i]?.status !== 'deprecated').map((r) => r.payload.embeds[0]?.color),
    );
    expect([...colours]).toEqual([COLOURS.answer]);
    console.info(`audit: ${replies.length} entry replies`);
  });

  it(`${AUDIT_SEARCHES.length} searches: the same, and an answer colour or an honest grey "nothing"`, async () => {
    expect(AUDIT_SEARCHES.length).toBeGreaterThanOrEqual(60);
    const replies = await Promise.all(
      AUDIT_SEARCHES.map(async (query) => ({ what: `search "${query}"`, payload: await runSubcommand(index, 'search', { query }) })),
    );
    expect(audit(replies)).toEqual([]);
    for (const { what, payload } of replies)
      expect([COLOURS.answer, COLOURS.caution, COLOURS.none], what).toContain(payload.embeds[0]?.color);
    const suggested = await Promise.all(
      AUDIT_SEARCHES.slice(0, 10).map(async (query) => ({
        what: `public search "${query}"`,
        payload: await runSubcommand(index, 'search', { query, mention: '222' }),
      })),
    );
    for (const { payload } of suggested) expectPingsAtMost(payload, '222');
    console.info(`audit: ${replies.length + suggested.length} search replies`);
  });

  it('every page of every kind: the same, and the page count shown exactly once', async () => {
    const replies: (Audited & { pages: number })[] = [];
    for (const kind of KINDS) {
      const pages = Math.max(1, Math.ceil(index.byKind(kind).entries.length / PAGE_SIZE));
      for (let page = 1; page <= pages; page++)
        // Shown to the channel, as a member browsing for everyone would: public messages are where red matters.
        replies.push({
          what: `kind ${kind} page ${page}`,
          pages,
          payload: await runSubcommand(index, 'kind', { kind, page, hide: false }),
        });
    }
    expect(audit(replies)).toEqual([]);
    for (const { what, pages, payload } of replies) {
      expect(pageCounts(payload), what).toBe(pages > 1 ? 1 : 0);
      expect(payload.embeds[0]?.color, what).toBe(COLOURS.answer);
    }
    console.info(`audit: ${replies.length} kind pages`);
  });
});

describe('the audit itself', () => {
  const reply = (over: Partial<MessagePayload>): MessagePayload => ({
    embeds: [],
    components: [],
    allowed_mentions: { parse: [] },
    ...over,
  });

  it('finds the problems members saw before', () => {
    const old = reply({
      embeds: [
        {
          title: 'Results',
          description: '**6. LiteSVM** · card · LiteSVM\nRuns the Solana VM inside your test process, so…\nThe release w…',
          footer: { text: 'Card · Developer tools · id: litesvm' },
          fields: [{ name: 'Install', value: '```sh\n$ cargo add --dev litesvm\n```' }],
        },
      ],
      components: [
        {
          type: 2 as never,
          components: [
            { type: 2, style: 4, label: 'Delete', custom_id: 'res:delete:1' },
            { type: 2, style: 2, label: '2 / 3', custom_id: 'x', disabled: true },
          ],
        },
      ] as never,
    });
    expect(dataModelWords(old, catalogue)).toEqual([
      'data-model word in "card"',
      'data-model word in "Card"',
      'data-model word in "id: litesvm"',
    ]);
    expect(midWordCuts(old, words)).toEqual([expect.stringContaining('The release w…')]);
    expect(redOnPublic(old)).toHaveLength(1);
    expect(promptsInCode(old)).toHaveLength(1);
    expect(pageCounts(reply({ ...old, embeds: [{ footer: { text: 'Page 2 of 3' } }] }))).toBe(2);
  });

  it("lets the catalogue's own words through, and a red button on a private message", () => {
    // A description that speaks of cards (prepaid cards, gift cards) as content, cut after a whole word as a list line is;
    // taken from the catalogue as it is, so an edit to the entry cannot break the test.
    const withCards = catalogue.find((t) => /^(?:\S+ ){4,}cards\b/.test(t)) ?? '';
    const opening = /^(?:\S+ ){4,}cards\b/.exec(withCards)?.[0] ?? '';
    expect(opening).not.toBe('');
    const fine = reply({
      flags: 64,
      embeds: [{ description: `${opening}…` }],
      components: [{ type: 1, components: [{ type: 2, style: 4, label: 'x', custom_id: 'y' }] }] as never,
    });
    expect(dataModelWords(fine, catalogue)).toEqual([]);
    expect(midWordCuts(fine, words)).toEqual([]);
    expect(redOnPublic(fine)).toEqual([]);
  });
});
