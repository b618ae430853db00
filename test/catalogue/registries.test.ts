import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogue, type Catalogue } from '../../src/catalogue/load.js';
import { formatProblem } from '../../src/catalogue/problems.js';
import { installCommand, packageLabel, packagePage } from '../../src/catalogue/install.js';
import { installFits, type Registry } from '../../src/catalogue/registries.js';
import { tempCatalogue } from '../helpers/temp-catalogue.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function load(files: Record<string, string>) {
  const { dir, cleanup } = tempCatalogue(files);
  cleanups.push(cleanup);
  const result = await loadCatalogue(dir);
  return result.ok ? { catalogue: result.catalogue, problems: [] } : { problems: result.problems.map((p) => formatProblem(p).split(path.resolve(dir)).join('DIR')) };
}

/** Problem lines for these files; the shipped registries.yaml is used unless the files bring one. */
async function problemsFor(files: Record<string, string>): Promise<string[]> {
  return (await load(files)).problems;
}

async function catalogueOf(files: Record<string, string>): Promise<Catalogue> {
  const { catalogue, problems } = await load(files);
  if (!catalogue) throw new Error(problems.join('\n'));
  return catalogue;
}

const header = '# yaml-language-server: $schema=./catalogue.schema.json\ncategory: Tools\nentries:\n';
/** One card, with extra field lines appended. */
const card = (fields: string, browse = '    browse: SDK\n') =>
  header + `  - id: thing\n    name: Thing\n    form: card\n${browse}    description: A thing for Solana developers.\n${fields}`;

describe('a package and its registry', () => {
  it('needs a registry beside a package', async () => {
    expect(await problemsFor({ 'a.yaml': card('    package: litesvm\n') })).toEqual([
      'DIR/a.yaml:4 entry "Thing": registry: is required with a package (expected the registry "litesvm" is published on: npm, crates, pypi, pub, go, maven, cocoapods, swiftpm, nuget, vscode or homebrew, got nothing)',
    ]);
  });

  it('needs a registry that registries.yaml lists', async () => {
    expect(await problemsFor({ 'a.yaml': card('    package: litesvm\n    registry: cargo\n') })).toEqual([
      'DIR/a.yaml:10 entry "Thing": registry: is not a known registry (expected one of npm, crates, pypi, pub, go, maven, cocoapods, swiftpm, nuget, vscode or homebrew, got "cargo")',
    ]);
  });

  it('needs a package beside a registry', async () => {
    expect(await problemsFor({ 'a.yaml': card('    registry: npm\n') })).toEqual([
      'DIR/a.yaml:9 entry "Thing": registry: names a registry but there is no package (expected a package beside it, or no registry, got "npm")',
    ]);
  });

  it('needs an install line that uses the registry\'s tools', async () => {
    expect(await problemsFor({ 'a.yaml': card('    package: litesvm\n    registry: crates\n    install: npm i -D litesvm\n') })).toEqual([
      'DIR/a.yaml:11 entry "Thing": install: does not fit the registry crates (expected a command starting with "cargo add" or "cargo install" that names "litesvm", got "npm i -D litesvm")',
    ]);
  });

  it('needs an install line that names the package', async () => {
    expect(await problemsFor({ 'a.yaml': card('    package: "@solana/wallet-adapter-react"\n    registry: npm\n    install: npm i @solana/web3.js@1\n') })).toEqual([
      'DIR/a.yaml:11 entry "Thing": install: does not name the package (expected the command to install "@solana/wallet-adapter-react", bare or pinned such as "@solana/wallet-adapter-react@1", got "npm i @solana/web3.js@1")',
    ]);
  });

  it('refuses an install line for a registry that has no shell command', async () => {
    expect(await problemsFor({ 'a.yaml': card('    package: org.sol4k:sol4k\n    registry: maven\n    install: gradle add org.sol4k:sol4k\n') })).toEqual([
      'DIR/a.yaml:11 entry "Thing": install: cannot install from Maven Central (expected no install line: Maven Central packages are not added with a shell command, so say how in the description, got "gradle add org.sol4k:sol4k")',
    ]);
  });

  it('accepts pinned versions, flags and peers on the install line', async () => {
    const ok = [
      ['npm', '@solana/web3.js', 'npm install --save @solana/wallet-adapter-react @solana/web3.js@1 react'],
      ['npm', 'codama', 'npx codama init'],
      ['npm', 'litesvm', 'pnpm add -D litesvm@1.5.0'],
      ['crates', 'litesvm', 'cargo add --dev litesvm'],
      ['crates', 'avm', 'cargo install avm --git https://github.com/solana-foundation/anchor --locked'],
      ['pypi', 'solana', 'pip install solana==0.36.0'],
      ['pub', 'solana', 'flutter pub add solana:^0.32.0'],
      ['go', 'github.com/gagliardetto/solana-go', 'go get github.com/gagliardetto/solana-go@v1.16.0'],
    ] as const;
    for (const [registry, pkg, install] of ok) {
      expect(await problemsFor({ 'a.yaml': card(`    package: "${pkg}"\n    registry: ${registry}\n    install: ${install}\n`) }), install).toEqual([]);
    }
  });

  it('does not take a longer package id for the one named', () => {
    const npm = { id: 'npm', name: 'npm', label: 'npm', install: ['npm i'] } as Registry;
    expect(installFits('npm i @solana/web3.js-extra', '@solana/web3.js', npm)).toEqual({ ok: false, reason: 'package' });
    expect(installFits('npm i @solana/web3.js@1', '@solana/web3.js', npm)).toEqual({ ok: true });
  });

  it('resolves the package page, the label and a tabular row\'s install command from registries.yaml', async () => {
    // Registry hosts are data, so this test brings its own registries.yaml with example hosts.
    const registries = [
      'registries:',
      '  - id: crates',
      '    name: the crates registry',
      '    label: crate',
      '    install: [cargo add]',
      '    command: cargo add {package}',
      '    page: https://crates.example/crates/{package}',
      '  - id: maven',
      '    name: Maven Central',
      '    label: Maven',
      '    page: https://maven.example/artifact/{path}',
      '',
    ].join('\n');
    const row = header + '  - id: client\n    name: solana-client\n    form: tabular\n    kind: SDK\n    description: Rust RPC client.\n    package: solana-client\n    registry: crates\n';
    const pkgCard = card('    package: org.sol4k:sol4k\n    registry: maven\n');
    const { entries } = await catalogueOf({ 'registries.yaml': registries, 'a.yaml': row, 'b.yaml': pkgCard });
    const [client, sol4k] = entries;
    expect(client && packagePage(client)).toBe('https://crates.example/crates/solana-client');
    expect(client && packageLabel(client)).toBe('crate solana-client');
    expect(client && installCommand(client)).toBe('cargo add solana-client');
    expect(sol4k && packagePage(sol4k)).toBe('https://maven.example/artifact/org.sol4k/sol4k');
    expect(sol4k && installCommand(sol4k)).toBeUndefined();
    expect(client).toMatchObject({ package: 'solana-client', registry: 'crates' });
  });
});

describe('a card', () => {
  it('needs to say under which kind it is browsed', async () => {
    expect(await problemsFor({ 'a.yaml': card('', '') })).toEqual([
      'DIR/a.yaml:4 entry "Thing": browse: is required (expected the kind under which /resource kind lists this card: one of DOCS, API, TOOL, PRODUCT, SDK, TOOLING, APP, GITHUB, REPO, ARTICLE, DOCUMENTATION, WEBSITE, got nothing)',
    ]);
    expect(await problemsFor({ 'a.yaml': card('', '    browse: tools\n') })).toEqual([
      'DIR/a.yaml:7 entry "Thing": browse: is not allowed (expected the kind under which /resource kind lists this card: one of DOCS, API, TOOL, PRODUCT, SDK, TOOLING, APP, GITHUB, REPO, ARTICLE, DOCUMENTATION, WEBSITE, got "tools")',
    ]);
  });
});

describe('prose and dated facts', () => {
  const described = (text: string, extra = '') => card(extra).replace('A thing for Solana developers.', text);

  it('refuses a description that talks about the catalogue ("this card") instead of the resource', async () => {
    expect(await problemsFor({ 'a.yaml': described('A test VM for Rust; this card is the crate.') })).toEqual([
      'DIR/a.yaml:8 entry "Thing": description: reads like research notes ("this card") (expected text about the resource itself in our own words, not about the catalogue, how it was checked or where it was read, got "A test VM for Rust; this card is the crate.")',
    ]);
  });

  it('refuses research-process wording in a description', async () => {
    expect(await problemsFor({ 'a.yaml': described('A test VM; version 0.9 was the latest release we checked.') })).toEqual([
      'DIR/a.yaml:8 entry "Thing": description: reads like research notes ("we checked") (expected text about the resource itself in our own words, not about the catalogue, how it was checked or where it was read, got "A test VM; version 0.9 was the latest release we checked.")',
      'DIR/a.yaml:8 entry "Thing": description: holds a fact that goes stale ("version 0.9") (expected a description without versions, prices or counts: the version goes in version with checked, prices and counts in as_of, got "A test VM; version 0.9 was the latest release we checked.")',
      'DIR/a.yaml:8 entry "Thing": description: holds a word true only when written ("latest release") (expected wording that stays true when read later: put a fact that changes in as_of, with the month it was checked, got "A test VM; version 0.9 was the latest release we checked.")',
    ]);
  });

  it('refuses versions, prices and counts written into a description', async () => {
    const tail = '(expected a description without versions, prices or counts: the version goes in version with checked, prices and counts in as_of, got';
    expect(await problemsFor({ 'a.yaml': described('Test VM at 0.18.1.') })).toEqual([
      `DIR/a.yaml:8 entry "Thing": description: holds a fact that goes stale ("0.18.1") ${tail} "Test VM at 0.18.1.")`,
    ]);
    expect(await problemsFor({ 'a.yaml': described('Plans from $175 a month.') })).toEqual([
      `DIR/a.yaml:8 entry "Thing": description: holds a fact that goes stale ("$175") ${tail} "Plans from $175 a month.")`,
    ]);
    expect(await problemsFor({ 'a.yaml': described('Gives agents 60+ actions.') })).toEqual([
      `DIR/a.yaml:8 entry "Thing": description: holds a fact that goes stale ("60+") ${tail} "Gives agents 60+ actions.")`,
    ]);
  });

  it('refuses dated wording, two-part versions, research notes and star counts in every form members wrote them', async () => {
    const found = async (text: string) => (await problemsFor({ 'a.yaml': described(text) })).map((p) => /\("([^"]+)"\)/.exec(p)?.[1]);
    expect(await found('Fast RPC, at the time of writing the cheapest.')).toEqual(['at the time of writing']);
    expect(await found('Per our notes it supports Token-2022.')).toEqual(['our notes']);
    expect(await found('The Rust SDK, v0.21 on crates.')).toEqual(['v0.21']);
    expect(await found('The Rust SDK, version 0.21.')).toEqual(['version 0.21']);
    expect(await found('A popular toolkit with 1.2k GitHub stars.')).toEqual(['1.2k GitHub stars']);
    expect(await found('Free for hobby use as of March 2026.')).toEqual(['as of March 2026']);
    expect(await found('It currently supports devnet only.')).toEqual(['currently', 'currently']);
    // An address with a version in its path, and a product line named by its number, are not stale facts.
    expect(await found('REST data at api.example.com/v2.0 for explorers.')).toEqual([]);
    expect(await found('Anchor 1.0 projects test with LiteSVM.')).toEqual([]);
  });

  it('keeps them in dated fields instead', async () => {
    const dated = '    version: "1.0"\n    checked: 2026-11\n    as_of:\n      - fact: Mainnet plans start at $175 a month.\n        checked: 2026-11\n';
    const { entries } = await catalogueOf({ 'a.yaml': card(dated) });
    expect(entries[0]).toMatchObject({ version: '1.0', checked: '2026-11', as_of: [{ fact: 'Mainnet plans start at $175 a month.', checked: '2026-11' }] });
  });

  it('needs a month beside a version, written as YYYY-MM', async () => {
    expect(await problemsFor({ 'a.yaml': card('    version: 0.18.1\n') })).toEqual([
      'DIR/a.yaml:4 entry "Thing": checked: is required with a version (expected the month the dated value was seen, as YYYY-MM (e.g. 2026-11), got nothing)',
    ]);
    expect(await problemsFor({ 'a.yaml': card('    version: 0.18.1\n    checked: Nov 2026\n') })).toEqual([
      'DIR/a.yaml:10 entry "Thing": checked: is not a month (expected the month the dated value was seen, as YYYY-MM (e.g. 2026-11), got "Nov 2026")',
    ]);
  });

  it('asks for quotes when YAML reads a version as a number', async () => {
    expect(await problemsFor({ 'a.yaml': card('    version: 1.0\n    checked: 2026-11\n') })).toEqual([
      'DIR/a.yaml:9 entry "Thing": version: has the wrong type (expected the newest version seen on the registry, in quotes when YAML would read it as a number (e.g. "1.0"), got number 1)',
    ]);
  });

  it('refuses research wording in a dated fact too', async () => {
    expect(await problemsFor({ 'a.yaml': card('    as_of:\n      - fact: Plans from $175, when last checked.\n        checked: 2026-11\n') })).toEqual([
      'DIR/a.yaml:10 entry "Thing": as_of[0].fact: reads like research notes ("when last checked") (expected text about the resource itself in our own words, not about the catalogue, how it was checked or where it was read, got "Plans from $175, when last checked.")',
    ]);
  });
});

describe('registries.yaml', () => {
  const registries = (body: string) => `registries:\n${body}`;
  const npm = '  - id: npm\n    name: the npm registry\n    label: npm\n    install: [npm install]\n    command: npm install {package}\n';

  it('is read from the catalogue folder when it has one', async () => {
    const row = card('    package: thing\n    registry: npm\n    install: npm install thing\n');
    expect(await problemsFor({ 'registries.yaml': registries(npm), 'a.yaml': row })).toEqual([]);
    expect(await problemsFor({ 'registries.yaml': registries(npm), 'a.yaml': row.replace('registry: npm', 'registry: crates') })).toEqual([
      'DIR/a.yaml:10 entry "Thing": registry: is not a known registry (expected one of npm, got "crates")',
    ]);
  });

  it('reports a bad field at its line, naming the registry', async () => {
    expect(await problemsFor({ 'registries.yaml': registries(npm.replace('npm install {package}', 'npm install')), 'a.yaml': card('') })).toEqual([
      'DIR/registries.yaml:6 registry "npm": command: has no {package} or {path} placeholder for the package id (expected the usual install command with {package} where the id goes, such as "npm install {package}", got "npm install")',
    ]);
  });

  it('needs unique ids, and an API only where verify can read one', async () => {
    const pub = '  - id: pub\n    name: Dart packages\n    label: pub\n    api: https://pub.example\n';
    expect(await problemsFor({ 'registries.yaml': registries(npm + npm + pub), 'a.yaml': card('') })).toEqual([
      'DIR/registries.yaml:7 registry "npm": id: is already used (expected a unique registry id, got "npm", also at DIR/registries.yaml:2)',
      'DIR/registries.yaml:15 registry "pub": api: is only read for npm, crates, pypi (expected the https:// base URL of the registry\'s API; only for npm, crates, pypi, got "https://pub.example")',
    ]);
  });

  it('ships with every registry the catalogue names', () => {
    const text = readFileSync('catalogue/registries.yaml', 'utf8');
    for (const id of ['npm', 'crates', 'pypi', 'pub', 'go', 'maven', 'cocoapods', 'swiftpm']) expect(text).toContain(`- id: ${id}\n`);
  });
});

describe('the files beside the entries', () => {
  it('read verification.yaml, keeping records of entries that exist', async () => {
    const records = 'records:\n  thing:\n    url:\n      checked: 2026-11-23\n      status: 200\n  gone:\n    url:\n      checked: 2026-11-23\n      status: 404\n';
    const catalogue = await catalogueOf({ 'a.yaml': card(''), 'verification.yaml': records });
    expect([...(catalogue.verification ?? new Map()).keys()]).toEqual(['thing']);
  });

  it('report a malformed verification record at its line', async () => {
    const records = 'records:\n  thing:\n    package:\n      checked: 2026-11-23\n      registry: npm\n      name: thing\n      latest: 1\n';
    expect(await problemsFor({ 'a.yaml': card(''), 'verification.yaml': records })).toEqual([
      'DIR/verification.yaml:7 record "thing": package.latest: has the wrong type (expected a mapping with checked, registry, name and what the registry answered, got number 1)',
    ]);
  });
});
