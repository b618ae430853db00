import { runCatalogueCheck } from './catalogue/check.js';

const [command] = process.argv.slice(2);
if (command === 'check') {
  process.exitCode = await runCatalogueCheck(process.env.CATALOGUE_DIR ?? 'catalogue', (l) => process.stdout.write(`${l}\n`), (l) => process.stderr.write(`${l}\n`));
} else {
  process.stderr.write('usage: npm run cli -- check\n');
  process.exitCode = 2;
}
