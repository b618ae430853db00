import type { Entry } from '../catalogue/schema.js';
import type { Engine } from './engine.js';
import type { NameIndex } from './names.js';
import type { Choice } from './types.js';

/** The precomputed parts of one index snapshot that the query functions read. Never mutated. */
export interface Snapshot {
  readonly entries: readonly Entry[];
  /** Entry id → position in `entries`. */
  readonly positions: ReadonlyMap<string, number>;
  readonly names: NameIndex;
  readonly engine: Engine;
  /** The empty-input autocomplete list: featured first, then by name. */
  readonly defaultChoices: readonly Choice[];
}
