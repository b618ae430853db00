import { describe, expect, it } from 'vitest';
import { messageParts } from '../../src/search/read.js';

/** The language a message's prose gains from its code (the last word messageParts adds to the prose). */
const languageOf = (text: string) => /(\w+)\.?$/.exec(messageParts(text).prose)?.[1];

describe('a message with code', () => {
  it('reads the language its code is written in, the telling marks before the shared ones', () => {
    const dart =
      'Import secret key\nI got a key from my wallet app:\n  final key = await base58.decode(secretKey);\n  pair = await fromSeed(key);';
    expect(languageOf(dart)).toBe('dart');
    const go = 'Confirm transactions\n```\nc := client.NewClient(endpoint)\ntx, err := c.GetTransaction(ctx, sig)\n```';
    expect(languageOf(go)).toBe('go');
    const ts = 'fetch fails\n```\nconst conn = new Connection(url);\nconst info = await conn.getAccountInfo(key);\n```';
    expect(languageOf(ts)).toBe('typescript');
  });

  it('keeps a line of code out of the prose it reads the question from', () => {
    const parts = messageParts('How do I load a keypair?\n  final pair = await load(bytes);');
    expect(parts.prose).not.toMatch(/final|load\(/);
  });

  it('adds no language when the prose names one already', () => {
    const text = 'Is there a Dart package for this?\n  final key = await base58.decode(secretKey);';
    expect(messageParts(text).prose).not.toMatch(/dart\.?$/);
  });
});

describe('a long message answered with the nearest matches', () => {
  it('names as missing only words of what it asks, never its story', async () => {
    const { buildIndex } = await import('../../src/runtime/catalogue-service.js');
    const index = await buildIndex('catalogue');
    const text = [
      'hey all, been banging my head on this for a day. I have a Next.js app and when users click pay I want them to pay',
      '0.50 USDC per API call from their wallet without signing up. I saw something about HTTP 402?',
      '```ts\nconst res = await fetch("/api/premium");\n```',
      'any lib for that on solana with a refund flow? thanks!!',
    ].join('\n');
    const found = index.answer(text, { message: true });
    expect(found.hits.length).toBeGreaterThan(0);
    expect(found.missing.filter((w) => ['banging', 'click', 'users', 'day'].includes(w.toLowerCase()))).toEqual([]);
  });
});

describe('a message with a line of Python', () => {
  it('reads a snake_case call assigned without a keyword as Python, and a JavaScript one ending in a semicolon as not', () => {
    expect(languageOf('How to read it?\n```\nresult = solana_client.get_transaction(signature)\n```')).toBe('python');
    expect(languageOf('How to read it?\n```\nresult = await conn.get_transaction(signature);\n```')).toBe('typescript');
  });
});
