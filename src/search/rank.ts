import type { Entry } from '../catalogue/schema.js';
import { editDistance } from './distance.js';
import type { EngineHit, EngineQuery } from './engine.js';
import type { Snapshot } from './snapshot.js';
import { compactKey } from './text.js';
import { FEATURED_BOOST, TYPO_NAME_CANDIDATES, fuzzyDistance } from './tuning.js';

/**
 * Full-text hits, best first: entries matching more of the query's distinctive words come
 * first (see DISTINCTIVE_SHARE), then by relevance, with featured entries lifted by
 * FEATURED_BOOST. Words still combine with OR, so a question with one unmatched word still
 * finds things, but "python sdk" puts Python libraries above every other SDK. The score
 * becomes words matched plus relevance as a fraction, so it still descends down the list.
 */
export function engineRanking(snapshot: Snapshot, query: EngineQuery): EngineHit[] {
  const hits = snapshot.engine.run(query);
  for (const hit of hits) if (snapshot.entries[hit.i]?.featured) hit.score *= FEATURED_BOOST;
  const best = hits.reduce((max, h) => Math.max(max, h.score), 0) * 1.01 || 1;
  for (const hit of hits) hit.score = (hit.coverage ?? 1) + hit.score / best;
  return hits.sort((a, b) => b.score - a.score);
}

// Entries are immutable, so their compacted names are worked out once, on first use.
const compactNames = new WeakMap<Entry, readonly string[]>();

function namesOf(entry: Entry): readonly string[] {
  let names = compactNames.get(entry);
  if (!names) compactNames.set(entry, (names = [entry.name, ...entry.aliases].map(compactKey)));
  return names;
}

/**
 * Among the best full-text hits, those whose name or alias is a typo of the whole query
 * ("ancor" → Anchor, "surfpol" → Surfpool), closest first. Fuzzy term matching finds them,
 * but a longer entry that mentions the name in several fields can outscore them.
 */
export function typoNames(snapshot: Snapshot, compact: string, hits: readonly EngineHit[]): number[] {
  const allowed = fuzzyDistance(compact);
  if (allowed === 0) return [];
  const found: { i: number; distance: number }[] = [];
  for (const { i } of hits.slice(0, TYPO_NAME_CANDIDATES)) {
    const entry = snapshot.entries[i];
    if (!entry) continue;
    let distance = allowed + 1;
    for (const name of namesOf(entry)) distance = Math.min(distance, editDistance(compact, name, allowed));
    if (distance <= allowed) found.push({ i, distance });
  }
  return found.sort((a, b) => a.distance - b.distance).map((f) => f.i);
}

/**
 * Tiers first (exact names, near completions, typos of names), whatever their full-text
 * score, then the full-text ranking. Tier hits get scores above the best full-text score, so
 * scores always descend down the list.
 */
export function mergeRanked(tiers: readonly number[], ranked: readonly EngineHit[]): EngineHit[] {
  const first = [...new Set(tiers)];
  const top = ranked[0]?.score ?? 0;
  const seen = new Set(first);
  const rest = ranked.filter((h) => !seen.has(h.i));
  return [...first.map((i, k) => ({ i, score: top + first.length - k })), ...rest];
}

/**
 * A deprecated entry brings its successor along, right after it, unless the successor already
 * ranks higher: someone asking for bankrun should meet LiteSVM.
 */
export function withSuccessors(snapshot: Snapshot, hits: readonly EngineHit[], accept?: (i: number) => boolean): EngineHit[] {
  const placed = new Set<number>();
  const out: EngineHit[] = [];
  for (const hit of hits) {
    if (placed.has(hit.i)) continue;
    out.push(hit);
    placed.add(hit.i);
    const entry = snapshot.entries[hit.i];
    if (entry?.status !== 'deprecated' || entry.successor === undefined) continue;
    const next = snapshot.positions.get(entry.successor);
    if (next !== undefined && !placed.has(next) && (!accept || accept(next))) {
      out.push({ i: next, score: hit.score });
      placed.add(next);
    }
  }
  return out;
}
