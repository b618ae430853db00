/** JSON values arrive untyped; these narrow them without casts scattered through the routes. */
export type JsonObject = Record<string, unknown>;

/** The value as a plain object, or an empty one (so optional reads stay simple). */
export function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** A string field, if present and a string. */
export function stringField(value: unknown, key: string): string | undefined {
  const field = asObject(value)[key];
  return typeof field === 'string' ? field : undefined;
}

/** A number field, if present and a number. */
export function numberField(value: unknown, key: string): number | undefined {
  const field = asObject(value)[key];
  return typeof field === 'number' ? field : undefined;
}

/** An array field, if present and an array. */
export function arrayField(value: unknown, key: string): unknown[] | undefined {
  const field = asObject(value)[key];
  return Array.isArray(field) ? field : undefined;
}
