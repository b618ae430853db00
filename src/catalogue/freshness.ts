import { installCommand } from './install.js';
import type { Catalogue } from './load.js';
import type { Entry } from './schema.js';
import type { PackageRecord, VerificationRecord } from './verification.js';

/** A package whose last release is at least this old gets a "no release since" badge. */
export const STALE_AFTER_MONTHS = 18;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What verification says about an entry, for the embed and the lists to show; `text` is ready to print. */
export type Badge =
  | { kind: 'deprecated'; text: string; message?: string; replacement?: { id: string; name: string } }
  | { kind: 'missing'; text: string }
  | { kind: 'yanked'; text: string }
  | { kind: 'renamed'; text: string; to: string }
  | { kind: 'moved'; text: string; to: string }
  | { kind: 'stale'; text: string; lastRelease: string; months: number }
  | { kind: 'checked'; text: string; month: string };

/** "2026-11" or "2026-11-23" as members read it: "Nov 2026". */
export function monthLabel(date: string): string {
  const [year, month] = date.split('-');
  return `${MONTHS[Number(month) - 1] ?? month ?? ''} ${year ?? ''}`.trim();
}

/** A dated value as the embed shows it. */
export interface DatedFact {
  text: string;
  /** Set when the fact is the package's version, so a reply can word it in the member's language. */
  version?: string;
  /** YYYY-MM */
  month: string;
  /** "as of Nov 2026" */
  asOf: string;
}

/** The package record, when it still describes the entry's package (an edited entry outdates it). */
function packageRecord(entry: Entry, record: VerificationRecord | undefined): PackageRecord | undefined {
  const pkg = record?.package;
  return pkg && pkg.registry === entry.registry && pkg.name.toLowerCase() === entry.package?.toLowerCase() ? pkg : undefined;
}

/**
 * The version line the install command pins for the entry's package ("1" in `npm i @solana/web3.js@1`),
 * or undefined when it installs whatever is latest.
 */
function pinnedLine(entry: Entry): string | undefined {
  const install = installCommand(entry);
  if (install === undefined || entry.package === undefined) return undefined;
  const escaped = entry.package.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?:^|\\s)${escaped}@([0-9][^\\s]*)`, 'i').exec(install)?.[1];
}

/**
 * Whether the registry's latest release is the line the entry is about. An entry that pins an
 * older line (web3.js 1.x while the registry's latest is 2.0.0) is not described by the latest
 * version or its release date: showing either would contradict the install line. Nor is an entry
 * whose own version is newer than the record (see recordBehind).
 */
function latestApplies(entry: Entry, pkg: PackageRecord): boolean {
  if (recordBehind(entry, pkg)) return false;
  const pin = pinnedLine(entry);
  return pin === undefined || pkg.latest === undefined || pkg.latest === pin || pkg.latest.startsWith(`${pin}.`);
}

/**
 * Whether the catalogue's own `version`, seen at the project's releases, is newer than the registry answered: a
 * registry copy that lags. Then the record's version and release date describe an older release, and are not shown.
 */
function recordBehind(entry: Entry, pkg: PackageRecord): boolean {
  return entry.version !== undefined && pkg.latest !== undefined && newerVersion(entry.version, pkg.latest);
}

/** Whether dotted version `a` is newer than `b` by its leading numbers ("2.10.2" > "2.9.0"). */
function newerVersion(a: string, b: string): boolean {
  const numbers = (v: string) => (/^v?(\d+(?:\.\d+)*)/.exec(v)?.[1] ?? '').split('.').map(Number);
  const [x, y] = [numbers(a), numbers(b)];
  for (let k = 0; k < Math.max(x.length, y.length); k++) if ((x[k] ?? 0) !== (y[k] ?? 0)) return (x[k] ?? 0) > (y[k] ?? 0);
  return false;
}

/**
 * The entry's dated facts: its version (the newest one verification recorded, else the one written
 * in the catalogue) and its as_of facts, each with the month it was seen.
 */
export function datedFacts(entry: Entry, record?: VerificationRecord): DatedFact[] {
  const facts: DatedFact[] = [];
  const fact = (text: string, month: string, version?: string) =>
    facts.push({ text, ...(version === undefined ? {} : { version }), month, asOf: `as of ${monthLabel(month)}` });
  const pkg = packageRecord(entry, record);
  if (pkg?.latest !== undefined && latestApplies(entry, pkg)) fact(`version ${pkg.latest}`, pkg.checked.slice(0, 7), pkg.latest);
  else if (entry.version !== undefined && entry.checked !== undefined) fact(`version ${entry.version}`, entry.checked, entry.version);
  for (const item of entry.as_of ?? []) fact(item.fact, item.checked);
  return facts;
}

/** Whole months from `from` (YYYY-MM-DD) to `to`, counting a month only once its day has come. */
function monthsBetween(from: string, to: Date): number {
  const [y, m, d] = from.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return 0;
  const months = (to.getUTCFullYear() - y) * 12 + (to.getUTCMonth() + 1 - m);
  return to.getUTCDate() < d ? months - 1 : months;
}

/** Whether a permanent redirect really moved the page, not just added a slash, "www." or https. */
function movedTo(url: string, target: string): boolean {
  const norm = (u: string) => {
    const parsed = new URL(u);
    return `${parsed.host.replace(/^www\./, '')}${parsed.pathname.replace(/\/+$/, '')}`.toLowerCase();
  };
  return URL.canParse(url) && URL.canParse(target) && norm(url) !== norm(target);
}

/**
 * The badges for an entry, in the order to show them: deprecated (with the replacement the catalogue
 * names through `successor`, or the package a rename points to), missing, yanked, renamed or moved,
 * no release for 18 months, and the month it was last checked. Pure: `today` is passed in.
 */
export function freshnessBadges(entry: Entry, record: VerificationRecord | undefined, catalogue: Pick<Catalogue, 'entries'>, today: Date): Badge[] {
  const badges: Badge[] = [];
  const pkg = packageRecord(entry, record);
  const byId = (id: string | undefined) => (id === undefined ? undefined : catalogue.entries.find((e) => e.id === id));
  const renamedTo = pkg?.renamed_to;
  const heir =
    byId(entry.successor) ??
    (renamedTo === undefined ? undefined : catalogue.entries.find((e) => e !== entry && e.package?.toLowerCase() === renamedTo.toLowerCase()));

  if (pkg?.deprecated !== undefined || entry.status === 'deprecated') {
    badges.push({
      kind: 'deprecated',
      text: heir ? `deprecated: use ${heir.name} instead` : 'deprecated',
      ...(pkg?.deprecated === undefined ? {} : { message: pkg.deprecated }),
      ...(heir ? { replacement: { id: heir.id, name: heir.name } } : {}),
    });
  }
  if (pkg?.missing) badges.push({ kind: 'missing', text: `not found on ${entry.packageRef?.label ?? entry.registry ?? 'its registry'}` });
  if (pkg?.yanked) badges.push({ kind: 'yanked', text: 'latest version yanked' });
  if (renamedTo !== undefined) badges.push({ kind: 'renamed', text: `renamed to ${renamedTo}`, to: renamedTo });
  else if (entry.url !== undefined && record?.url?.redirect !== undefined && record.url.permanent && movedTo(entry.url, record.url.redirect)) {
    badges.push({ kind: 'moved', text: `moved to ${record.url.redirect}`, to: record.url.redirect });
  }
  if (pkg?.last_release !== undefined && latestApplies(entry, pkg)) {
    const months = monthsBetween(pkg.last_release, today);
    if (months >= STALE_AFTER_MONTHS) badges.push({ kind: 'stale', text: `no release since ${monthLabel(pkg.last_release)}`, lastRelease: pkg.last_release, months });
  }
  const checked = [pkg?.checked, record?.url?.checked].filter((d): d is string => d !== undefined).sort().at(-1);
  if (checked !== undefined) badges.push({ kind: 'checked', text: `checked ${monthLabel(checked)}`, month: checked.slice(0, 7) });
  return badges;
}

/** Everything verification says about one entry: badges to show and dated facts for the footer. */
export interface Freshness {
  badges: Badge[];
  facts: DatedFact[];
}

export const NO_FRESHNESS: Freshness = { badges: [], facts: [] };

/**
 * Freshness for any entry of `catalogue`, as of `today`: the function the commands hand to the
 * renderers, so rendering stays pure and reads only what it is given.
 */
export function freshnessIn(catalogue: Pick<Catalogue, 'entries' | 'verification'>, today: Date): (entry: Entry) => Freshness {
  const seen = new Map<Entry, Freshness>();
  return (entry) => {
    let freshness = seen.get(entry);
    if (!freshness) {
      const record = catalogue.verification?.get(entry.id);
      freshness = { badges: freshnessBadges(entry, record, catalogue, today), facts: datedFacts(entry, record) };
      seen.set(entry, freshness);
    }
    return freshness;
  };
}
