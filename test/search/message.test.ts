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
