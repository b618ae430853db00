/**
 * The floor to beat: a plain minisearch index over the same entries (name, aliases, package, description,
 * tags, maker; five boosts, fuzzy 0.2, prefix), with no vocabulary, no rules and no "nothing". Every set's
 * top five must be at least this index's.
 */
import MiniSearch from 'minisearch';
import type { Entry } from '../../src/catalogue/schema.js';
import type { Labelled } from './sets.js';

export function plainIndex(entries: readonly Entry[]): (text: string) => string[] {
  const mini = new MiniSearch<{
    id: string;
    name: string;
    aliases: string;
    package: string;
    description: string;
    tags: string;
    maker: string;
  }>({
    fields: ['name', 'aliases', 'package', 'description', 'tags', 'maker'],
    searchOptions: { boost: { name: 5, aliases: 4, package: 4, tags: 2, maker: 2 }, fuzzy: 0.2, prefix: true },
  });
  mini.addAll(
    entries.map((e) => ({
      id: e.id,
      name: e.name,
      aliases: e.aliases.join(' '),
      package: e.package ?? '',
      description: e.description,
      tags: e.tags.join(' '),
      maker: e.maker ?? '',
    })),
  );
  return (text) =>
    mini
      .search(text)
      .slice(0, 10)
      .map((r) => r.id as string);
}

/** The plain index's share of answerable items with a right answer in its top five. */
export function plainHitAt5(search: (text: string) => string[], items: readonly Labelled[]): number {
  const answerable = items.filter((q) => q.expect.length > 0);
  const hits = answerable.filter((q) =>
    search(q.text)
      .slice(0, 5)
      .some((id) => q.expect.includes(id)),
  ).length;
  return hits / Math.max(1, answerable.length);
}
