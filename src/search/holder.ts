import type { ResourceIndex } from './types.js';

/**
 * Holds the live index and swaps it in one assignment. A request reads `current` once and
 * keeps that snapshot to the end, so it sees the old catalogue or the new one, never a mix;
 * an old snapshot stays whole and usable for as long as someone holds it.
 */
export class IndexHolder {
  #current: ResourceIndex;

  constructor(initial: ResourceIndex) {
    this.#current = initial;
  }

  /** The snapshot new requests should use. */
  get current(): ResourceIndex {
    return this.#current;
  }

  /** Makes `next` the snapshot for every later request; requests already running keep theirs. */
  replace(next: ResourceIndex): void {
    this.#current = next;
  }
}
