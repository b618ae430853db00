import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { createResourceIndex, type ResourceIndex } from '../../src/search/index.js';
import { LABELLED_QUERIES } from './queries.js';

/** Recall@5 below this fails the build: the labelled queries are what the bot is for. */
const MIN_RECALL_AT_5 = 0.9;

let index: ResourceIndex;

beforeAll(async () => {
  const loaded = await loadCatalogue('catalogue');
  if (!loaded.ok) {
    const first = loaded.problems.slice(0, 5).map((p) => `${p.file}:${p.line} ${p.message}`);
    throw new Error(`the shipped catalogue does not load:\n${first.join('\n')}`);
  }
  index = createResourceIndex(loaded.catalogue);
});

/** Rank (1-based) of the first expected id in the top ten, or undefined. */
function rankOf(query: string, expected: readonly string[]): number | undefined {
  const position = index.search(query, { limit: 10 }).findIndex((hit) => expected.includes(hit.entry.id));
  return position < 0 ? undefined : position + 1;
}

describe('search quality on the shipped catalogue', () => {
  it('has at least 60 labelled queries', () => {
    expect(LABELLED_QUERIES.length).toBeGreaterThanOrEqual(60);
  });

  it('labels only ids that exist in the catalogue', () => {
    const missing = LABELLED_QUERIES.flatMap((q) => q.expect.filter((id) => !index.get(id)).map((id) => `${q.query} → ${id}`));
    expect(missing).toEqual([]);
  });

  it(`finds an expected entry in the top five for at least ${MIN_RECALL_AT_5 * 100}% of the labelled queries`, () => {
    const ranks = LABELLED_QUERIES.map((q) => ({ query: q.query, rank: rankOf(q.query, q.expect) }));
    const recalled = ranks.filter((r) => r.rank !== undefined && r.rank <= 5).length;
    const recall = recalled / ranks.length;
    const mrr = ranks.reduce((sum, r) => sum + (r.rank === undefined ? 0 : 1 / r.rank), 0) / ranks.length;
    const misses = ranks.filter((r) => r.rank === undefined || r.rank > 5).map((r) => r.query);
    console.info(
      `search quality: recall@5 ${recall.toFixed(3)}, MRR ${mrr.toFixed(3)} over ${ranks.length} queries; missed: ${misses.join(' | ') || 'none'}`,
    );
    expect(recall).toBeGreaterThanOrEqual(MIN_RECALL_AT_5);
  });
});
