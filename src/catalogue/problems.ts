import type { z } from 'zod';
import { EXPECTED, EXPECTED_ON_CARD } from './schema.js';

/** One thing wrong with the catalogue, located precisely enough to fix without searching. */
export interface Problem {
  file: string;
  line: number;
  column?: number;
  /** The entry's name (or id, or position) when the problem belongs to an entry. */
  entry?: string;
  /** What `entry` names when it is not a catalogue entry: "registry" or "record". */
  subject?: string;
  field?: string;
  /** What is wrong, including "(expected …, got …)". */
  message: string;
}

/** Renders a problem as `FILE:LINE entry "NAME": FIELD: what is wrong (expected …, got …)`. */
export function formatProblem(p: Problem): string {
  const where = p.column === undefined ? `${p.file}:${p.line}` : `${p.file}:${p.line}:${p.column}`;
  const entry = p.entry === undefined ? '' : ` ${p.subject ?? 'entry'} ${JSON.stringify(p.entry)}`;
  const field = p.field === undefined ? '' : `${p.field}: `;
  return `${where}${entry}: ${field}${p.message}`;
}

/** A short, safe description of a value as the maintainer wrote it. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (typeof value === 'string') {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    const size = value.length > 60 ? ` (${value.length} characters)` : '';
    return `${JSON.stringify(shown)}${size}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  return 'a mapping';
}

/** The dotted field name for a path inside an entry: `aliases[2]`, `kind`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`))
    .join('');
}

/** The expectation for a field, looked up by its top-level name, with a card's own wording where it differs. */
export function expectedFor(path: readonly PropertyKey[], form?: unknown, table: Record<string, string> = EXPECTED): string {
  const top = path.find((k) => typeof k === 'string');
  if (typeof top !== 'string') return 'a valid value';
  return (form === 'card' && table === EXPECTED ? EXPECTED_ON_CARD[top] : undefined) ?? table[top] ?? 'a valid value';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** A zod issue turned into field + message, with the value the maintainer actually wrote. */
export interface FieldIssue {
  path: PropertyKey[];
  message: string;
}

/** Explains one zod issue in the catalogue's own words; unknown keys become one issue each. */
export function explainIssue(
  issue: z.core.$ZodIssue,
  root: unknown,
  allowedFields: readonly string[],
  table: Record<string, string> = EXPECTED,
): FieldIssue[] {
  const path = [...issue.path];
  const value = valueAt(root, path);
  const form = (root as { form?: unknown } | null)?.form;
  const expected = expectedFor(path, form, table);
  const tail = () => `(expected ${expected}, got ${describeValue(value)})`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: [...path, key],
        message: `is not a field here (expected only ${allowedFields.join(', ')}, got ${describeValue(valueAt(root, [...path, key]))})`,
      }));
    case 'invalid_type':
      return [{ path, message: `${value === undefined ? 'is required' : 'has the wrong type'} ${tail()}` }];
    case 'invalid_union':
      return [{ path, message: `${value === undefined ? 'is required' : 'is not a known form'} ${tail()}` }];
    case 'invalid_value':
      return [{ path, message: `${value === undefined ? 'is required' : 'is not allowed'} ${tail()}` }];
    case 'custom': {
      // A rule with its own expectation (prose rules) says so in params; the field's usual one otherwise.
      const own = (issue.params as { expected?: unknown } | undefined)?.expected;
      return [{ path, message: `${issue.message} (expected ${typeof own === 'string' ? own : expected}, got ${describeValue(value)})` }];
    }
    default:
      return [{ path, message: `${issue.message} ${tail()}` }];
  }
}
