/**
 * HTTP benchmark: our bot's Interactions Endpoint (HTTP mode, compiled, at LOG_LEVEL warn and
 * info) against a bare node:http endpoint that only checks the Ed25519 signature, under a
 * steady 200 signed interactions in flight. Run with `npm run bench:http [-- --rounds 3
 * --requests 5000 --concurrency 200 --warmup 2000 --seed 5 --out http.json --profile dir]`;
 * npm builds both servers first. With --profile, every server runs with --cpu-prof and the bench
 * prints where the time went.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCatalogue } from '../src/catalogue/load.js';
import { profileSummary } from './http-profile.js';
import { httpTable, httpTargets } from './http-report.js';
import { runHttp } from './http-run.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '5' },
    out: { type: 'string' },
    profile: { type: 'string' },
  },
});
const say = (line = '') => process.stdout.write(`${line}\n`);
const whole = (name: string, text: string, least = 1) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < least) {
    process.stderr.write(`--${name} must be a whole number of at least ${String(least)}, got "${text}"\n`);
    process.exit(2);
  }
  return n;
};

const loaded = await loadCatalogue('catalogue');
if (!loaded.ok) {
  process.stderr.write(`catalogue/ has ${String(loaded.problems.length)} problems: run npm run catalogue:check\n`);
  process.exit(1);
}
if (values.profile) mkdirSync(values.profile, { recursive: true });
const result = await runHttp(loaded.catalogue, {
  rounds: whole('rounds', values.rounds),
  requests: whole('requests', values.requests),
  concurrency: whole('concurrency', values.concurrency),
  warmup: whole('warmup', values.warmup, 0),
  seed: whole('seed', values.seed),
  profileDir: values.profile,
  log: say,
});
say();
say(httpTable(result));
say();
const targets = httpTargets(result);
for (const t of targets) say(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.detail}`);
if (values.profile) {
  say();
  say(profileSummary(values.profile));
}
if (values.out) {
  writeFileSync(values.out, `${JSON.stringify({ ...result, targets }, null, 2)}\n`);
  say(`\nwrote ${values.out}`);
}
// Bad answers make the figures meaningless; slower-than-target figures are what the benchmark reports.
if (targets.some((t) => t.name === 'http answers all sound' && !t.pass)) process.exitCode = 1;
