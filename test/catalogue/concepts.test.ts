import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.js';
import { formatProblem } from '../../src/catalogue/problems.js';
import { tempCatalogue } from '../helpers/temp-catalogue.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => {
    c();
  });
});

const entries =
  'category: Payments\nentries:\n  - id: x402-spec\n    name: x402 specification\n    form: tabular\n    kind: DOCS\n    description: The HTTP 402 payment standard.\n    tags: [x402, payments]\n';

/** Loads an entry file and the given concepts.yaml; returns the problems (temp folder shown as DIR) or the concepts. */
async function load(concepts: string) {
  const { dir, cleanup } = tempCatalogue({ 'payments.yaml': entries, 'concepts.yaml': concepts });
  cleanups.push(cleanup);
  const result = await loadCatalogue(dir);
  if (result.ok) return { problems: [], concepts: result.catalogue.concepts };
  return { problems: result.problems.map((p) => formatProblem(p).split(path.resolve(dir)).join('DIR')), concepts: undefined };
}

const good = 'concepts:\n  - id: pay-per-request\n    label: Pay per request\n    wordings: [charge per request, paywall]\n    means: [x402]\n';

describe('the concept vocabulary (concepts.yaml)', () => {
  it('loads beside the entry files and is not read as entries', async () => {
    const { problems, concepts } = await load(good);
    expect(problems).toEqual([]);
    expect(concepts?.concepts.map((c) => c.id)).toEqual(['pay-per-request']);
  });

  it('refuses an everyday outside word that is not among its group\'s words', async () => {
    const outside = (everyday: string) => `${good}outside:\n  - label: Other chains\n    words: [near, ethereum]\n    everyday: [${everyday}]\n`;
    expect((await load(outside('near'))).problems).toEqual([]);
    const { problems } = await load(outside('near, ton'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/concepts\.yaml:\d+ .*everyday: .*not among the words/);
  });

  it('names file, line, concept and field when a required field is missing', async () => {
    const { problems } = await load('concepts:\n  - id: pay-per-request\n    label: Pay per request\n    wordings: [paywall]\n');
    expect(problems).toEqual([
      'DIR/concepts.yaml:2 entry "pay-per-request": means: is required (expected a list of words the catalogue itself uses for this need (in names, tags or descriptions), such as "x402", got nothing)',
    ]);
  });

  it('warns about a meaning no entry uses (it reaches nothing), without refusing the catalogue', async () => {
    const { dir, cleanup } = tempCatalogue({ 'payments.yaml': entries, 'concepts.yaml': good.replace('means: [x402]', 'means: [x402, lightning]') });
    cleanups.push(cleanup);
    const result = await loadCatalogue(dir);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings.map((p) => formatProblem(p).split(path.resolve(dir)).join('DIR'))).toEqual([
      'DIR/concepts.yaml:5 entry "pay-per-request": means[1]: names words no entry uses (lightning), so it reaches nothing (expected a list of words the catalogue itself uses for this need (in names, tags or descriptions), such as "x402", got "lightning")',
    ]);
  });

  it('refuses a field it does not know and a kind that is not one of the twelve', async () => {
    const { problems } = await load(good + '    browse: docs\n    colour: blue\n');
    expect(problems).toEqual([
      'DIR/concepts.yaml:6 entry "pay-per-request": browse: is not allowed (expected one of the 12 kinds (DOCS, API, TOOL, PRODUCT, SDK, TOOLING, APP, GITHUB, REPO, ARTICLE, DOCUMENTATION, WEBSITE), the listing to suggest for this need, got "docs")',
      'DIR/concepts.yaml:7 entry "pay-per-request": colour: is not a field here (a concept has only id, label, wordings, means, browse, search)',
    ]);
  });

  it('refuses two concepts with one id', async () => {
    const twice = good + '  - id: pay-per-request\n    label: Again\n    wordings: [metered]\n    means: [payments]\n';
    expect((await load(twice)).problems).toEqual([
      'DIR/concepts.yaml:6 entry "pay-per-request": id: is already used by the concept at line 2 (expected a lowercase slug such as "payments", got "pay-per-request")',
    ]);
  });

  it('reads shorthand and chatter, and names the file, line and field of a bad one', async () => {
    const spoken = good + 'shorthand:\n  - means: payment\n    words: [pmt, pmts]\nchatter: [lol, tbh]\n';
    const { problems, concepts } = await load(spoken);
    expect(problems).toEqual([]);
    expect(concepts?.shorthand).toEqual([{ means: 'payment', words: ['pmt', 'pmts'] }]);
    expect(concepts?.chatter).toEqual(['lol', 'tbh']);

    const twice = good + 'shorthand:\n  - means: payment\n    words: [pmt]\n  - means: x402\n    words: [PMT]\n';
    expect((await load(twice)).problems).toEqual([
      'DIR/concepts.yaml:10 entry "x402": words[0]: is already short for "payment" (expected a list of words naming things the catalogue does not cover, such as "ethereum", or (in shorthand) the short forms, such as "tx", got "PMT")',
    ]);
    const bad = good + 'shorthand:\n  - means: payment\n    word: [pmt]\nchatter: lol\n';
    expect((await load(bad)).problems).toEqual([
      'DIR/concepts.yaml:7 entry "shorthand #1": words: is required (expected a list of words naming things the catalogue does not cover, such as "ethereum", or (in shorthand) the short forms, such as "tx", got nothing)',
      'DIR/concepts.yaml:8 entry "shorthand #1": word: is not a field here (a shorthand has only means, words)',
      'DIR/concepts.yaml:9: chatter: has the wrong type (expected a list of chat words that never carry a need, such as "lol", got "lol")',
    ]);
  });

  it('reports invalid YAML with its line and column', async () => {
    const { problems } = await load('concepts:\n  - id: [unclosed\n');
    expect(problems[0]).toMatch(/^DIR\/concepts\.yaml:\d+:\d+: is not valid YAML/);
  });
});
