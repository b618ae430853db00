import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { renderKindPage, renderNoAnswer, renderNoMatch, renderSearchResults } from '../../src/render/lists.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { COLOURS } from '../../src/render/style.js';
import { expectPingsAtMost, expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { docs, entry, kit, litesvm, manySdks } from '../helpers/fixture-index.js';

const me = { requester: '111', private: true };
const withIds = { ...me, commands: { resource: '987654321' } };
const components = (p: MessagePayload) => p.components.flatMap((r) => r.components);
const hits = [kit, litesvm, docs].map((e, i) => ({ entry: e, score: 10 - i }));

describe('search results', () => {
  it('list each hit on one numbered line: linked name, kind, maker and a short description', () => {
    const p = renderSearchResults('kit', hits, 3, me);
    expect(p.embeds[0]?.description?.split('\n')).toEqual([
      '1. **[Solana Kit](https://github.com/anza-xyz/kit)** · SDK · Anza — The modern TypeScript SDK for Solana.',
      '2. **LiteSVM** · LiteSVM — A fast in-process Solana VM for tests.',
      '3. **Solana Docs** · Docs — The official documentation for building on…',
    ]);
    expect(p.embeds[0]?.color).toBe(COLOURS.answer);
    expect(p.embeds[0]?.footer?.text).toBe('3 of 3 matches · open one below');
  });

  it('cut a long description at a word boundary so the hit stays about two phone lines long', () => {
    const long = entry({
      id: 'long',
      name: 'A Long One',
      form: 'tabular',
      kind: 'API',
      maker: 'Maker',
      description: 'Returns prices for tokens across many markets, with history, charts and alerts for every pair you follow.',
    });
    const line = renderSearchResults('x', [{ entry: long, score: 1 }], 1, me).embeds[0]?.description ?? '';
    expect(line).toMatch(/^1\. \*\*A Long One\*\* · API · Maker — Returns prices for tokens across many…$/);
  });

  it('leave the kind out of each line when the search is limited to one kind', () => {
    const p = renderSearchResults('kit', hits.slice(0, 1), 1, me, 'SDK');
    expect(p.embeds[0]?.title).toBe('SDK results for “kit”');
    expect(p.embeds[0]?.description).toMatch(/^1\. \*\*\[Solana Kit\]\([^)]+\)\*\* · Anza — /);
  });

  it('say plainly when they are only the nearest matches, naming the words nothing matched, in the caution colour', () => {
    const p = renderSearchResults('telegram bot sdk', hits, 3, me, undefined, { nearest: true, missing: ['telegram', 'bot'] });
    expect(p.embeds[0]?.description).toMatch(
      /^Not sure these fit: they are the nearest matches in the catalogue\. Nothing here mentions \*\*telegram\*\* and \*\*bot\*\*\.\n\n1\. /,
    );
    expect(p.embeds[0]?.color).toBe(COLOURS.caution);
    const french = renderSearchResults('q', hits, 3, { ...me, locale: 'fr' }, undefined, { nearest: true, missing: ['a', 'b', 'c'] });
    expect(french.embeds[0]?.description).toMatch(
      /^Pas sûr que cela corresponde.*Rien ici ne mentionne \*\*a\*\*, \*\*b\*\* et \*\*c\*\*\./,
    );
    const nearestOnly = renderSearchResults('q', hits, 3, me, undefined, { nearest: true, missing: [] });
    expect(nearestOnly.embeds[0]?.description).toMatch(/^Not sure these fit: they are the nearest matches in the catalogue\.\n\n1\. /);
  });

  it('keep every hit reachable through the menu even when long names leave room for fewer lines', () => {
    const wordy = Array.from({ length: 10 }, (_, i) =>
      entry({
        id: `wordy-${i}`,
        name: `An Extremely Long Resource Name Number ${i} With Many Words`,
        form: 'tabular',
        kind: 'API',
        maker: 'A Maker With A Rather Long Name Too',
        description: 'Something long enough to be cut.',
      }),
    );
    const p = renderSearchResults(
      'x',
      wordy.map((e, i) => ({ entry: e, score: 10 - i })),
      10,
      me,
    );
    const shown = p.embeds[0]?.description?.split('\n') ?? [];
    expect(shown.length).toBeLessThan(10);
    expect(shown.every((l) => !l.includes(' — '))).toBe(true); // descriptions go before hits do
    const menu = components(p)[0];
    expect(menu?.type === ComponentType.StringSelect ? menu.options.map((o) => o.value) : []).toEqual(wordy.map((e) => e.id));
  });
});

describe('the reply when nothing in the catalogue answers', () => {
  const nearest = [
    { label: 'Testing tools', kind: 'TOOL' as const },
    { label: 'Payments', query: 'x402' },
    { label: 'Local validators', kind: 'TOOL' as const },
    { label: 'ignored: a fourth place', kind: 'SDK' as const },
  ];

  it('says so, says what the catalogue holds, and offers close names and the nearest categories', () => {
    const p = renderNoAnswer('telegram bot on ethereum', { didYouMean: [litesvm, kit], nearest }, me);
    const [embed] = p.embeds;
    expect(embed?.title).toBe('Nothing in the catalogue for “telegram bot on ethereum”');
    expect(embed?.color).toBe(COLOURS.none);
    expect(embed?.description?.split('\n\n')).toEqual([
      'The catalogue holds Solana developer resources: SDKs, APIs, tools, docs, servers for AI agents, payments and courses.',
      '**Did you mean**\n• **LiteSVM** · LiteSVM\n• **Solana Kit** · SDK · Anza',
      '**Nearest categories**\n• **Testing tools**: browse Tool with `/resource kind`\n• **Payments**: search for “x402” with `/resource search`\n• **Local validators**: browse Tool with `/resource kind`',
    ]);
  });

  it('opens a close name from a menu and browses a nearest kind with one button, never red', () => {
    const p = renderNoAnswer('q', { didYouMean: [litesvm], nearest }, me);
    const [menu, browse] = components(p);
    expect(menu).toMatchObject({ type: ComponentType.StringSelect, placeholder: 'Open a suggestion…' });
    expect(browse).toMatchObject({ type: ComponentType.Button, style: ButtonStyle.Secondary, label: 'Browse Tool' });
    expect(browse && 'custom_id' in browse ? decodeCustomId(browse.custom_id) : undefined).toEqual({
      action: 'page',
      kind: 'TOOL',
      page: 0,
      owner: '111',
    });
    expect(components(p)).toHaveLength(2); // the two TOOL places share one button
  });

  it('names commands as clickable mentions when their ids are known', () => {
    const p = renderNoAnswer('q', { didYouMean: [], nearest: nearest.slice(0, 2) }, withIds);
    expect(p.embeds[0]?.description).toContain('• **Testing tools**: browse Tool with </resource kind:987654321>');
    expect(p.embeds[0]?.description).toContain('search for “x402” with </resource search:987654321>');
  });

  it('with nothing to suggest, still tells the member where to look', () => {
    const p = renderNoAnswer('q', { didYouMean: [], nearest: [] }, withIds);
    expect(p.embeds[0]?.description).toMatch(/\n\nTry other words, or browse with <\/resource kind:987654321>\.$/);
    expect(p.components).toEqual([]);
    const filtered = renderNoAnswer('q', { didYouMean: [], nearest: [] }, me, 'SDK');
    expect(filtered.embeds[0]?.title).toBe('No SDK in the catalogue for “q”');
    expect(filtered.embeds[0]?.description).toContain('Try without the kind filter, or browse SDK with `/resource kind`.');
  });

  it('is what renderNoMatch answers for callers that only know close names', () => {
    expect(renderNoMatch('litesvn', [litesvm], me)).toEqual(renderNoAnswer('litesvn', { didYouMean: [litesvm], nearest: [] }, me));
  });

  it('stays within Discord limits and pings nobody with hostile labels and queries', () => {
    const hostile = { label: '@everyone <@123> **x** '.repeat(20), query: '`'.repeat(300) };
    const p = renderNoAnswer(
      '<@&1> @here '.repeat(100),
      { didYouMean: manySdks, nearest: [hostile, hostile, hostile] },
      { ...me, private: false },
    );
    expectWithinDiscordLimits(p);
    expectPingsAtMost(p);
  });
});

describe('a kind page', () => {
  it('shows the page count once, in the footer, and no counter button', () => {
    const p = renderKindPage({ kind: 'SDK', entries: manySdks }, 1, me);
    expect(p.embeds[0]?.footer?.text).toBe('Page 2 of 3');
    expect(JSON.stringify(p.components)).not.toMatch(/\d+ \/ \d+/);
    expect(
      components(p)
        .filter((c) => c.type === ComponentType.Button)
        .map((b) => ('label' in b ? b.label : '')),
    ).toEqual(['◀ Previous', 'Next ▶']);
  });

  it('has no footer on a single page', () => {
    expect(renderKindPage({ kind: 'DOCS', entries: [docs] }, 0, me).embeds[0]?.footer).toBeUndefined();
  });
});
