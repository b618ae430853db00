import { describe, expect, it } from 'vitest';
import { messageParts, withIdentifiersSpelled, withoutData } from '../../src/search/read.js';
import { shippedIndex } from './fixtures.js';

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

  it('reads a short first line as what the message asks, like a title, and a long one only as its story', () => {
    const titled = 'Error with swap transaction\nI followed the guide and got this output today. It happens every time.';
    expect(messageParts(titled).asking).toMatch(/^Error with swap transaction/);
    const rambling = `${'I have been building a small app over the weekend and something odd happens when it runs '.repeat(2)}\nIt fails.`;
    expect(messageParts(rambling).asking).toBe('');
  });

  it('adds no language when the prose names one already', () => {
    const text = 'Is there a Dart package for this?\n  final key = await base58.decode(secretKey);';
    expect(messageParts(text).prose).not.toMatch(/dart\.?$/);
  });
});

describe('a long message answered with the nearest matches', () => {
  it('names as missing only words of what it asks, never its story', async () => {
    const index = await shippedIndex();
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

describe('data pasted into a question', () => {
  it('drops addresses, signatures and project files, keeping method names and files the catalogue knows', () => {
    const text = 'mint error for mntZFtv8SvH6trqeSwvXXXXXXXXXXX after getConfirmedSignaturesForAddress2, see README.md and Anchor.toml';
    const kept = withoutData(text, (run) => run === 'Anchor.toml');
    expect(kept).not.toMatch(/mntZ|README/);
    expect(kept).toMatch(/getConfirmedSignaturesForAddress2/);
    expect(kept).toMatch(/Anchor\.toml/);
  });

  it('answers the need around a pasted address, and a program id the catalogue names with its entry', async () => {
    const index = await shippedIndex();
    const listed = (text: string) => index.answer(text).hits.map((h) => h.entry.id);
    const cli = 'spl-token authorize mntZFtv8SvH6trqeSwvKq9sXbW2u7hRzP3yJdLcE4fGaT mint --disable fails, how do i cap the supply';
    expect(listed(cli).slice(0, 5)).toContain('spl-docs');
    expect(listed('what is CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d')[0]).toBe('mpl-core');
  });
});

describe('an error name pasted into a question', () => {
  it('is spelled out in words, and kept whole only where the catalogue writes it; two-word names stay whole', () => {
    expect(withIdentifiersSpelled('TransactionExpiredBlockheightExceededError on send')).toBe(
      'Transaction Expired Blockheight Exceeded Error on send',
    );
    expect(withIdentifiersSpelled('TokenAccountNotFoundError', () => true)).toBe('TokenAccountNotFoundError Token Account Not Found Error');
    expect(withIdentifiersSpelled('JavaScript or TypeScript on GitHub')).toBe('JavaScript or TypeScript on GitHub');
  });
});
