import Fuse from 'fuse.js';
import type { Entry } from '../src/catalogue/schema.js';

/**
 * Fuse.js as Discord bots commonly configure it: weighted keys, threshold 0.4, and
 * ignoreLocation so words late in a description can match (with the default location 0 /
 * distance 100, anything past ~40 characters is out of reach at this threshold).
 */
export const FUSE_OPTIONS = {
  keys: [
    { name: 'name', weight: 3 },
    { name: 'aliases', weight: 2 },
    { name: 'package', weight: 2 },
    { name: 'tags', weight: 1 },
    { name: 'description', weight: 1 },
  ],
  threshold: 0.4,
  ignoreLocation: true,
  includeScore: true,
};

export const FUSE_CONFIG_TEXT =
  'keys name 3, aliases 2, package 2, tags 1, description 1; threshold 0.4; ignoreLocation true; includeScore';

/** A Fuse index over `entries` with the bot configuration. */
export function createFuse(entries: readonly Entry[]): Fuse<Entry> {
  return new Fuse([...entries], FUSE_OPTIONS);
}
