// npm run catalogue:verify: checks every package against its registry and every URL, prints a table
// (or --json), and with --write records what it found in the catalogue's verification.yaml.
import 'dotenv/config';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalogue } from '../src/catalogue/load.js';
import { formatProblem } from '../src/catalogue/problems.js';
import { VERIFIABLE_REGISTRIES, type VerifiableRegistry } from '../src/catalogue/registries.js';
import { VERIFICATION_FILE, formatVerification } from '../src/catalogue/verification.js';
import { parseVerificationFile } from '../src/catalogue/load.js';
import { formatTable, jsonReport, progressBar, summarySentence } from '../src/catalogue/verify/report.js';
import { exitCodeFor, mergeRecords, verifyCatalogue } from '../src/catalogue/verify/run.js';
import { readConfig } from '../src/runtime/config.js';

const USAGE = `usage: npm run catalogue:verify -- [options]

  --only LIST         check only these, comma-separated: ${VERIFIABLE_REGISTRIES.join(', ')}, urls (default: all)
  --json              print a machine report instead of the table
  --all               list the checks that are fine too
  --write             record what was found in ${VERIFICATION_FILE} beside the entries
  --concurrency N     requests in flight at once (default 8)
  --timeout MS        per request (default 10000)
  --retries N         further tries on 429, 5xx and network errors (default 2)
  --retry-delay MS    first back-off when the server sends no Retry-After (default 500)

Registry APIs come from registries.yaml unless NPM_REGISTRY_URL (or npm_config_registry),
CRATES_API_URL or PYPI_URL say otherwise. Exits 1 only when a package is missing or a page broken.`;

class UsageError extends Error {}

const out = (text: string) => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

function whole(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be a whole number from ${min}, got "${text}"`);
  return n;
}

/** The API base for a registry: the environment first (so a mirror works), then registries.yaml. */
function apiBase(variable: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new UsageError(`${variable} is not an http(s) URL: "${value}"`);
  return value.trim().replace(/\/+$/, '');
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string' },
      json: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      retries: { type: 'string' },
      'retry-delay': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return (out(USAGE), 0);
  const known = [...VERIFIABLE_REGISTRIES, 'urls'];
  const only = values.only
    ?.split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = only?.filter((o) => !known.includes(o)) ?? [];
  if (unknown.length > 0) throw new UsageError(`--only knows ${known.join(', ')}, got "${unknown.join(', ')}"`);

  const dir = readConfig(process.env, 'catalogue-only').CATALOGUE_DIR;
  const loaded = await loadCatalogue(dir);
  if (!loaded.ok) {
    for (const problem of loaded.problems) err(formatProblem(problem));
    err(`catalogue check failed: ${loaded.problems.length} problem${loaded.problems.length === 1 ? '' : 's'}; fix those before verifying`);
    return 1;
  }
  const { catalogue } = loaded;
  const env = process.env;
  const shipped = (id: VerifiableRegistry) => catalogue.registries?.get(id)?.api;
  const apiBases = {
    npm: apiBase('NPM_REGISTRY_URL', env.NPM_REGISTRY_URL) ?? apiBase('npm_config_registry', env.npm_config_registry) ?? shipped('npm'),
    crates: apiBase('CRATES_API_URL', env.CRATES_API_URL) ?? shipped('crates'),
    pypi: apiBase('PYPI_URL', env.PYPI_URL) ?? shipped('pypi'),
  };

  const today = new Date().toISOString().slice(0, 10);
  // isTTY is undefined, not false, when stderr is a pipe.
  const showProgress = process.stderr.isTTY as boolean | undefined;
  const results = await verifyCatalogue(catalogue, {
    concurrency: whole('concurrency', values.concurrency, 8, 1),
    timeoutMs: whole('timeout', values.timeout, 10_000, 1),
    retries: whole('retries', values.retries, 2, 0),
    retryDelayMs: whole('retry-delay', values['retry-delay'], 500, 0),
    maxRetryWaitMs: 30_000,
    userAgent: 'solana-resource-bot catalogue:verify',
    apiBases: Object.fromEntries(Object.entries(apiBases).filter(([, v]) => v !== undefined)),
    ...(only ? { only: new Set(only) } : {}),
    ...(showProgress ? { onProgress: (done: number, total: number) => process.stderr.write(`\r${progressBar(done, total)}`) } : {}),
  });
  if (showProgress) process.stderr.write('\r\x1b[2K');

  if (values.json) out(JSON.stringify(jsonReport(results, today, only), null, 2));
  else {
    const table = formatTable(results, { all: values.all });
    if (table.length > 0) out(`${table.join('\n')}\n`);
    out(summarySentence(results, today));
  }

  if (values.write) {
    const file = path.join(dir, VERIFICATION_FILE);
    const previous = await readFile(file, 'utf8').then(
      (text) => parseVerificationFile(text, file).records,
      () => new Map(),
    );
    const records = mergeRecords(previous, results, catalogue, today);
    await writeFile(file, formatVerification(records));
    err(`wrote ${records.size} records to ${file} (unreachable checks kept their earlier record)`);
  }
  return exitCodeFor(results);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    err(`${(e as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else throw e;
}
