import { describe, expect, it } from 'vitest';
import { runSubcommand } from '../../commands/resource.js';
import { UserError } from '../../src/errors.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { expectPingsAtMost, expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { fixtureIndex } from '../helpers/fixture-index.js';

const index = fixtureIndex();
const ctx = { index, userId: '111' };
const run = (name: string, options: Record<string, unknown>): MessagePayload => {
  const p = runSubcommand(name, options, ctx);
  expectWithinDiscordLimits(p);
  return p;
};
const menuValues = (p: MessagePayload) => p.components.flatMap((r) => r.components).flatMap((c) => ('options' in c ? c.options.map((o) => o.value) : []));
const customIds = (p: MessagePayload) => p.components.flatMap((r) => r.components).flatMap((c) => ('custom_id' in c ? [c.custom_id] : []));

describe('/resource search', () => {
  it('lists the best hits with kind and maker, and a menu to open each, privately', () => {
    const p = run('search', { query: 'solana kit' });
    expect(p.flags).toBe(64);
    expect(p.embeds[0]?.title).toBe('Results for “solana kit”');
    expect(p.embeds[0]?.description).toMatch(/^\*\*1\. Solana Kit\*\* · SDK · Anza\n/);
    expect(menuValues(p)[0]).toBe('solana-kit');
    expectPingsAtMost(p);
  });

  it('shows at most ten results and says how many matched', () => {
    const p = run('search', { query: 'example sdk' });
    expect(menuValues(p)).toHaveLength(10);
    expect(p.embeds[0]?.footer?.text).toMatch(/^10 of \d+ matches/);
  });

  it('answers "did you mean" instead of an empty reply when nothing matches', () => {
    const p = run('search', { query: 'zzqqxx' });
    expect(p.embeds[0]?.title).toBe('No resources match “zzqqxx”');
    expect(p.embeds[0]?.description).toContain('/resource kind');
  });

  it('restricts to a kind when asked', () => {
    const p = run('search', { query: 'solana', kind: 'DOCS' });
    expect(menuValues(p)).toEqual(['solana-docs']);
  });

  it('goes public and pings only the member it is suggested to', () => {
    const p = run('search', { query: 'kit', mention: '222' });
    expect(p.flags).toBeUndefined();
    expect(p.content).toBe('Suggested for <@222>');
    expectPingsAtMost(p, '222');
  });

  it('stays private with hide even when suggesting', () => {
    expect(run('search', { query: 'kit', mention: '222', hide: true }).allowed_mentions).toEqual({ parse: [] });
  });

  it('refuses an empty query with a helpful message', () => {
    expect(() => runSubcommand('search', { query: ' \u200b ' }, ctx)).toThrow(UserError);
    expect(() => runSubcommand('search', { query: ' ' }, ctx)).toThrow(/Type a word or two to look for/);
  });

  it('survives a 6000-character hostile query', () => {
    const p = run('search', { query: '`@everyone**'.repeat(500) });
    expectPingsAtMost(p);
  });
});

describe('/resource kind', () => {
  it('pages ten entries at a time with a counter, Previous/Next and a menu', () => {
    const p = run('kind', { kind: 'SDK' });
    expect(p.embeds[0]?.title).toBe('SDK · 23 entries');
    expect(p.embeds[0]?.footer?.text).toBe('Page 1 of 3');
    expect(menuValues(p)).toHaveLength(10);
    expect(menuValues(p)[0]).toBe('solana-kit'); // featured first
    const ids = customIds(p).map(decodeCustomId);
    expect(ids).toContainEqual({ action: 'page', kind: 'SDK', page: 1, owner: '111' });
  });

  it('shows the last page when asked for one past the end', () => {
    const p = run('kind', { kind: 'SDK', page: 99 });
    expect(p.embeds[0]?.footer?.text).toBe('Page 3 of 3');
    expect(menuValues(p)).toHaveLength(3);
  });

  it('points at the near-synonym kind when it has entries', () => {
    expect(run('kind', { kind: 'DOCS' }).embeds[0]?.description).toContain('See also **DOCUMENTATION** (1 entry): `/resource kind kind:DOCUMENTATION`');
    expect(run('kind', { kind: 'DOCUMENTATION' }).embeds[0]?.description).toContain('See also **DOCS** (1 entry)');
  });

  it('says so when a kind has no entries', () => {
    const p = run('kind', { kind: 'WEBSITE' });
    expect(p.embeds[0]?.description).toBe('No WEBSITE entries yet.');
    expect(p.components).toEqual([]);
  });

  it('rejects a kind that is not one of the twelve', () => {
    expect(() => runSubcommand('kind', { kind: 'sdk' }, ctx)).toThrow(UserError);
  });
});

describe('/resource show', () => {
  it('finds an entry by id, name, alias or package, publicly', () => {
    for (const name of ['solana-kit', 'Solana Kit', 'web3.js 2', '@solana/kit']) {
      const p = run('show', { name });
      expect(p.embeds[0]?.title).toBe('Solana Kit');
      expect(p.flags).toBeUndefined();
    }
  });

  it('suggests close names privately when nothing matches exactly', () => {
    const p = run('show', { name: 'litesvn' });
    expect(p.flags).toBe(64);
    expect(p.embeds[0]?.title).toBe('No resources match “litesvn”');
    expect(menuValues(p)).toContain('litesvm');
  });

  it('shows a deprecated entry with its successor', () => {
    expect(run('show', { name: 'solana-bankrun' }).embeds[0]?.description).toContain('use **LiteSVM** instead');
  });

  it('is private with hide, and then offers Share', () => {
    const p = run('show', { name: 'litesvm', hide: true });
    expect(p.flags).toBe(64);
    expect(customIds(p).map(decodeCustomId)[0]).toEqual({ action: 'share', id: 'litesvm' });
  });
});

describe('the subcommand map', () => {
  it('refuses an unknown subcommand with a clear message', () => {
    expect(() => runSubcommand('delete-everything', {}, ctx)).toThrow('Unknown subcommand "delete-everything". Use search, kind or show.');
  });
});
