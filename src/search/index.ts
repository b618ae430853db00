/** The search layer: an immutable index over one catalogue, and a holder that swaps it atomically. */
export { createResourceIndex } from './create.js';
export { IndexHolder } from './holder.js';
export type { Choice, KindListing, LookupResult, ResourceIndex, SearchHit, SearchOptions } from './types.js';
