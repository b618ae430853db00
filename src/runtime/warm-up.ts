/**
 * Warming the answer path before members reach it. A fresh process runs its first searches
 * through V8's interpreter and loads the word lists search reads lazily (the English word
 * ranks); measured in a burst of 200 autocompletes at start-up, that made the first answers
 * several times slower than warm ones. Here the same handlers run over inputs made from the
 * catalogue itself (prefixes of names as members type them, names, slips, description words,
 * kind pages, entries) while the gateway connects, in slices that yield to the event loop.
 */
import { dispatch } from '../../commands/registry.js';
import type { Caller, CommandContext, Incoming } from '../../commands/types.js';
import type { Entry } from '../catalogue/schema.js';
import type { ResourceIndex } from '../search/index.js';
import { MemoryState, RecentPosts } from './state.js';

/** How long one slice may hold the event loop: well under what a member would notice. */
const SLICE_MS = 8;
/** Entries the inputs are made from, spread over the catalogue. */
const SAMPLED_ENTRIES = 30;

const caller: Caller = { userId: '0', locale: 'en-US', place: 'guild', memberPermissions: null, appPermissions: null };

/** "LiteSVM" → "LiteSMV": the neighbouring-letter slip members make most. */
function slip(word: string): string {
  const k = Math.floor(word.length / 2);
  return word.length < 4 ? word : word.slice(0, k - 1) + word.charAt(k) + word.charAt(k - 1) + word.slice(k + 1);
}

/** What members would send about one entry: typing its name, asking for it, browsing its kind. */
function inputsFor(entry: Entry, kind: string | undefined): Incoming[] {
  const typed = (text: string, subcommand: 'search' | 'show'): Incoming => ({
    type: 'autocomplete',
    command: 'resource',
    subcommand,
    focused: { name: subcommand === 'search' ? 'query' : 'name', value: text },
    caller,
  });
  const search = (query: string): Incoming => ({ type: 'command', command: 'resource', subcommand: 'search', options: { query }, caller });
  const name = entry.name.toLowerCase();
  const words = entry.description.split(/\s+/).filter((w) => w.length > 3);
  const inputs: Incoming[] = [];
  for (let n = 1; n <= Math.min(6, name.length); n++) inputs.push(typed(name.slice(0, n), n % 2 ? 'search' : 'show'));
  inputs.push(
    search(entry.name),
    search(slip(name)),
    search(words.slice(0, 3).join(' ')),
    search(`how do I ${words.slice(2, 5).join(' ')}?`),
    { type: 'command', command: 'resource', subcommand: 'show', options: { name: entry.id }, caller },
  );
  if (kind) inputs.push({ type: 'command', command: 'resource', subcommand: 'kind', options: { kind }, caller });
  return inputs;
}

/** Every input of the warm-up, for `index`'s catalogue. */
export function warmUpInputs(index: ResourceIndex): Incoming[] {
  const entries = index.catalogue.entries;
  const step = Math.max(1, Math.floor(entries.length / SAMPLED_ENTRIES));
  const inputs: Incoming[] = [];
  for (let k = 0; k < entries.length; k += step) {
    const entry = entries[k] as Entry;
    inputs.push(...inputsFor(entry, entry.form === 'tabular' ? entry.kind : undefined));
  }
  return inputs;
}

export interface WarmUpReport {
  interactions: number;
  /** Inputs whose handler threw: a bug the same request from a member would also meet. */
  failed: number;
  ms: number;
}

/**
 * Runs every warm-up input through the command registry, as a transport would, and drops the
 * answers. Never throws: a failing input is counted (and logged by the caller), not a reason
 * to hold up start-up. The flood guard is off, and the state is this run's own.
 */
export async function warmUp(index: ResourceIndex): Promise<WarmUpReport> {
  const started = performance.now();
  const ctx: CommandContext = { index, caller, state: new MemoryState(undefined, new RecentPosts(0)), now: Date.now() };
  const inputs = warmUpInputs(index);
  let sliceStart = performance.now();
  let failed = 0;
  for (const incoming of inputs) {
    try {
      await dispatch(incoming, ctx);
    } catch {
      failed++;
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  return { interactions: inputs.length, failed, ms: Math.round(performance.now() - started) };
}
