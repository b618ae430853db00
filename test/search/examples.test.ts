import { beforeAll, describe, expect, it } from 'vitest';
import { prepare, withAskedBefore } from '../../scripts/fit/ranker.js';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import { EXAMPLE_CHARS, ExampleMemory, NO_ANSWER, exampleWords } from '../../src/search/examples.js';
import { createResourceIndex, type ResourceIndex } from '../../src/search/index.js';
import { defaultSearchSettings } from '../../src/search/options.js';
import { FEATURES, shippedModels } from '../../src/search/rank.js';

describe('the words a question is compared by', () => {
  it('are its distinct words in lower case, two characters or more, from its first EXAMPLE_CHARS characters', () => {
    expect(exampleWords("How to send SPL token? I'm on Devnet, a b c")).toEqual(['how', 'to', 'send', 'spl', 'token', 'on', 'devnet']);
    expect(exampleWords(`${'x '.repeat(EXAMPLE_CHARS / 2)}tail`)).not.toContain('tail');
  });
  it('are overlapping pairs of characters where a language writes no spaces, beside the Latin words among them', () => {
    const words = exampleWords('使用jito小费 トランザクションが着地しない');
    expect(words).toEqual(expect.arrayContaining(['使用', '小费', 'jito', '着地', 'ない']));
    expect(words).not.toContain('使用jito小费');
  });
});

describe('questions answered before', () => {
  const memory = new ExampleMemory([
    { text: 'how do I test my anchor program without a validator', expect: ['litesvm'] },
    { text: 'fastest way to unit test a program in rust', expect: ['mollusk', 'litesvm'] },
    { text: 'how do I bridge tokens to ethereum', expect: [] },
  ]);

  it('find the entries of the closest example, the closer the higher, at most 1', () => {
    const asked = memory.similar('how to test an anchor program without running a validator').closest;
    expect(asked.get('litesvm')).toBeGreaterThan(asked.get('mollusk') ?? 0);
    expect(asked.get('mollusk')).toBeGreaterThan(0);
    expect(memory.similar('how do I test my anchor program without a validator').closest.get('litesvm')).toBeCloseTo(1);
  });
  it('say how close a question comes to one the catalogue had no answer for', () => {
    expect(memory.similar('bridge my tokens to ethereum').closest.get(NO_ANSWER)).toBeGreaterThan(0.5);
    expect(memory.similar('bridge my tokens to ethereum').closest.get('litesvm') ?? 0).toBeLessThan(0.2);
  });
  it('share the votes of the closest examples among their entries, the closer the weightier, summing to one', () => {
    const asked = memory.similar('how to test an anchor program without running a validator');
    const shares = [...asked.share.values()];
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // litesvm answers both like examples, mollusk only the second, which it shares with litesvm.
    expect(asked.share.get('litesvm')).toBeGreaterThan(asked.share.get('mollusk') ?? 1);
    expect(asked.share.get('mollusk')).toBeGreaterThan(0);
    expect(memory.similar('zzz qqq').share.size).toBe(0);
  });
  it('let only the closest examples vote, however many like ones there are', () => {
    const many = new ExampleMemory([
      ...Array.from({ length: 30 }, (_, k) => ({ text: `how do I mint a token number ${k}`, expect: ['spl-token'] })),
      { text: 'how do I mint a token', expect: ['token-2022'] },
    ]);
    const asked = many.similar('how do I mint a token');
    expect(asked.closest.get('token-2022')).toBeCloseTo(1);
    // Ten voters at most: the exact one and nine of the thirty alike.
    expect(asked.share.get('token-2022')).toBeGreaterThan(1 / 10);
    expect(asked.share.get('spl-token')).toBeLessThan(0.9);
  });
  it('find nothing for words no example holds, and leave out what they are told to', () => {
    expect(memory.similar('zzz qqq').closest.size).toBe(0);
    expect(memory.similar('').closest.size).toBe(0);
    const withoutFirst = memory.similar('how do I test my anchor program without a validator', (k) => k === 0);
    expect(withoutFirst.closest.get('litesvm')).toBeLessThan(0.5);
  });
  it('in a catalogue without some of their entries, keep the rest, and compare the same as with all of them', () => {
    const examples = [
      { text: 'how do I test my anchor program without a validator', expect: ['litesvm'] },
      { text: 'fastest way to unit test a program in rust', expect: ['mollusk', 'litesvm'] },
      { text: 'how do I bridge tokens to ethereum', expect: [] },
    ];
    const whole = new ExampleMemory(examples);
    const withoutLitesvm = new ExampleMemory(examples, (id) => id !== 'litesvm');
    const question = 'how to test an anchor program in rust without a validator';
    expect(withoutLitesvm.similar(question).closest.has('litesvm')).toBe(false);
    expect(withoutLitesvm.similar(question).closest.get('mollusk')).toBeCloseTo(whole.similar(question).closest.get('mollusk') ?? -1, 12);
    expect(withoutLitesvm.similar('bridge my tokens to ethereum').closest.get(NO_ANSWER)).toBeCloseTo(
      whole.similar('bridge my tokens to ethereum').closest.get(NO_ANSWER) ?? -1,
      12,
    );
    const none = new ExampleMemory(examples, () => false);
    expect([...none.similar(question).closest.keys()].filter((id) => id !== NO_ANSWER)).toEqual([]);
    expect(none.similar('bridge my tokens to ethereum').closest.get(NO_ANSWER)).toBeGreaterThan(0.5);
  });
});

describe('while fitting, a training question', () => {
  it('is compared with the other questions only, never with itself or its twin in another set', async () => {
    const index = await buildIndex('catalogue');
    const items = [
      { text: 'how do I test my anchor program without a validator', expect: ['litesvm'] },
      { text: 'how do I test my anchor program without a validator', expect: ['litesvm'] },
      { text: 'unit test my anchor program fast without a validator', expect: ['mollusk'] },
    ];
    const prepared = prepare(index.snapshot, items);
    const examples = items.map((item) => ({ text: item.text, expect: item.expect }));
    const [first] = withAskedBefore(index.snapshot, prepared, examples);
    const at = FEATURES.indexOf('askedBefore');
    const featureOf = (id: string) => first?.ranking?.ranked.find((c) => index.snapshot.entries[c.hit.i]?.id === id)?.features[at];
    expect(featureOf('litesvm')).toBe(0);
    expect(featureOf('mollusk')).toBeGreaterThan(0.3);
    expect(featureOf('mollusk')).toBeLessThan(1);
  });
});

describe('the shipped models', () => {
  let index: ResourceIndex;
  beforeAll(async () => {
    index = await buildIndex('catalogue');
  });

  it('keep the training questions, each labelled with entries of the shipped catalogue', () => {
    const { examples } = shippedModels();
    expect(examples.length).toBeGreaterThan(1000);
    const unknown = examples.flatMap((e) => e.expect).filter((id) => index.get(id) === undefined);
    expect(unknown).toEqual([]);
  });

  it('learn from one labelled question: a close wording then finds the entry that answered it', () => {
    const question = 'whats the cheapest way to keep a full copy of chain history on my own box';
    const top = (i: ResourceIndex) =>
      i
        .answer(question)
        .hits.slice(0, 5)
        .map((h) => h.entry.id);
    expect(top(index)).not.toContain('agave-setup-validator');
    const shipped = shippedModels();
    const taught = { text: 'cheapest way to keep a full copy of the chain history on my own machine', expect: ['agave-setup-validator'] };
    const learnt = createResourceIndex(index.catalogue, defaultSearchSettings, { ...shipped, examples: [...shipped.examples, taught] });
    expect(top(learnt).slice(0, 3)).toContain('agave-setup-validator');
  });
});
