// Regenerates catalogue/catalogue.schema.json from the zod schema; a test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { catalogueJsonSchema } from '../src/catalogue/schema.js';

const target = new URL('../catalogue/catalogue.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(catalogueJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
