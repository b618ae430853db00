import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Catalogue } from '../../src/catalogue/load.js';
import { checkPackage, checkUrl } from '../../src/catalogue/verify/checks.js';
import { request, retryAfterMs, type HttpOptions } from '../../src/catalogue/verify/http.js';
import { formatTable, progressBar } from '../../src/catalogue/verify/report.js';
import { inPool, mergeRecords, type CheckResult } from '../../src/catalogue/verify/run.js';
import { tempCatalogue } from '../helpers/temp-catalogue.js';
import { STAND_IN_CERT, crateDoc, npmPackument, pypiDoc, startStandIn, type StandIn } from '../support/registry/server.js';

/**
 * Runs `npm run catalogue:verify` as its npm script does (tsx on the TypeScript source), with a clean
 * environment and a hard time limit.
 */
function runVerify(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/verify-catalogue.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: '', DOTENV_CONFIG_PATH: '/nonexistent/.env', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`catalogue:verify ${args.join(' ')} did not finish in time\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const FAST: HttpOptions = { timeoutMs: 300, retries: 1, retryDelayMs: 10, maxRetryWaitMs: 5_000, userAgent: 'verify-test' };

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('one request', () => {
  let server: StandIn;
  beforeAll(async () => {
    server = await startStandIn({
      '/busy': [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }],
      '/flaky': [{ status: 503 }, { status: 200 }],
      '/down': { status: 502 },
      '/patient': { status: 429, headers: { 'retry-after': '120' } },
      '/hang': { hang: true },
    });
  });
  afterAll(() => server.close());

  it('waits as long as Retry-After asks before trying again', async () => {
    const result = await request(`${server.url}/busy`, FAST);
    expect(result).toMatchObject({ reached: true, status: 200 });
    const [first = 0, second = 0] = server.hits('GET /busy');
    expect(second - first).toBeGreaterThanOrEqual(950);
  });

  it('retries a 5xx after a back-off, and gives up after the retries', async () => {
    expect(await request(`${server.url}/flaky`, FAST)).toMatchObject({ reached: true, status: 200 });
    expect(await request(`${server.url}/down`, FAST)).toEqual({ reached: false, reason: 'HTTP 502 after 2 tries', hops: [] });
    expect(server.hits('GET /down')).toHaveLength(2);
  });

  it('does not wait for a Retry-After longer than it is willing to', async () => {
    expect(await request(`${server.url}/patient`, FAST)).toEqual({ reached: false, reason: 'HTTP 429 and asked to retry after 120 s', hops: [] });
    expect(server.hits('GET /patient')).toHaveLength(1);
  });

  it('times out a server that never answers, once per try', async () => {
    const started = Date.now();
    expect(await request(`${server.url}/hang`, FAST)).toEqual({ reached: false, reason: 'timed out after 300 ms', hops: [] });
    expect(server.hits('GET /hang')).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 12:00:10 GMT', Date.parse('Mon, 23 Nov 2026 12:00:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = await startStandIn({});
    await closed.close();
    expect(await request(`${closed.url}/`, { ...FAST, retries: 0 })).toEqual({ reached: false, reason: 'ECONNREFUSED', hops: [] });
  });
});

describe('package and page checks', () => {
  let server: StandIn;
  beforeAll(async () => {
    server = await startStandIn({
      '/npm/@acme%2fold': { json: npmPackument('@acme/old', [{ version: '1.0.0', released: '2024-01-02T00:00:00Z', deprecated: 'Renamed to @acme/new.' }]) },
      '/npm/fresh': { json: npmPackument('fresh', [{ version: '0.9.0', released: '2026-01-01T00:00:00Z' }, { version: '1.0.0', released: '2026-11-01T09:00:00Z' }]) },
      '/npm/sick': { status: 500 },
      '/api/v1/crates/gone': { json: crateDoc('gone', [{ num: '0.1.0', created: '2025-01-01T00:00:00Z', yanked: true }]) },
      '/api/v1/crates/half': { json: crateDoc('half', [{ num: '0.1.0', created: '2025-01-01T00:00:00Z' }, { num: '0.2.0', created: '2025-06-01T00:00:00Z', yanked: true }]) },
      '/pypi/solana/json': { json: pypiDoc('solana', '0.41.0', '2026-10-01T12:00:00Z') },
      '/old': { status: 301, headers: { location: '/new' } },
      '/temp': { status: 302, headers: { location: '/new' } },
      '/new': { status: 200 },
      '/no-head': [{ status: 405 }, { status: 200 }],
      '/gone': { status: 404 },
      '/private': { status: 403 },
      '/loop': { status: 301, headers: { location: '/loop' } },
    });
  });
  afterAll(() => server.close());

  it('find a deprecated npm package, its release date and what it was renamed to', async () => {
    expect(await checkPackage('npm', `${server.url}/npm`, '@acme/old', FAST)).toEqual({
      status: 'deprecated',
      detail: 'latest 1.0.0, released 2024-01-02, deprecated: Renamed to @acme/new.',
      latest: '1.0.0',
      deprecated: 'Renamed to @acme/new.',
      lastRelease: '2024-01-02',
      renamedTo: '@acme/new',
    });
    expect(await checkPackage('npm', `${server.url}/npm`, 'fresh', FAST)).toMatchObject({ status: 'ok', latest: '1.0.0', lastRelease: '2026-11-01' });
  });

  it('find a yanked crate, whether every version or the newest is yanked', async () => {
    expect(await checkPackage('crates', `${server.url}/api/v1`, 'gone', FAST)).toMatchObject({ status: 'yanked', yanked: true, latest: '0.1.0' });
    expect(await checkPackage('crates', `${server.url}/api/v1`, 'half', FAST)).toMatchObject({ status: 'ok', latest: '0.1.0' });
  });

  it('tell a missing package from a registry that does not answer', async () => {
    expect(await checkPackage('pypi', `${server.url}/pypi`, 'solana', FAST)).toMatchObject({ status: 'ok', latest: '0.41.0', lastRelease: '2026-10-01' });
    expect(await checkPackage('pypi', `${server.url}/pypi`, 'no-such-project', FAST)).toEqual({ status: 'missing', detail: 'not found (HTTP 404)', httpStatus: 404 });
    expect(await checkPackage('npm', `${server.url}/npm`, 'sick', FAST)).toEqual({ status: 'unreachable', detail: 'HTTP 500 after 2 tries' });
  });

  it('follow redirects and say whether they were permanent', async () => {
    expect(await checkUrl(`${server.url}/old`, FAST)).toEqual({
      status: 'redirected',
      detail: `→ ${server.url}/new`,
      httpStatus: 200,
      redirect: `${server.url}/new`,
      permanent: true,
    });
    expect(await checkUrl(`${server.url}/temp`, FAST)).not.toHaveProperty('permanent');
  });

  it('ask again with GET when a server refuses HEAD', async () => {
    expect(await checkUrl(`${server.url}/no-head`, FAST)).toEqual({ status: 'ok', detail: 'HTTP 200', httpStatus: 200 });
    expect(server.hits('GET /no-head')).toHaveLength(1);
  });

  it('call a 404 broken, a 403 unreachable and a redirect loop broken', async () => {
    expect(await checkUrl(`${server.url}/gone`, FAST)).toMatchObject({ status: 'broken', detail: 'HTTP 404' });
    expect(await checkUrl(`${server.url}/private`, FAST)).toMatchObject({ status: 'unreachable', detail: 'HTTP 403' });
    expect(await checkUrl(`${server.url}/loop`, FAST)).toMatchObject({ status: 'broken', detail: 'more than 5 redirects' });
  });
});

describe('a run', () => {
  it('keeps at most the given number of checks in flight, in input order', async () => {
    let inFlight = 0;
    let most = 0;
    const out = await inPool([5, 1, 4, 2, 3], 2, async (ms) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, ms * 5));
      inFlight--;
      return ms * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });

  it('records what reached a server, keeps the old record when nothing answered, and drops removed entries', () => {
    const catalogue = { entries: [{ id: 'a' }, { id: 'b' }], files: [] } as unknown as Catalogue;
    const previous = new Map([
      ['a', { url: { checked: '2026-10-01', status: 200 } }],
      ['gone', { url: { checked: '2026-10-01', status: 200 } }],
    ]);
    const results: CheckResult[] = [
      { id: 'a', name: 'A', check: 'url', target: 'https://a.example', status: 'unreachable', detail: 'timed out after 300 ms' },
      { id: 'b', name: 'B', check: 'package', target: 'b', registry: 'npm', status: 'missing', detail: 'not found (HTTP 404)', httpStatus: 404 },
    ];
    expect(Object.fromEntries(mergeRecords(previous, results, catalogue, '2026-11-23'))).toEqual({
      a: { url: { checked: '2026-10-01', status: 200 } },
      b: { package: { checked: '2026-11-23', registry: 'npm', name: 'b', missing: true } },
    });
  });

  it('prints a table worst first, and a progress bar for terminals', () => {
    const results: CheckResult[] = [
      { id: 'fine', name: 'Fine', check: 'url', target: 'https://fine.example', status: 'ok', detail: 'HTTP 200', httpStatus: 200 },
      { id: 'kit', name: 'Kit', check: 'package', target: '@solana/kit', registry: 'npm', status: 'missing', detail: 'not found (HTTP 404)' },
    ];
    expect(formatTable(results)).toEqual(['STATUS   ENTRY  CHECKED          DETAIL', 'missing  kit    npm @solana/kit  not found (HTTP 404)']);
    expect(formatTable(results, { all: true })).toHaveLength(3);
    expect(progressBar(1, 4, 8)).toBe('[##------] 1/4');
  });
});

describe('npm run catalogue:verify', () => {
  let registry: StandIn;
  let web: StandIn;
  beforeAll(async () => {
    registry = await startStandIn({
      '/npm/old-sdk': { json: npmPackument('old-sdk', [{ version: '2.0.0', released: '2024-03-01T00:00:00Z', deprecated: 'Renamed to @acme/new-sdk' }]) },
      '/npm/@acme%2fnew-sdk': { json: npmPackument('@acme/new-sdk', [{ version: '1.4.0', released: '2026-11-02T00:00:00Z' }]) },
      '/api/v1/crates/gone-crate': { json: crateDoc('gone-crate', [{ num: '0.3.0', created: '2025-02-01T00:00:00Z', yanked: true }]) },
    });
    web = await startStandIn(
      {
        '/old': { status: 301, headers: { location: '/new' } },
        '/new': { status: 200 },
        '/slow': { hang: true },
        '/gone': { status: 404 },
        '/busy': [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }],
      },
      { https: true },
    );
  });
  afterAll(async () => {
    await registry.close();
    await web.close();
  });

  const card = (id: string, pkg: string, reg: string) =>
    `  - id: ${id}\n    name: ${id}\n    form: card\n    browse: SDK\n    description: Test entry.\n    package: "${pkg}"\n    registry: ${reg}\n`;
  const page = (id: string, urlPath: string) =>
    `  - id: ${id}\n    name: ${id}\n    form: tabular\n    kind: DOCS\n    description: Test page.\n    url: ${web.url}${urlPath}\n`;
  const catalogueWith = (...entries: string[]) => {
    const { dir, cleanup } = tempCatalogue({ 'test.yaml': `category: Test\nentries:\n${entries.join('')}` });
    cleanups.push(cleanup);
    return dir;
  };
  const verify = (dir: string, args: string[], env: Record<string, string> = {}) =>
    runVerify(['--timeout', '300', '--retries', '1', '--retry-delay', '10', ...args], {
      CATALOGUE_DIR: dir,
      NPM_REGISTRY_URL: `${registry.url}/npm`,
      CRATES_API_URL: `${registry.url}/api/v1`,
      PYPI_URL: `${registry.url}/pypi`,
      NODE_EXTRA_CA_CERTS: STAND_IN_CERT,
      ...env,
    });

  it('reports a deprecated npm package, a yanked crate, a missing package, a redirect, a broken page and a timeout, and exits 1', async () => {
    const dir = catalogueWith(
      card('old-sdk', 'old-sdk', 'npm'),
      card('new-sdk', '@acme/new-sdk', 'npm'),
      card('gone-crate', 'gone-crate', 'crates'),
      card('ghost-py', 'ghost-py', 'pypi'),
      page('moved-page', '/old'),
      page('slow-page', '/slow'),
      page('gone-page', '/gone'),
      page('busy-page', '/busy'),
    );
    const run = await verify(dir, ['--json']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toBe(''); // not a terminal: no progress bar
    const report = JSON.parse(run.stdout) as { summary: Record<string, number>; exitCode: number; results: CheckResult[] };
    const by = Object.fromEntries(report.results.map((r) => [`${r.id} ${r.check}`, r]));
    expect(by['old-sdk package']).toMatchObject({ status: 'deprecated', registry: 'npm', latest: '2.0.0', renamedTo: '@acme/new-sdk' });
    expect(by['new-sdk package']).toMatchObject({ status: 'ok', latest: '1.4.0' });
    expect(by['gone-crate package']).toMatchObject({ status: 'yanked', registry: 'crates', yanked: true });
    expect(by['ghost-py package']).toMatchObject({ status: 'missing', registry: 'pypi', detail: 'not found (HTTP 404)' });
    expect(by['moved-page url']).toMatchObject({ status: 'redirected', redirect: `${web.url}/new`, permanent: true });
    expect(by['slow-page url']).toMatchObject({ status: 'unreachable', detail: 'timed out after 300 ms' });
    expect(by['gone-page url']).toMatchObject({ status: 'broken', detail: 'HTTP 404' });
    expect(by['busy-page url']).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect(report.summary).toEqual({ missing: 1, broken: 1, deprecated: 1, yanked: 1, redirected: 1, unreachable: 1, ok: 2 });
    expect(report.exitCode).toBe(1);
  });

  it('exits 0 when nothing is missing or broken, prints a table, and --write records what answered', async () => {
    const dir = catalogueWith(card('old-sdk', 'old-sdk', 'npm'), card('gone-crate', 'gone-crate', 'crates'), page('moved-page', '/old'), page('slow-page', '/slow'));
    const run = await verify(dir, ['--write']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^STATUS\s+ENTRY\s+CHECKED\s+DETAIL$/);
    expect(lines[1]).toMatch(/^deprecated\s+old-sdk\s+npm old-sdk\s+latest 2\.0\.0, released 2024-03-01, deprecated: Renamed to @acme\/new-sdk$/);
    expect(run.stdout).toMatch(/^unreachable\s+slow-page\s+https:\/\/127\.0\.0\.1:\d+\/slow\s+timed out after 300 ms$/m);
    expect(run.stdout).toMatch(/checked 2 packages and 2 URLs on \d{4}-\d{2}-\d{2}: 1 deprecated, 1 yanked, 1 redirected, 1 unreachable; nothing missing or broken\.\n$/);
    expect(run.stderr).toMatch(/^wrote 3 records to .*verification\.yaml/);

    const loaded = await loadCatalogue(dir);
    if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('\n'));
    const records = Object.fromEntries(loaded.catalogue.verification ?? []);
    const today = new Date().toISOString().slice(0, 10);
    expect(records).toEqual({
      'old-sdk': {
        package: { checked: today, registry: 'npm', name: 'old-sdk', latest: '2.0.0', deprecated: 'Renamed to @acme/new-sdk', last_release: '2024-03-01', renamed_to: '@acme/new-sdk' },
      },
      'gone-crate': { package: { checked: today, registry: 'crates', name: 'gone-crate', latest: '0.3.0', yanked: true, last_release: '2025-02-01' } },
      'moved-page': { url: { checked: today, status: 200, redirect: `${web.url}/new`, permanent: true } },
    });
    expect(readFileSync(path.join(dir, 'verification.yaml'), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\/verification\.schema\.json\n/);
  });

  it('checks only npm with --only npm, reading the registry npm itself was given', async () => {
    const dir = catalogueWith(card('new-sdk', '@acme/new-sdk', 'npm'), card('gone-crate', 'gone-crate', 'crates'), page('gone-page', '/gone'));
    const run = await verify(dir, ['--only', 'npm', '--json'], { NPM_REGISTRY_URL: '', npm_config_registry: `${registry.url}/npm/` });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { results: CheckResult[] };
    expect(report.results.map((r) => [r.id, r.status])).toEqual([['new-sdk', 'ok']]);
  });

  it('refuses an unknown --only with the choices', async () => {
    const run = await verify(catalogueWith(page('p', '/new')), ['--only', 'maven']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--only knows npm, crates, pypi, urls, got "maven"');
  });
});
