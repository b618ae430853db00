import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { formatProblem } from '../../src/catalogue/problems.js';
import { maintainerFields, tempCatalogue } from '../helpers/temp-catalogue.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Problems and warnings for the files, as written (no fields added), with the temp folder shown as DIR. */
async function checked(files: Record<string, string>): Promise<{ problems: string[]; warnings: string[] }> {
  const { dir, cleanup } = tempCatalogue(files, { complete: false });
  cleanups.push(cleanup);
  const result = await loadCatalogue(dir);
  const shown = (list: readonly Parameters<typeof formatProblem>[0][]) => list.map((p) => formatProblem(p).split(path.resolve(dir)).join('DIR'));
  return result.ok ? { problems: [], warnings: shown(result.warnings) } : { problems: shown(result.problems), warnings: [] };
}

const header = 'category: Tools\nentries:\n';
/** An entry with the sources and asks every entry needs, and `more` fields. */
const entry = (id: string, more = '', kind = 'TOOL') =>
  [`  - id: ${id}`, `    name: Name ${id}`, '    form: tabular', `    kind: ${kind}`, `    description: Does ${id} things.`, ...maintainerFields(id), more]
    .filter(Boolean)
    .join('\n') + '\n';

describe('what maintainers owe each entry', () => {
  it('refuses an entry without the pages its facts were checked against, or without asks, naming the entry', async () => {
    const bare = `${header}  - id: bare\n    name: Bare\n    form: tabular\n    kind: TOOL\n    description: Does things.\n`;
    const { problems } = await checked({ 'a.yaml': bare });
    expect(problems).toEqual([
      expect.stringMatching(/^DIR\/a\.yaml:3 entry "Bare": sources: is required \(expected a list of at most 5 pages/),
      expect.stringMatching(/^DIR\/a\.yaml:3 entry "Bare": asks: is required \(expected a list of 8 to 40 needs/),
    ]);
  });

  it('refuses fewer than eight asks', async () => {
    const few = entry('few').replace(/asks: \[.*\]/, 'asks: [one need, two needs, three needs]');
    const { problems } = await checked({ 'a.yaml': header + few });
    expect(problems).toEqual([expect.stringMatching(/entry "Name few": asks: has fewer than 8 items/)]);
  });

  it('passes entries that carry both', async () => {
    expect(await checked({ 'a.yaml': header + entry('one') + entry('two') })).toEqual({ problems: [], warnings: [] });
  });
});

describe('entries that share a page', () => {
  const url = '    url: https://docs.example.com/thing/';
  it('must say how they relate, or be merged', async () => {
    const { problems } = await checked({ 'a.yaml': header + entry('one', url) + entry('two', url.replace(/\/$/, '')) });
    expect(problems).toEqual([
      expect.stringMatching(/entry "Name two": url: is also the link of "Name one" at DIR\/a\.yaml:3 \(expected a page of its own, or relates: \[\{to: one,/),
    ]);
  });

  it('pass once one relates to the other, whichever way', async () => {
    const related = `${url}\n    relates: [{to: one, as: part-of}]`;
    expect((await checked({ 'a.yaml': header + entry('one', url) + entry('two', related) })).problems).toEqual([]);
    expect((await checked({ 'a.yaml': header + entry('one', `${url}\n    relates: [{to: two, as: guide-to}]`) + entry('two', url) })).problems).toEqual([]);
  });

  it('warn, without refusing the edit, when a relation names an entry that is gone', async () => {
    const { problems, warnings } = await checked({ 'a.yaml': header + entry('one', '    relates: [{to: gone, as: companion}]') });
    expect(problems).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/entry "Name one": relates\[0\]\.to: names no entry any more/)]);
  });
});

describe('one rule per kind, where the link shows it', () => {
  it('makes a row that links github.com a GITHUB or REPO entry, unless it is a library or an API', async () => {
    const github = '    url: https://github.com/example/thing';
    const { problems } = await checked({ 'a.yaml': header + entry('docs', github, 'DOCS') + entry('lib', github.replace('thing', 'lib'), 'SDK') });
    expect(problems).toEqual([expect.stringMatching(/entry "Name docs": kind: does not fit its github\.com link \(expected GITHUB or REPO/)]);
  });

  it('makes a GITHUB or REPO entry link github.com', async () => {
    const { problems } = await checked({ 'a.yaml': header + entry('repo', '    url: https://gitlab.com/example/thing', 'REPO') });
    expect(problems).toEqual([expect.stringMatching(/entry "Name repo": url: is not a github\.com page/)]);
  });
});

describe('asks', () => {
  it('reports, as a warning, two unrelated entries wording a need alike', async () => {
    const one = entry('one').replace('first need of one', 'Stream every transaction of my program');
    const two = entry('two').replace('third need of two', 'stream EVERY transactions of my program!');
    const { problems, warnings } = await checked({ 'a.yaml': header + one + two });
    expect(problems).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/entry "Name two": asks\[2\]: words the need like "Name one" at DIR\/a\.yaml:3/)]);
    const related = two.replace('    asks:', '    relates: [{to: one, as: same-product}]\n    asks:');
    expect((await checked({ 'a.yaml': header + one + related })).warnings).toEqual([]);
  });

  it('lists the first 20 asks worded like another entry, then how many more, so a copied catalogue stays readable', async () => {
    const copies = Array.from({ length: 5 }, (_, k) => entry(`copy${k}`).replace(/asks: \[.*\]/, `asks: [${Array.from({ length: 8 }, (_, n) => `the shared need number ${n}`).join(', ')}]`));
    const { problems, warnings } = await checked({ 'a.yaml': header + copies.join('') });
    expect(problems).toEqual([]);
    // Four copies repeat the first one's eight asks: 32 alike, 20 listed.
    expect(warnings).toHaveLength(21);
    expect(warnings.filter((w) => w.includes(' more asks '))).toEqual([expect.stringMatching(/and 12 more asks worded like another entry's \(the first 20 are listed\)$/)]);
  });
});
