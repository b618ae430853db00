import type { VerifiableRegistry } from '../registries.js';
import { request, type HttpOptions, type HttpResult } from './http.js';

/**
 * What one check found. `missing` (no such package) and `broken` (the page is gone) fail the run;
 * `unreachable` means no answer came, which proves nothing about the resource.
 */
export type CheckStatus = 'ok' | 'redirected' | 'deprecated' | 'yanked' | 'missing' | 'broken' | 'unreachable';

export interface PackageFindings {
  latest?: string;
  deprecated?: string;
  yanked?: true;
  lastRelease?: string;
  renamedTo?: string;
}

export interface CheckOutcome extends PackageFindings {
  status: CheckStatus;
  /** One line for the table: what was found, or why nothing was. */
  detail: string;
  httpStatus?: number;
  redirect?: string;
  permanent?: true;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asString = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const day = (iso: unknown) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : undefined);

/** "renamed to @anchor-lang/core", "moved to `foo`": the package a deprecation message points to. */
export function renamedTo(message: string | undefined): string | undefined {
  const match = message && /\b(?:renamed|moved)\s+to\s+(?:the\s+)?(?:package\s+)?[`'"]?(@?[\w.-]+(?:\/[\w.-]+)?)/i.exec(message);
  return match ? match[1]?.replace(/[.]+$/, '') : undefined;
}

/** The findings as one table cell. */
function describe(f: PackageFindings): string {
  const parts = [f.latest === undefined ? 'no version' : `latest ${f.latest}`];
  if (f.lastRelease !== undefined) parts.push(`released ${f.lastRelease}`);
  if (f.yanked) parts.push('yanked');
  if (f.deprecated !== undefined) parts.push(`deprecated: ${f.deprecated.replace(/\s+/g, ' ')}`);
  return parts.join(', ');
}

function outcome(f: PackageFindings): CheckOutcome {
  const status: CheckStatus = f.deprecated !== undefined ? 'deprecated' : f.yanked ? 'yanked' : 'ok';
  return { status, detail: describe(f), ...f };
}

/** npm: the packument's latest dist-tag, that version's deprecation and release time. */
function readNpm(body: unknown): PackageFindings {
  if (!isObject(body)) return {};
  const latest = isObject(body['dist-tags']) ? asString(body['dist-tags'].latest) : undefined;
  const version = latest !== undefined && isObject(body.versions) ? body.versions[latest] : undefined;
  const deprecated = isObject(version) ? asString(version.deprecated) : undefined;
  const lastRelease = latest !== undefined && isObject(body.time) ? day(body.time[latest]) : undefined;
  const renamed = renamedTo(deprecated);
  return { ...(latest && { latest }), ...(deprecated && { deprecated }), ...(lastRelease && { lastRelease }), ...(renamed && { renamedTo: renamed }) };
}

/** crates: the newest version and whether it (or every version) is yanked. */
function readCrate(body: unknown): PackageFindings {
  if (!isObject(body)) return {};
  const crate = isObject(body.crate) ? body.crate : {};
  const versions = (Array.isArray(body.versions) ? body.versions : []).filter(isObject);
  const live = versions.filter((v) => v.yanked !== true);
  const newest = (list: Json[]) => [...list].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];
  const top = newest(live) ?? newest(versions);
  // Every version yanked: the registry says 0.0.0, so show the newest version that was published.
  const listed = asString(crate.max_stable_version) ?? asString(crate.max_version);
  const latest = listed !== undefined && listed !== '0.0.0' ? listed : asString(top?.num);
  const allYanked = versions.length > 0 && live.length === 0;
  const latestYanked = versions.some((v) => v.num === latest && v.yanked === true);
  const lastRelease = day(top?.created_at);
  return {
    ...(latest && { latest }),
    ...(allYanked || latestYanked ? { yanked: true as const } : {}),
    ...(lastRelease && { lastRelease }),
  };
}

/** PyPI: info.version, its upload date, and yanked when every file of every release is. */
function readPypi(body: unknown): PackageFindings {
  if (!isObject(body)) return {};
  const info = isObject(body.info) ? body.info : {};
  const latest = asString(info.version);
  const releases = isObject(body.releases) ? body.releases : {};
  const files = Object.values(releases).flatMap((r) => (Array.isArray(r) ? r.filter(isObject) : []));
  const latestFiles = latest !== undefined && Array.isArray(releases[latest]) ? (releases[latest] as unknown[]).filter(isObject) : [];
  const lastRelease = latestFiles.map((f) => day(f.upload_time_iso_8601 ?? f.upload_time)).filter((d): d is string => d !== undefined).sort()[0];
  const yanked = info.yanked === true || (files.length > 0 && files.every((f) => f.yanked === true));
  return { ...(latest && { latest }), ...(yanked ? { yanked: true as const } : {}), ...(lastRelease && { lastRelease }) };
}

const READERS: Record<VerifiableRegistry, { path: (name: string) => string; read: (body: unknown) => PackageFindings }> = {
  // A scoped name keeps its @ and escapes the slash, as the registry expects.
  npm: { path: (name) => `/${name.startsWith('@') ? name.replace('/', '%2f') : encodeURIComponent(name)}`, read: readNpm },
  crates: { path: (name) => `/crates/${encodeURIComponent(name)}`, read: readCrate },
  pypi: { path: (name) => `/${encodeURIComponent(name)}/json`, read: readPypi },
};

function notReached(result: Extract<HttpResult, { reached: false }>): CheckOutcome {
  return { status: 'unreachable', detail: result.reason };
}

/** Asks a registry's API about one package. */
export async function checkPackage(registry: VerifiableRegistry, apiBase: string, name: string, options: HttpOptions): Promise<CheckOutcome> {
  const reader = READERS[registry];
  const result = await request(`${apiBase}${reader.path(name)}`, { ...options, json: true });
  if (!result.reached) return notReached(result);
  if (result.status === 404 || result.status === 410) return { status: 'missing', detail: `not found (HTTP ${result.status})`, httpStatus: result.status };
  if (result.status < 200 || result.status >= 300) return { status: 'unreachable', detail: `HTTP ${result.status}`, httpStatus: result.status };
  return outcome(reader.read(result.body));
}

// Servers that refuse HEAD answer these; the check then asks again with GET.
const HEAD_REFUSED = new Set([400, 403, 404, 405, 501]);

/** Checks that a page answers, following redirects; a page that is gone is broken, a silent server unreachable. */
export async function checkUrl(url: string, options: HttpOptions): Promise<CheckOutcome> {
  let result = await request(url, { ...options, method: 'HEAD' });
  if (result.reached && HEAD_REFUSED.has(result.status)) result = await request(url, { ...options, method: 'GET' });
  if (!result.reached) return notReached(result);
  const redirect = result.hops.at(-1)?.to;
  const moved = redirect === undefined ? {} : { redirect, ...(result.hops.every((h) => h.status === 301 || h.status === 308) ? { permanent: true as const } : {}) };
  const base = { httpStatus: result.status, ...moved };
  if (result.status >= 200 && result.status < 300) {
    return redirect === undefined ? { status: 'ok', detail: `HTTP ${result.status}`, ...base } : { status: 'redirected', detail: `→ ${redirect}`, ...base };
  }
  if (result.status === 404 || result.status === 410) return { status: 'broken', detail: `HTTP ${result.status}${redirect ? ` at ${redirect}` : ''}`, ...base };
  if (result.status >= 300 && result.status < 400) return { status: 'broken', detail: `more than ${options.maxRedirects ?? 5} redirects`, ...base };
  return { status: 'unreachable', detail: `HTTP ${result.status}`, ...base };
}
