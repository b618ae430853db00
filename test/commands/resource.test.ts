import { describe, expect, it } from 'vitest';
import { MalformedInteraction, UserError } from '../../src/base/errors.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { expectPingsAtMost, expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { runSubcommand } from '../helpers/commands.js';
import { fixtureIndex } from '../helpers/fixture-index.js';

const index = fixtureIndex();
const call = (name: string, options: Record<string, unknown>): Promise<MessagePayload> => runSubcommand(index, name, options);
const run = async (name: string, options: Record<string, unknown>): Promise<MessagePayload> => {
  const p = await call(name, options);
  expectWithinDiscordLimits(p);
  return p;
};
const menuValues = (p: MessagePayload) =>
  p.components.flatMap((r) => r.components).flatMap((c) => ('options' in c ? c.options.map((o) => o.value) : []));
const customIds = (p: MessagePayload) => p.components.flatMap((r) => r.components).flatMap((c) => ('custom_id' in c ? [c.custom_id] : []));

describe('/resource search', () => {
  it('lists the best hits with kind and maker, and a menu to open each, privately', async () => {
    const p = await run('search', { query: 'solana kit' });
    expect(p.flags).toBe(64);
    expect(p.embeds[0]?.title).toBe('Results for “solana kit”');
    expect(p.embeds[0]?.description).toMatch(
      /^1\. \*\*\[Solana Kit\]\(https:\/\/github\.com\/anza-xyz\/kit\)\*\* · SDK · Anza — The modern TypeScript SDK for Solana\.(\n|$)/,
    );
    expect(menuValues(p)[0]).toBe('solana-kit');
    expectPingsAtMost(p);
  });

  it('shows at most ten results and says how many matched', async () => {
    const p = await run('search', { query: 'example sdk' });
    expect(menuValues(p)).toHaveLength(10);
    expect(p.embeds[0]?.footer?.text).toMatch(/^10 of \d+ matches/);
  });

  it('answers "did you mean" instead of an empty reply when nothing matches', async () => {
    const p = await run('search', { query: 'zzqqxx' });
    expect(p.embeds[0]?.title).toBe('Nothing in the catalogue for “zzqqxx”');
    expect(p.embeds[0]?.description).toContain('`/resource kind`');
  });

  it('restricts to a kind (with its near-synonym) when asked', async () => {
    const p = await run('search', { query: 'solana', kind: 'DOCS' });
    expect(menuValues(p).sort()).toEqual(['rpc-reference', 'solana-docs']);
  });

  it('goes public and pings only the member it is suggested to', async () => {
    const p = await run('search', { query: 'kit', mention: '222' });
    expect(p.flags).toBeUndefined();
    expect(p.content).toBe('Suggested for <@222>');
    expectPingsAtMost(p, '222');
  });

  it('stays private with hide even when suggesting', async () => {
    expect((await run('search', { query: 'kit', mention: '222', hide: true })).allowed_mentions).toEqual({ parse: [] });
  });

  it('refuses an empty query with a helpful message', async () => {
    await expect(call('search', { query: ' \u200b ' })).rejects.toThrow(UserError);
    await expect(call('search', { query: ' ' })).rejects.toThrow(/Type a word or two to look for/);
  });

  it('survives a 6000-character hostile query', async () => {
    const p = await run('search', { query: '`@everyone**'.repeat(500) });
    expectPingsAtMost(p);
  });
});

describe('/resource kind', () => {
  it('pages ten entries at a time with a counter, Previous/Next and a menu', async () => {
    const p = await run('kind', { kind: 'SDK' });
    expect(p.embeds[0]?.title).toBe('SDK · 23 resources');
    expect(p.embeds[0]?.footer?.text).toBe('Page 1 of 3');
    expect(menuValues(p)).toHaveLength(10);
    expect(menuValues(p)[0]).toBe('solana-kit'); // featured first
    const ids = customIds(p).map(decodeCustomId);
    expect(ids).toContainEqual({ action: 'page', kind: 'SDK', page: 1, owner: '111' });
  });

  it('shows the last page when asked for one past the end', async () => {
    const p = await run('kind', { kind: 'SDK', page: 99 });
    expect(p.embeds[0]?.footer?.text).toBe('Page 3 of 3');
    expect(menuValues(p)).toHaveLength(3);
  });

  it('lists a kind together with its near-synonym', async () => {
    for (const kind of ['DOCS', 'DOCUMENTATION']) {
      const p = await run('kind', { kind });
      expect(menuValues(p).sort()).toEqual(['rpc-reference', 'solana-docs']);
    }
  });

  it('says so when a kind has no entries', async () => {
    const p = await run('kind', { kind: 'WEBSITE' });
    expect(p.embeds[0]?.description).toBe('Nothing of this kind in the catalogue yet.');
    expect(p.components).toEqual([]);
  });

  it('rejects a kind that is not one of the twelve', async () => {
    await expect(call('kind', { kind: 'sdk' })).rejects.toThrow(MalformedInteraction);
  });
});

describe('/resource show', () => {
  it('finds an entry by id, name, alias or package, publicly', async () => {
    for (const name of ['solana-kit', 'Solana Kit', 'web3.js 2', '@solana/kit']) {
      const p = await run('show', { name });
      expect(p.embeds[0]?.title).toBe('Solana Kit');
      expect(p.flags).toBeUndefined();
    }
  });

  it('suggests close names privately when nothing matches exactly', async () => {
    const p = await run('show', { name: 'litesvn' });
    expect(p.flags).toBe(64);
    expect(p.embeds[0]?.title).toBe('Nothing in the catalogue for “litesvn”');
    expect(menuValues(p)).toContain('litesvm');
  });

  it('shows a deprecated entry with its successor', async () => {
    expect((await run('show', { name: 'solana-bankrun' })).embeds[0]?.description).toContain('use **LiteSVM** instead');
  });

  it('is private with hide, and then offers Share', async () => {
    const p = await run('show', { name: 'litesvm', hide: true });
    expect(p.flags).toBe(64);
    expect(customIds(p).map(decodeCustomId)[0]).toEqual({ action: 'share', id: 'litesvm' });
  });
});

describe('the subcommand map', () => {
  it('refuses an unknown subcommand with a clear message', async () => {
    await expect(call('delete-everything', {})).rejects.toThrow(MalformedInteraction);
  });
});
