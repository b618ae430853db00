import { conceptsJsonSchema } from './concepts.js';
import { languageJsonSchema } from './languages.js';
import { registriesJsonSchema } from './registries.js';
import { catalogueJsonSchema } from './schema.js';
import { verificationJsonSchema } from './verification.js';

/** Every JSON Schema kept in catalogue/ for editors, by file name; `registryIds` are offered for an entry's registry. */
export function jsonSchemaFiles(registryIds: readonly string[]): Record<string, Record<string, unknown>> {
  return {
    'catalogue.schema.json': catalogueJsonSchema(registryIds),
    'concepts.schema.json': conceptsJsonSchema(),
    'language.schema.json': languageJsonSchema(),
    'registries.schema.json': registriesJsonSchema(),
    'verification.schema.json': verificationJsonSchema(),
  };
}
