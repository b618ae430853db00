import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../helpers/property-runs.js';
import type { Entry } from '../../src/catalogue/schema.js';
import { KINDS } from '../../src/catalogue/schema.js';
import type { Audience } from '../../src/render/audience.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { renderEntry, renderInstall } from '../../src/render/entry.js';
import { renderKindPage, renderNoAnswer, renderNoMatch, renderSearchResults } from '../../src/render/lists.js';
import { SUPPORTED_LOCALES } from '../../src/i18n/index.js';
import { expectPingsAtMost, expectWithinDiscordLimits, markdownOutsideCode } from '../helpers/discord-limits.js';

// Pieces of text that have broken bots before: fences, mass mentions, markdown, invisible and RTL characters.
const nasty = fc.constantFrom(
  '```',
  '``',
  '`',
  '@everyone',
  '@here',
  '<@123456789012345678>',
  '<@&42>',
  '<#1>',
  '**',
  '__',
  '~~',
  '||',
  '> ',
  '# ',
  '- ',
  '1. ',
  '[click](https://evil.example)',
  '\u200b',
  '\u200d',
  '\u202e',
  '\u2066',
  '\u0000',
  '\u0007',
  '\r\n',
  '\n',
  '🚀',
  '👩‍💻',
  '\ud83d',
  'é',
  'ﷺ',
  '\\',
);
const hostileText = (max: number) =>
  fc.oneof(
    fc
      .array(fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 10 })), { maxLength: 40 })
      .map((p) => p.join('')),
    fc.tuple(nasty, fc.integer({ min: 1, max: max })).map(([s, n]) => s.repeat(Math.ceil(n / Math.max(1, s.length)))),
    fc.string({ unit: 'binary', maxLength: max }),
  );
const slug = fc.stringMatching(/^[a-z0-9]{1,20}(-[a-z0-9]{1,12}){0,3}$/);
const snowflake = fc.bigInt({ min: 1n, max: 2n ** 63n }).map(String);

const hostileEntry: fc.Arbitrary<Entry> = fc
  .record({
    id: slug,
    name: hostileText(400),
    description: hostileText(8000),
    maker: fc.option(hostileText(400), { nil: undefined }),
    package: fc.option(hostileText(300), { nil: undefined }),
    install: fc.option(hostileText(3000), { nil: undefined }),
    url: fc.option(fc.constantFrom('https://solana.com/docs', `https://example.com/${'a'.repeat(600)}`), { nil: undefined }),
    category: hostileText(200),
    kind: fc.constantFrom(...KINDS),
    card: fc.boolean(),
    status: fc.option(fc.constantFrom('beta' as const, 'deprecated' as const), { nil: undefined }),
  })
  .map(({ card, kind, install, ...r }) => {
    const base = { ...r, aliases: [], tags: [], featured: false, source: { file: 'x.yaml', line: 1 } };
    const entry = card ? { ...base, form: 'card' as const, install } : { ...base, form: 'tabular' as const, kind };
    return JSON.parse(JSON.stringify(entry)) as Entry; // drop undefined fields, as the loader would
  });

const audience: fc.Arbitrary<Audience> = fc.record({
  requester: snowflake,
  private: fc.boolean(),
  mention: fc.option(snowflake, { nil: undefined }),
  sharedBy: fc.option(snowflake, { nil: undefined }),
  locale: fc.option(fc.constantFrom(...SUPPORTED_LOCALES), { nil: undefined }),
  commands: fc.option(fc.record({ resource: fc.oneof(snowflake, hostileText(40)) }), { nil: undefined }),
});

/** Who the bot itself may name in a reply's first line. */
const named = (a: Audience) => [a.mention, a.sharedBy].filter((x): x is string => Boolean(x));
const pingable = (a: Audience) => (a.mention && !a.private ? a.mention : undefined);

/** Every code block in the message is one whole fence pair: nothing inside closed it early. */
function expectFencesIntact(texts: string[]): void {
  for (const t of texts) {
    const fences = t.match(/```/g)?.length ?? 0;
    expect(fences % 2).toBe(0);
  }
}

const runs = propertyRuns(150);

// A case CI once drew: a role mention and a trailing backslash inside the Package code span.
const BACKSLASH_IN_CODE = {
  id: '0',
  name: '```',
  description: '```',
  package: '<@&42>\\',
  category: '',
  aliases: [],
  tags: [],
  featured: false,
  source: { file: 'x.yaml', line: 1 },
  form: 'tabular',
  kind: 'DOCS',
} satisfies Entry;

/** Found by this test: a description so long that the status line's code span was cut open, leaving its "@everyone" as text. */
const CUT_STATUS_LINE = {
  ...BACKSLASH_IN_CODE,
  id: 'a',
  name: '',
  description: '- '.repeat(1967),
  package: undefined,
  category: '```',
  status: 'deprecated',
} satisfies Entry;
const MENTIONING_SUCCESSOR = {
  ...BACKSLASH_IN_CODE,
  name: '𐀀@everyone```                𐀀  𐀀𐀀𐀀',
  package: undefined,
  category: '```',
} satisfies Entry;

describe('rendering hostile catalogue text and queries', () => {
  it('keeps an entry reply inside every Discord limit and pings at most the suggested member', () => {
    fc.assert(
      fc.property(hostileEntry, audience, fc.option(hostileEntry, { nil: undefined }), (entry, a, successor) => {
        const p = renderEntry(entry, a, successor);
        expectWithinDiscordLimits(p);
        expectPingsAtMost(p, pingable(a), named(a));
        expectFencesIntact(p.embeds.flatMap((e) => (e.fields ?? []).map((f) => f.value)));
      }),
      {
        ...runs,
        examples: [
          [BACKSLASH_IN_CODE, { requester: '1', private: false }, undefined],
          [CUT_STATUS_LINE, { requester: '1', private: false, commands: { resource: '10000000000000000' } }, MENTIONING_SUCCESSOR],
        ],
      },
    );
  });

  it('keeps the Copy install reply private, short and unbreakable', () => {
    fc.assert(
      fc.property(hostileEntry, audience, (entry, a) => {
        const p = renderInstall(entry, a);
        expectWithinDiscordLimits(p);
        expectPingsAtMost(p);
        expect(p.flags).toBe(64);
        expectFencesIntact([p.content ?? '']);
      }),
      runs,
    );
  });

  it('keeps search results, partial matches, honest no-answers and kind pages inside every limit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(hostileEntry, { minLength: 1, maxLength: 40, selector: (e) => e.id }),
        hostileText(6000),
        audience,
        fc.nat(10),
        fc.array(hostileText(200), { maxLength: 8 }),
        fc.array(
          fc.record({
            label: hostileText(300),
            kind: fc.option(fc.constantFrom(...KINDS), { nil: undefined }),
            query: fc.option(hostileText(300), { nil: undefined }),
          }),
          { maxLength: 5 },
        ),
        (entries, query, a, page, unmatched, nearest) => {
          const hits = entries.map((entry, i) => ({ entry, score: 100 - i }));
          for (const p of [
            renderSearchResults(query, hits, hits.length, a),
            renderSearchResults(query, hits, hits.length, a, 'SDK', { nearest: true, missing: unmatched }),
            renderNoMatch(query, entries.slice(0, 5), a),
            renderNoMatch(query, [], a, 'DOCS'),
            renderNoAnswer(query, { didYouMean: entries.slice(0, 7), nearest }, a),
            renderKindPage({ kind: 'SDK', entries, synonym: { kind: 'TOOLING', count: 3 } }, page, a),
          ]) {
            expectWithinDiscordLimits(p);
            expectPingsAtMost(p, pingable(a), named(a));
          }
        },
      ),
      runs,
    );
  });
});

describe('the mention checker these properties rely on', () => {
  it('reads code and escapes left to right, as Discord does', () => {
    expect(markdownOutsideCode('`<@&42>\\` and <@&7>')).toBe(' and <@&7>');
    expect(markdownOutsideCode('\\`<@&42>\\`')).toBe('\u0001<@&42>\u0001');
    expect(markdownOutsideCode('```sh\n@everyone\n``` @here')).toBe(' @here');
    expect(markdownOutsideCode('`` a ` b `` <@1>')).toBe(' <@1>');
    expect(markdownOutsideCode('an unclosed ` <@1>')).toBe('an unclosed ` <@1>');
  });

  it('fails a reply that shows a raw role mention or mass mention', () => {
    const reply = (content: string) =>
      ({ content, embeds: [], components: [], allowed_mentions: { parse: [] } }) as unknown as MessagePayload;
    expect(() => {
      expectPingsAtMost(reply('hi <@&42>'));
    }).toThrow(/role mention/);
    expect(() => {
      expectPingsAtMost(reply('hi @everyone'));
    }).toThrow();
    expect(() => {
      expectPingsAtMost(reply('hi `<@&42>` \\<@&42>'));
    }).not.toThrow();
  });
});
