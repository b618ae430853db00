import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueJsonSchema } from '../../src/catalogue/schema.js';

describe('the JSON Schema in catalogue/', () => {
  it('matches the zod schema (run `npm run catalogue:schema` after changing it)', () => {
    const committed: unknown = JSON.parse(readFileSync('catalogue/catalogue.schema.json', 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(catalogueJsonSchema())));
  });
});
