import { describe, expect, it } from 'vitest';
import { datedFacts, freshnessBadges, monthLabel } from '../../src/catalogue/freshness.js';
import { entrySchema, type Entry } from '../../src/catalogue/schema.js';
import type { VerificationRecord } from '../../src/catalogue/verification.js';

function entry(fields: Record<string, unknown>): Entry {
  const base = { form: 'card', browse: 'SDK', description: 'Something for Solana developers.' };
  return { ...entrySchema.parse({ ...base, ...fields }), category: 'Test', source: { file: 'test.yaml', line: 1 } };
}

const TODAY = new Date('2026-11-23T10:00:00Z');
const bankrun = entry({ id: 'solana-bankrun', name: 'solana-bankrun', package: 'solana-bankrun', registry: 'npm', successor: 'litesvm' });
const litesvm = entry({ id: 'litesvm', name: 'LiteSVM', package: 'litesvm', registry: 'crates', url: 'https://solana.com/docs/tools/litesvm' });
const anchorTs = entry({ id: 'anchor-ts', name: 'Anchor TypeScript client', package: '@anchor-lang/core', registry: 'npm' });
const coral = entry({ id: 'coral', name: 'coral anchor', package: '@coral-xyz/anchor', registry: 'npm' });
const catalogue = { entries: [bankrun, litesvm, anchorTs, coral] };

const npmRecord = (name: string, fields: Record<string, unknown> = {}): VerificationRecord => ({
  package: { checked: '2026-11-23', registry: 'npm', name, ...fields },
});
const kinds = (badges: { kind: string }[]) => badges.map((b) => b.kind);

describe('freshness badges', () => {
  it('show a deprecated package with the replacement the catalogue names, and the month it was checked', () => {
    const badges = freshnessBadges(bankrun, npmRecord('solana-bankrun', { deprecated: 'Use LiteSVM', latest: '0.4.0' }), catalogue, TODAY);
    expect(badges).toEqual([
      { kind: 'deprecated', text: 'deprecated: use LiteSVM instead', message: 'Use LiteSVM', replacement: { id: 'litesvm', name: 'LiteSVM' } },
      { kind: 'checked', text: 'checked Nov 2026', month: '2026-11' },
    ]);
  });

  it('find the replacement through the package a rename points to, when no successor is named', () => {
    const record = npmRecord('@coral-xyz/anchor', { deprecated: 'Renamed to @anchor-lang/core', renamed_to: '@anchor-lang/core' });
    const badges = freshnessBadges(coral, record, catalogue, TODAY);
    expect(kinds(badges)).toEqual(['deprecated', 'renamed', 'checked']);
    expect(badges[0]).toMatchObject({ text: 'deprecated: use Anchor TypeScript client instead', replacement: { id: 'anchor-ts' } });
    expect(badges[1]).toEqual({ kind: 'renamed', text: 'renamed to @anchor-lang/core', to: '@anchor-lang/core' });
  });

  it('say a package has had no release for 18 months, counting whole months', () => {
    const at = (lastRelease: string) => freshnessBadges(anchorTs, npmRecord('@anchor-lang/core', { last_release: lastRelease }), catalogue, TODAY);
    expect(at('2025-05-24').map((b) => b.kind)).toEqual(['checked']);
    expect(at('2025-05-23')).toContainEqual({ kind: 'stale', text: 'no release since May 2025', lastRelease: '2025-05-23', months: 18 });
    expect(at('2021-01-02')).toContainEqual(expect.objectContaining({ kind: 'stale', months: 70 }));
  });

  it('report a yanked crate and a package its registry does not know', () => {
    const crate = (fields: Record<string, unknown>): VerificationRecord => ({ package: { checked: '2026-11-23', registry: 'crates', name: 'litesvm', ...fields } });
    expect(kinds(freshnessBadges(litesvm, crate({ yanked: true }), catalogue, TODAY))).toEqual(['yanked', 'checked']);
    expect(freshnessBadges(litesvm, crate({ missing: true }), catalogue, TODAY)[0]).toEqual({ kind: 'missing', text: 'not found on crates' });
  });

  it('say a page moved only for a permanent redirect to another place, not for a slash or www', () => {
    const url = (redirect: string, permanent = true): VerificationRecord => ({
      url: { checked: '2026-10-02', status: 200, redirect, ...(permanent ? { permanent: true } : {}) },
    });
    expect(freshnessBadges(litesvm, url('https://solana.com/docs/testing/litesvm'), catalogue, TODAY)).toEqual([
      { kind: 'moved', text: 'moved to https://solana.com/docs/testing/litesvm', to: 'https://solana.com/docs/testing/litesvm' },
      { kind: 'checked', text: 'checked Oct 2026', month: '2026-10' },
    ]);
    expect(kinds(freshnessBadges(litesvm, url('https://www.solana.com/docs/tools/litesvm/'), catalogue, TODAY))).toEqual(['checked']);
    expect(kinds(freshnessBadges(litesvm, url('https://solana.com/elsewhere', false), catalogue, TODAY))).toEqual(['checked']);
  });

  it('ignore a package record that no longer matches the entry, and show nothing without a record', () => {
    expect(freshnessBadges(anchorTs, npmRecord('@coral-xyz/anchor', { deprecated: 'old' }), catalogue, TODAY)).toEqual([]);
    expect(freshnessBadges(litesvm, undefined, catalogue, TODAY)).toEqual([]);
  });

  it('mark an entry the catalogue itself deprecates, even before verification ran', () => {
    const old = entry({ id: 'old', name: 'Old thing', status: 'deprecated', successor: 'litesvm' });
    expect(freshnessBadges(old, undefined, { entries: [old, litesvm] }, TODAY)).toEqual([
      { kind: 'deprecated', text: 'deprecated: use LiteSVM instead', replacement: { id: 'litesvm', name: 'LiteSVM' } },
    ]);
  });
});

describe('dated facts', () => {
  it('prefer the version verification recorded over the one written in the catalogue', () => {
    const dated = entry({ id: 'x', name: 'X', package: 'x', registry: 'npm', version: '1.0.0', checked: '2026-09', as_of: [{ fact: 'Plans from $5.', checked: '2026-10' }] });
    expect(datedFacts(dated)).toEqual([
      { text: 'version 1.0.0', version: '1.0.0', month: '2026-09', asOf: 'as of Sep 2026' },
      { text: 'Plans from $5.', month: '2026-10', asOf: 'as of Oct 2026' },
    ]);
    expect(datedFacts(dated, npmRecord('x', { latest: '1.2.0' }))[0]).toEqual({ text: 'version 1.2.0', version: '1.2.0', month: '2026-11', asOf: 'as of Nov 2026' });
  });

  it("leave out the registry's latest release when the install line pins another major line", () => {
    // web3.js: the entry installs @solana/web3.js@1 while the registry's latest tag is 2.0.0 from Dec 2024.
    const legacy = entry({ id: 'w3', name: 'web3.js', package: '@solana/web3.js', registry: 'npm', install: 'npm i @solana/web3.js@1' });
    const record = npmRecord('@solana/web3.js', { latest: '2.0.0', last_release: '2024-12-13' });
    expect(datedFacts(legacy, record)).toEqual([]);
    expect(kinds(freshnessBadges(legacy, record, { entries: [legacy] }, TODAY))).toEqual(['checked']);
    // The same pin on a release of that line applies.
    const current = npmRecord('@solana/web3.js', { latest: '1.98.4', last_release: '2024-12-13' });
    expect(datedFacts(legacy, current)[0]).toMatchObject({ version: '1.98.4' });
    expect(kinds(freshnessBadges(legacy, current, { entries: [legacy] }, TODAY))).toEqual(['stale', 'checked']);
  });

  it("trust the catalogue's own newer version over a registry copy that lags, and show no release date from it", () => {
    // circle-sdk: the registry reachable when verifying answered 2.9.0 (Dec 2024); the project released 2.10.2 in March 2026.
    const circle = entry({ id: 'circle', name: 'Circle SDK', package: '@circle-fin/circle-sdk', registry: 'npm', version: '2.10.2', checked: '2026-11' });
    const lagging = npmRecord('@circle-fin/circle-sdk', { latest: '2.9.0', last_release: '2024-12-13' });
    expect(datedFacts(circle, lagging)[0]).toMatchObject({ version: '2.10.2', month: '2026-11' });
    expect(kinds(freshnessBadges(circle, lagging, { entries: [circle] }, TODAY))).toEqual(['checked']);
    // A registry at or past the catalogue's version is the better record.
    const caughtUp = npmRecord('@circle-fin/circle-sdk', { latest: '2.10.2', last_release: '2024-12-13' });
    expect(datedFacts(circle, caughtUp)[0]).toMatchObject({ version: '2.10.2', month: '2026-11' });
    expect(kinds(freshnessBadges(circle, caughtUp, { entries: [circle] }, TODAY))).toEqual(['stale', 'checked']);
  });

  it('read months as members do', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2025-01-31')).toBe('Jan 2025');
  });
});
