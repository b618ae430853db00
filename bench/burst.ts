/**
 * Burst benchmark: this bot against a bare discord.js bot under 200 autocompletes at once, then
 * 200 search commands, plus cold start and idle memory. Run with `npm run bench:burst
 * [-- --rounds 3 --count 200 --seed 11 --out burst.json --profile DIR]`;
 * `--profile` writes a V8 CPU profile of each of our bot's burst processes into DIR; npm builds both bots first.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadCatalogue } from '../src/catalogue/load.js';
import { burstTable, burstTargets } from './burst-report.js';
import { runBurst } from './burst-run.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    count: { type: 'string', default: '200' },
    seed: { type: 'string', default: '11' },
    out: { type: 'string' },
    profile: { type: 'string' },
  },
});
const say = (line = '') => process.stdout.write(`${line}\n`);
const whole = (name: string, text: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`--${name} must be a whole number of at least 1, got "${text}"\n`);
    process.exit(2);
  }
  return n;
};

const loaded = await loadCatalogue('catalogue');
if (!loaded.ok) {
  process.stderr.write(`catalogue/ has ${String(loaded.problems.length)} problems: run npm run catalogue:check\n`);
  process.exit(1);
}
const result = await runBurst(loaded.catalogue, {
  rounds: whole('rounds', values.rounds),
  count: whole('count', values.count),
  seed: whole('seed', values.seed),
  log: say,
  profileDir: values.profile,
});
say();
say(burstTable(result));
say();
const targets = burstTargets(result);
for (const t of targets) say(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.detail}`);
if (values.out) {
  await writeFile(values.out, `${JSON.stringify({ ...result, targets }, null, 2)}\n`);
  say(`\nwrote ${values.out}`);
}
// Bad answers make the figures meaningless; slower-than-target figures are what the benchmark reports.
if (targets.some((t) => t.name === 'burst answers all sound' && !t.pass)) process.exitCode = 1;
