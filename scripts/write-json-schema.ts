// Regenerates the JSON Schemas in catalogue/ from the zod schemas; a test fails when one is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseRegistriesFile } from '../src/catalogue/load.js';
import { jsonSchemaFiles } from '../src/catalogue/json-schemas.js';

const dir = new URL('../catalogue/', import.meta.url);
const { registries, problems } = parseRegistriesFile(readFileSync(new URL('registries.yaml', dir), 'utf8'), 'catalogue/registries.yaml');
if (problems.length > 0) {
  process.stderr.write('catalogue/registries.yaml has problems; run npm run catalogue:check first\n');
  process.exit(1);
}
for (const [name, schema] of Object.entries(jsonSchemaFiles([...registries.keys()]))) {
  const target = new URL(name, dir);
  writeFileSync(target, `${JSON.stringify(schema, null, 2)}\n`);
  process.stdout.write(`wrote ${target.pathname}\n`);
}
