/**
 * What verification recorded, as members see it: warnings under an entry's description, dated
 * facts and the month checked in its footer, one warning per hit in lists, and the month checked
 * under a list when it fits one phone line. Rendered from fixtures, then from the shipped catalogue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freshnessIn } from '../../src/catalogue/freshness.js';
import type { Entry } from '../../src/catalogue/schema.js';
import type { VerificationRecord } from '../../src/catalogue/verification.js';
import { renderEntry } from '../../src/render/entry.js';
import { renderKindPage, renderSearchResults } from '../../src/render/lists.js';
import { COLOURS } from '../../src/render/style.js';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import type { ResourceIndex } from '../../src/search/index.js';
import { runSubcommand } from '../helpers/commands.js';
import { entry, kit, litesvm, manySdks } from '../helpers/fixture-index.js';

const TODAY = new Date('2026-11-24T12:00:00Z');
const me = { requester: '111', private: true };

const npm = (name: string, fields: Record<string, unknown> = {}): VerificationRecord => ({
  package: { checked: '2026-11-23', registry: 'npm', name, ...fields },
});

const oldKit = entry({
  id: 'old-kit',
  name: 'Old Kit',
  form: 'card',
  browse: 'SDK',
  description: 'A client library that stopped releasing.',
  maker: 'Someone',
  package: 'old-kit',
  registry: 'npm',
  install: 'npm i old-kit',
  successor: 'litesvm',
  as_of: [
    { fact: 'Plans from $5 a month.', checked: '2026-10' },
    { fact: 'Runs on Node 18 or newer.', checked: '2026-11' },
  ],
});

function freshness(records: Record<string, VerificationRecord>, entries: Entry[] = [oldKit, litesvm, kit]) {
  return freshnessIn({ entries, verification: new Map(Object.entries(records)) }, TODAY);
}

describe('an entry shows what verification recorded', () => {
  it('a deprecated package: the replacement the catalogue names, the caution colour, its version and the month checked', () => {
    const of = freshness({
      'old-kit': npm('old-kit', { deprecated: 'no longer maintained', latest: '0.4.0', last_release: '2026-01-10' }),
    });
    const [embed] = renderEntry(oldKit, me, undefined, of(oldKit)).embeds;
    expect(embed?.description).toContain('⚠️ **Deprecated**: use **LiteSVM** instead (`/resource show LiteSVM`).');
    expect(embed?.color).toBe(COLOURS.caution);
    // Facts seen in the month checked need no month of their own; older ones say when they were seen.
    expect(embed?.footer?.text).toBe('version 0.4.0 · Runs on Node 18 or newer · Plans from $5 a month as of Oct 2026 · checked Nov 2026');
  });

  it('no release for 18 months, a yanked release, a package gone from its registry', () => {
    const stale = freshness({ 'old-kit': npm('old-kit', { latest: '0.4.0', last_release: '2025-02-03' }) })(oldKit);
    const staleEmbed = renderEntry(oldKit, me, undefined, stale).embeds[0];
    expect(staleEmbed?.description).toContain('⚠️ No release since Feb 2025.');
    expect(staleEmbed?.color).toBe(COLOURS.caution);
    expect(
      renderEntry(oldKit, me, undefined, freshness({ 'old-kit': npm('old-kit', { yanked: true }) })(oldKit)).embeds[0]?.description,
    ).toContain('⚠️ Its latest version was yanked.');
    const gone = { ...oldKit, packageRef: { label: 'npm' } };
    expect(
      renderEntry(gone, me, undefined, freshness({ 'old-kit': npm('old-kit', { missing: true }) }, [gone])(gone)).embeds[0]?.description,
    ).toContain('⚠️ Not found on npm when last checked.');
  });

  it('a renamed package and a page that moved (a moved page is no reason for caution)', () => {
    const renamed = freshness({ 'old-kit': npm('old-kit', { deprecated: 'Renamed to new-kit', renamed_to: 'new-kit' }) })(oldKit);
    expect(renderEntry(oldKit, me, undefined, renamed).embeds[0]?.description).toContain('⚠️ The package was renamed to `new-kit`.');
    const page = (redirect: string) =>
      freshness({ 'solana-kit': { url: { checked: '2026-11-20', status: 200, redirect, permanent: true } } })(kit);
    const moved = renderEntry(kit, me, undefined, page('https://www.solanakit.com/docs')).embeds[0];
    expect(moved?.description).toContain('↪️ The page has moved to https://www.solanakit.com/docs');
    expect(moved?.color).toBe(COLOURS.answer);
    expect(moved?.footer?.text).toBe('checked Nov 2026');
    // An address a web server sent is shown only when markdown cannot misread it.
    expect(renderEntry(kit, me, undefined, page('https://evil.example/[click](x)')).embeds[0]?.description).not.toContain('moved');
  });

  it("in the member's language, months included", () => {
    const of = freshness({ 'old-kit': npm('old-kit', { latest: '0.4.0', last_release: '2025-02-03' }) });
    const [embed] = renderEntry(oldKit, { ...me, locale: 'es-ES' }, undefined, of(oldKit)).embeds;
    expect(embed?.description).toContain('⚠️ Sin versiones nuevas desde feb 2025.');
    expect(embed?.footer?.text).toMatch(/^versión 0\.4\.0 · .* comprobado en nov 2026$/);
  });
});

describe('lists show one warning per hit and the month checked', () => {
  const records = {
    'old-kit': npm('old-kit', { latest: '0.4.0', last_release: '2024-05-01' }),
    'solana-kit': { url: { checked: '2026-10-30', status: 200 } },
  };

  it('a search hit says its package has had no release since a month; the footer keeps to one line', () => {
    const of = freshness(records);
    const p = renderSearchResults(
      'kit',
      [oldKit, kit].map((e, i) => ({ entry: e, score: 2 - i })),
      2,
      me,
      undefined,
      undefined,
      of,
    );
    expect(p.embeds[0]?.description).toContain('**Old Kit** · SDK · Someone · ⚠️ no release since May 2024');
    expect(p.embeds[0]?.description).not.toMatch(/Solana Kit[^\n]*⚠️/);
    // "2 of 2 matches · open one below" leaves no room on a phone line for the month as well.
    expect(p.embeds[0]?.footer?.text).toBe('2 of 2 matches · open one below');
  });

  it('a kind page says the oldest month its entries were checked, beside the page count', () => {
    const sdks = [kit, oldKit, ...manySdks];
    const of = freshness(records, sdks);
    const p = renderKindPage({ kind: 'SDK', entries: sdks }, 0, me, of);
    expect(p.embeds[0]?.footer?.text).toBe('Page 1 of 3 · checked Oct 2026');
    expect(p.embeds[0]?.description).toContain('⚠️ no release since May 2024');
  });
});

describe('the shipped catalogue, as verification recorded it', () => {
  let index: ResourceIndex;
  beforeAll(async () => {
    index = await buildIndex('catalogue');
  });
  const now = TODAY.getTime();

  it('a deprecated SDK says what to use instead and when it was last released', async () => {
    const [embed] = (await runSubcommand(index, 'show', { name: 'metaplex-js-sdk' }, { now })).embeds;
    expect(embed?.description).toMatch(/⚠️ \*\*Deprecated\*\*: use \*\*Metaplex Umi\*\* instead/);
    expect(embed?.description).toMatch(/⚠️ No release since \w{3} \d{4}\./);
    expect(embed?.footer?.text).toMatch(/checked \w{3} \d{4}$/);
  });

  it('web3.js, pinned to 1.x, is not described by the registry latest 2.0.0 release', async () => {
    const [embed] = (await runSubcommand(index, 'show', { name: 'solana-web3-js' }, { now })).embeds;
    expect(embed?.footer?.text ?? '').not.toMatch(/version 2\.0\.0/);
    expect(embed?.description).not.toContain('No release since');
  });

  it('an entry names its registry and links to the package page', async () => {
    const [embed] = (await runSubcommand(index, 'show', { name: 'litesvm' }, { now })).embeds;
    expect(embed?.description).toMatch(/by LiteSVM · \[crate litesvm\]\(https:\/\/[^)]+litesvm\)/);
  });

  it('a search lists a hit with no release for 18 months with its warning', async () => {
    const p = await runSubcommand(index, 'search', { query: 'moralis' }, { now });
    expect(p.embeds[0]?.description).toMatch(/Moralis Solana API[^\n]*⚠️ no release since \w{3} \d{4}/);
  });
});
