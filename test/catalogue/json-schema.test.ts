import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonSchemaFiles } from '../../src/catalogue/json-schemas.js';
import { parseRegistriesFile } from '../../src/catalogue/load.js';

const { registries } = parseRegistriesFile(readFileSync('catalogue/registries.yaml', 'utf8'), 'catalogue/registries.yaml');

describe('the JSON Schemas in catalogue/', () => {
  it.each(Object.entries(jsonSchemaFiles([...registries.keys()])))('%s matches the zod schema (run `npm run catalogue:schema` after changing it)', (name, schema) => {
    const committed: unknown = JSON.parse(readFileSync(`catalogue/${name}`, 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(schema)));
  });

  it('offers the shipped registries for an entry\'s registry field', () => {
    const text = readFileSync('catalogue/catalogue.schema.json', 'utf8');
    for (const id of ['npm', 'crates', 'pypi', 'pub', 'go']) expect(text).toContain(`"${id}"`);
  });
});
