import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { formatProblem } from '../../src/catalogue/problems.js';
import { tempCatalogue, yaml } from '../helpers/temp-catalogue.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Loads the given files and returns every problem line, with the temp folder shown as DIR. */
async function problemsFor(files: Record<string, string>): Promise<string[]> {
  const { dir, cleanup } = tempCatalogue(files);
  cleanups.push(cleanup);
  const result = await loadCatalogue(dir);
  if (result.ok) return [];
  return result.problems.map((p) => formatProblem(p).split(path.resolve(dir)).join('DIR'));
}

const header = '# yaml-language-server: $schema=./catalogue.schema.json\ncategory: SDKs\nentries:\n';
const kit = `  - id: solana-kit\n    name: Solana Kit\n    form: tabular\n    kind: SDK\n    description: The TypeScript SDK for Solana.\n    package: "@solana/kit"\n    registry: npm\n`;

describe('a catalogue entry', () => {
  it('passes when every field is well formed', async () => {
    expect(await problemsFor({ 'sdks.yaml': header + kit })).toEqual([]);
  });

  it('needs a kind from the twelve, spelled as the catalogue spells it', async () => {
    const text = header + kit.replace('kind: SDK', 'kind: sdk');
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:7 entry "Solana Kit": kind: is not allowed (expected one of DOCS, API, TOOL, PRODUCT, SDK, TOOLING, APP, GITHUB, REPO, ARTICLE, DOCUMENTATION, WEBSITE, got "sdk")',
    ]);
  });

  it('reports a missing required field at the entry line', async () => {
    const text = header + kit.replace('    description: The TypeScript SDK for Solana.\n', '');
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:4 entry "Solana Kit": description: is required (expected one sentence ending in a period, at most 300 characters, got nothing)',
    ]);
  });

  it('needs a lowercase slug id', async () => {
    const text = header + kit.replace('id: solana-kit', 'id: Solana_Kit');
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:4 entry "Solana Kit": id: is not a lowercase slug (expected a lowercase slug such as "solana-kit" (a-z, 0-9, single hyphens, at most 60 characters), got "Solana_Kit")',
    ]);
  });

  it('needs a tabular description to be one sentence', async () => {
    const text = header + kit.replace('The TypeScript SDK for Solana.', 'The TypeScript SDK. It replaces web3.js.');
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:8 entry "Solana Kit": description: must be exactly one sentence ending in a period (expected one sentence ending in a period, at most 300 characters, got "The TypeScript SDK. It replaces web3.js.")',
    ]);
  });

  it('needs a tabular package only on SDK entries, from any registry', async () => {
    const onApi = header + kit.replace('kind: SDK', 'kind: API');
    expect(await problemsFor({ 'sdks.yaml': onApi })).toEqual([
      'DIR/sdks.yaml:9 entry "Solana Kit": package: is only filled on SDK entries in the tabular form (expected a package id without spaces or backticks, as its registry spells it; on a tabular entry only for kind SDK, got "@solana/kit")',
    ]);
    const crate = header + kit.replace('"@solana/kit"', 'solana-client').replace('registry: npm', 'registry: crates');
    expect(await problemsFor({ 'sdks.yaml': crate })).toEqual([]);
  });

  it('needs https URLs', async () => {
    const text = header + kit + '    url: http://solana.com\n';
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:11 entry "Solana Kit": url: must use https (expected an https:// URL, got "http://solana.com")',
    ]);
  });

  it('rejects a field the form does not have, such as a kind on a card', async () => {
    const text = header + yaml`
      - id: gill
        name: gill
        form: card
        browse: SDK
        kind: SDK
        description: A friendly layer over Kit.
    `.replace(/^/gm, '  ');
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:8 entry "gill": kind: is not a field here (expected only id, name, form, browse, description, maker, package, registry, install, url, aliases, tags, featured, status, successor, version, checked, as_of, asks, sources, relates, got "SDK")',
    ]);
  });

  it('rejects an unknown form', async () => {
    const text = header + kit.replace('form: tabular', 'form: row');
    expect(await problemsFor({ 'sdks.yaml': text })).toEqual([
      'DIR/sdks.yaml:6 entry "Solana Kit": form: is not a known form (expected "tabular" or "card", got "row")',
    ]);
  });
});

describe('a card install line', () => {
  const card = (install: string) =>
    header + `  - id: gill\n    name: gill\n    form: card\n    browse: SDK\n    description: A friendly layer over Kit.\n    install: ${JSON.stringify(install)}\n`;

  it('cannot hold a backtick that would break out of the code block', async () => {
    expect(await problemsFor({ 'sdks.yaml': card('npm i gill```\n@everyone') })).toContain(
      'DIR/sdks.yaml:9 entry "gill": install: must be on one line (expected one shell command on one line without the leading "$" and without backticks, at most 200 characters, got "npm i gill```\\n@everyone")',
    );
    expect(await problemsFor({ 'sdks.yaml': card('npm i `whoami`') })).toEqual([
      'DIR/sdks.yaml:9 entry "gill": install: contains a backtick, which would break out of the code block (expected one shell command on one line without the leading "$" and without backticks, at most 200 characters, got "npm i `whoami`")',
    ]);
  });

  it('is written without the prompt', async () => {
    expect(await problemsFor({ 'sdks.yaml': card('$ npm i gill') })).toEqual([
      'DIR/sdks.yaml:9 entry "gill": install: starts with "$" (the renderer adds the prompt) (expected one shell command on one line without the leading "$" and without backticks, at most 200 characters, got "$ npm i gill")',
    ]);
  });
});

describe('the whole catalogue', () => {
  const other = (fields: string) => header + `  - id: other\n    name: Other\n    form: tabular\n    kind: SDK\n    description: Something else.\n${fields}`;

  it('needs unique ids, pointing at the first use', async () => {
    expect(await problemsFor({ 'a.yaml': header + kit, 'b.yaml': other('').replace('id: other', 'id: solana-kit') })).toEqual([
      'DIR/b.yaml:4 entry "Other": id: is already used (expected a unique id, got "solana-kit", also the id of "Solana Kit" at DIR/a.yaml:4)',
    ]);
  });

  it('needs names unique regardless of case and spaces', async () => {
    expect(await problemsFor({ 'a.yaml': header + kit, 'b.yaml': other('').replace('name: Other', 'name: solana  KIT') })).toEqual([
      'DIR/b.yaml:5 entry "solana  KIT": name: is already used (expected a name unique regardless of case and spaces, got "solana  KIT", like "Solana Kit" at DIR/a.yaml:4)',
    ]);
  });

  it('needs package ids unique within their registry, pointing at the first use', async () => {
    expect(await problemsFor({ 'a.yaml': header + kit, 'b.yaml': other('    package: "@solana/kit"\n    registry: npm\n') })).toEqual([
      'DIR/b.yaml:9 entry "Other": package: is already listed for npm (expected each package of a registry on one entry, got "@solana/kit", also on "Solana Kit" at DIR/a.yaml:4)',
    ]);
  });

  it('lets two registries ship the same package id, as PyPI and pub both have solana', async () => {
    const py = other('    package: solana\n    registry: pypi\n');
    const dart = other('    package: solana\n    registry: pub\n').replace('id: other', 'id: dart').replace('name: Other', 'name: Dart');
    expect(await problemsFor({ 'a.yaml': py, 'b.yaml': dart })).toEqual([]);
  });

  it('forbids an alias that is another entry\'s name or id', async () => {
    expect(await problemsFor({ 'a.yaml': header + kit, 'b.yaml': other('    aliases: [web3 two, solana kit]\n') })).toEqual([
      'DIR/b.yaml:9 entry "Other": aliases[1]: shadows another entry (expected an alias that is not another entry\'s name or id, got "solana kit", which names "Solana Kit" at DIR/a.yaml:4)',
    ]);
    expect(await problemsFor({ 'a.yaml': header + kit, 'b.yaml': other('    aliases:\n      - solana-kit\n') })).toEqual([
      'DIR/b.yaml:10 entry "Other": aliases[0]: shadows another entry (expected an alias that is not another entry\'s name or id, got "solana-kit", which names "Solana Kit" at DIR/a.yaml:4)',
    ]);
  });

  it('needs a successor that names an entry', async () => {
    expect(await problemsFor({ 'b.yaml': other('    status: deprecated\n    successor: litesvm\n') })).toEqual([
      'DIR/b.yaml:10 entry "Other": successor: names no entry (expected the id of an entry in the catalogue, got "litesvm")',
    ]);
  });

  it('prints every problem at once, in file and line order', async () => {
    const problems = await problemsFor({
      'b.yaml': other('    url: ftp://x\n').replace('kind: SDK', 'kind: NOPE'),
      'a.yaml': header + kit.replace('id: solana-kit', 'id: BAD'),
    });
    expect(problems.map((p) => p.split(' entry')[0])).toEqual(['DIR/a.yaml:4', 'DIR/b.yaml:7', 'DIR/b.yaml:9']);
  });
});

describe('a catalogue file', () => {
  it('that is not valid YAML is reported with its line and column', async () => {
    const text = header + kit + '    tags: [rust\n  - id: broken\n';
    const problems = await problemsFor({ 'sdks.yaml': text });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DIR\/sdks\.yaml:\d+:\d+: is not valid YAML: /);
  });

  it('with a duplicated key is reported, not silently merged', async () => {
    const problems = await problemsFor({ 'sdks.yaml': header + kit + '    kind: API\n' });
    expect(problems).toEqual(['DIR/sdks.yaml:11:5: is not valid YAML: Map keys must be unique']);
  });

  it('needs a category and a list of entries', async () => {
    expect(await problemsFor({ 'sdks.yaml': 'entries:\n' })).toEqual([
      'DIR/sdks.yaml:1: category: is required (expected a short label for the file\'s topic, such as "Hosted APIs", got nothing)',
      'DIR/sdks.yaml:1: entries: has the wrong type (expected a list of entries, got nothing)',
    ]);
  });

  it('folder that is missing or empty says so', async () => {
    expect((await loadCatalogue('/nonexistent/catalogue')).ok).toBe(false);
    expect(await problemsFor({ 'README.md': '# not a catalogue' })).toEqual([
      'DIR:0: holds no catalogue files (expected at least one .yaml file of entries, got none)',
    ]);
  });
});

describe('friendly spellings', () => {
  it('accept a number as a tag, as YAML reads a bare 402', async () => {
    expect(await problemsFor({ 'sdks.yaml': header + kit + '    tags: [402, x402]\n' })).toEqual([]);
  });

  it('accept abbreviations inside a one-sentence description', async () => {
    expect(await problemsFor({ 'sdks.yaml': header + kit.replace('The TypeScript SDK for Solana.', 'SDKs for many languages, e.g. Rust and Go.') })).toEqual([]);
  });
});
