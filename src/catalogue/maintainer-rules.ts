/**
 * Rules about what maintainers owe each entry beyond its own fields: the pages its facts were checked
 * against, the asks it answers, how it relates to entries it shares a page with, and the kind a GitHub
 * link implies. Also the report of asks two entries word nearly alike (a warning: overlaps must be deliberate).
 */
import type { LineOf } from './cross-checks.js';
import { describeValue, type Problem } from './problems.js';
import { EXPECTED, type Entry } from './schema.js';
import { pageKey } from '../base/url.js';

function problem(entry: Entry, lineOf: LineOf, field: string, message: string): Problem {
  return { file: entry.source.file, line: lineOf(entry, field), entry: entry.name, field, message };
}

const at = (e: Entry) => `${e.source.file}:${e.source.line}`;

const isGithub = (url: string | undefined) => url !== undefined && /^https:\/\/(?:www\.)?github\.com\//i.test(url);

/** Every entry records where its facts were checked, and the asks it answers (their count is the schema's). */
function requiredFields(e: Entry, lineOf: LineOf): Problem[] {
  const out: Problem[] = [];
  if (!e.sources?.length) out.push(problem(e, lineOf, 'sources', `is required (expected ${EXPECTED.sources ?? 'the pages checked'}, got nothing)`));
  if (!e.asks?.length) out.push(problem(e, lineOf, 'asks', `is required (expected ${EXPECTED.asks ?? 'asks'}, got nothing)`));
  return out;
}

/**
 * One rule per kind where a link shows it: a row that links a github.com page is the repository or GitHub home
 * (GITHUB or REPO), unless it is a library (SDK) or a hosted API documented there; a program you run that lives on
 * GitHub is a card. And a GITHUB or REPO entry links github.com.
 */
function kindByLink(e: Entry, lineOf: LineOf): Problem[] {
  const kind = e.form === 'tabular' ? e.kind : e.browse;
  const field = e.form === 'tabular' ? 'kind' : 'browse';
  if (e.form === 'tabular' && isGithub(e.url) && !['SDK', 'API', 'GITHUB', 'REPO'].includes(e.kind))
    return [
      problem(e, lineOf, field, `does not fit its github.com link (expected GITHUB or REPO for a repository or GitHub home, or a card for a program you run, got ${describeValue(kind)})`),
    ];
  if ((kind === 'GITHUB' || kind === 'REPO') && e.url !== undefined && !isGithub(e.url))
    return [problem(e, lineOf, 'url', `is not a github.com page (expected a GITHUB or REPO entry to link its repository or GitHub home, got ${describeValue(e.url)})`)];
  return [];
}

/** `relates` names another entry, not itself. */
function relationTargets(e: Entry, lineOf: LineOf): Problem[] {
  return (e.relates ?? []).flatMap((r, k) =>
    r.to === e.id ? [problem(e, lineOf, `relates[${k}].to`, `points at the entry itself (expected the id of another entry, got ${describeValue(r.to)})`)] : [],
  );
}

/**
 * A relation to an entry that is gone: a warning, never a reason to refuse an edit (deleting an entry must not block
 * on every entry that mentions it; a file cut short must be held, not rejected).
 */
export function danglingRelations(entries: readonly Entry[], lineOf: LineOf): Problem[] {
  const ids = new Set(entries.map((e) => e.id));
  return entries.flatMap((e) =>
    (e.relates ?? []).flatMap((r, k) =>
      r.to !== e.id && !ids.has(r.to)
        ? [problem(e, lineOf, `relates[${k}].to`, `names no entry any more (expected the id of an entry in the catalogue, got ${describeValue(r.to)}); drop the relation`)]
        : [],
    ),
  );
}

/** The entries of a group joined to its first by `relates` (either way), directly or through others of the group. */
function connected(group: readonly Entry[]): Set<Entry> {
  const reached = new Set<Entry>([group[0] as Entry]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const e of group) {
      if (reached.has(e)) continue;
      const linked = group.some((o) => reached.has(o) && ((e.relates ?? []).some((r) => r.to === o.id) || (o.relates ?? []).some((r) => r.to === e.id)));
      if (linked) {
        reached.add(e);
        grew = true;
      }
    }
  }
  return reached;
}

/** Entries that link the same page say how they relate (part of, same product, a guide to, a companion), or are merged. */
function sharedPages(entries: readonly Entry[], lineOf: LineOf): Problem[] {
  const byPage = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = e.url === undefined ? undefined : pageKey(e.url);
    if (key !== undefined) byPage.set(key, [...(byPage.get(key) ?? []), e]);
  }
  const out: Problem[] = [];
  for (const group of byPage.values()) {
    if (group.length < 2) continue;
    const reached = connected(group);
    for (const e of group.filter((g) => !reached.has(g)))
      out.push(
        problem(
          e,
          lineOf,
          'url',
          `is also the link of "${(group[0] as Entry).name}" at ${at(group[0] as Entry)} (expected a page of its own, or relates: [{to: ${(group[0] as Entry).id}, as: part-of | same-product | guide-to | companion}], or one entry instead of two)`,
        ),
      );
  }
  return out;
}

/** Asks worded alike are listed up to this many; a catalogue copied wholesale would otherwise list thousands. */
const ASK_WARNINGS_SHOWN = 20;

/** Words that do not tell two asks apart. */
const FILLER = new Set(['a', 'an', 'the', 'to', 'for', 'of', 'in', 'on', 'with', 'my', 'i', 'how', 'do', 'is', 'there', 'any', 'what', 'can']);

/** Content words of an ask, for comparing wordings: lower case, letters and digits, short filler left out. */
function askKey(ask: string): string {
  const words = ask
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FILLER.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));
  return [...new Set(words)].sort().join(' ');
}

/**
 * Asks two unrelated entries word alike (the same content words): a warning, since a question in those words then
 * cannot tell the two apart. Entries that relate to each other may share asks on purpose.
 */
export function nearIdenticalAsks(entries: readonly Entry[], lineOf: LineOf): Problem[] {
  const owner = new Map<string, Entry>();
  const related = (a: Entry, b: Entry) => (a.relates ?? []).some((r) => r.to === b.id) || (b.relates ?? []).some((r) => r.to === a.id);
  const found: { entry: Entry; index: number; first: Entry }[] = [];
  for (const e of entries)
    (e.asks ?? []).forEach((ask, index) => {
      const key = askKey(ask);
      if (key.split(' ').length < 2) return;
      const first = owner.get(key);
      if (!first) owner.set(key, e);
      else if (first !== e && !related(first, e)) found.push({ entry: e, index, first });
    });
  // Finding a field's line may mean reading its file again: only the pairs shown are placed.
  const shown = found.slice(0, ASK_WARNINGS_SHOWN).map(({ entry, index, first }) =>
    problem(entry, lineOf, `asks[${index}]`, `words the need like "${first.name}" at ${at(first)} (${describeValue(entry.asks?.[index])}): reword one, or relate the two entries if both answer it`),
  );
  const rest = found.length - shown.length;
  const entry = found[ASK_WARNINGS_SHOWN]?.entry;
  if (entry) {
    shown.push({ file: entry.source.file, line: entry.source.line, message: `and ${rest} more asks worded like another entry's (the first ${ASK_WARNINGS_SHOWN} are listed)` });
  }
  return shown;
}

/** Every maintainer rule over the whole catalogue. */
export function maintainerRules(entries: readonly Entry[], lineOf: LineOf): Problem[] {
  return [
    ...entries.flatMap((e) => [...requiredFields(e, lineOf), ...kindByLink(e, lineOf), ...relationTargets(e, lineOf)]),
    ...sharedPages(entries, lineOf),
  ];
}
