import { describe, expect, it } from 'vitest';
import { fieldTerms, queryTerms, stem } from '../../src/search/words.js';
import { cleanInput, cutUnits } from '../../src/base/text.js';
import { compactKey, droppedLetterOfCommonWord, fold } from '../../src/search/words.js';
import { QueryReader } from '../../src/search/read.js';

describe('text cleaning', () => {
  it('turns line breaks and tabs into single spaces', () => {
    expect(cleanInput(' anchor\n\tdocs  ')).toBe('anchor docs');
  });

  it('drops zero-width, direction and control characters', () => {
    expect(cleanInput('an\u200bch\u202eor\u0000')).toBe('anchor');
  });

  it('cuts long input without splitting a surrogate pair', () => {
    expect(cutUnits('a🚀', 2)).toBe('a');
    expect(cleanInput('🚀'.repeat(300))).toBe('🚀'.repeat(100));
  });

  it('folds case, accents and full-width letters', () => {
    expect(fold('Ｃafé')).toBe('cafe');
  });

  it('compacts names so spellings of one package meet', () => {
    expect(compactKey('web3.js')).toBe(compactKey('Web3 JS'));
    expect(compactKey('@solana/kit')).toBe(compactKey('Solana Kit'));
  });
});

describe('terms', () => {
  it('splits punctuation and also keeps the joined word', () => {
    expect(fieldTerms('@solana/web3.js')).toEqual(['solana', 'web3', 'js', 'solanaweb3js']);
  });

  it('indexes the number inside a mixed word', () => {
    expect(fieldTerms('x402 token2022')).toEqual(['x402', '402', 'token2022', 'token', '2022']);
  });

  it('splits camelCase identifiers but not PascalCase names', () => {
    expect(fieldTerms('getAssetsByOwner')).toEqual(['get', 'asset', 'owner', 'getassetsbyowner']);
    expect(fieldTerms('JavaScript LiteSVM')).toEqual(['javascript', 'litesvm']);
  });

  it('folds plurals but leaves names ending in s alone', () => {
    expect(['payments', 'libraries', 'apis', 'nodejs', 'ios', 'status'].map(stem)).toEqual([
      'payment',
      'library',
      'api',
      'nodejs',
      'ios',
      'status',
    ]);
  });

  it('drops question words from a query', () => {
    expect(queryTerms('is there an sdk for dart')).toEqual(['sdk', 'dart']);
    expect(queryTerms('how do I accept usdc payments')).toEqual(['accept', 'usdc', 'payment']);
  });

  it('keeps question words when nothing else is left', () => {
    expect(queryTerms('solana')).toEqual(['solana']);
  });

  it('keeps the word being typed last', () => {
    expect(queryTerms('web3.j').at(-1)).toBe('web3j');
  });
});

describe('slips of everyday words', () => {
  it('knows one of the commonest words with a letter left out, and no name or short form', () => {
    expect(['wih', 'tht', 'becuse', 'somthing'].filter(droppedLetterOfCommonWord)).toEqual(['wih', 'tht', 'becuse', 'somthing']);
    expect(['surfpool', 'pyth', 'jito', 'spl', 'cnft', 'x402', 'wi'].filter(droppedLetterOfCommonWord)).toEqual([]);
  });
});

describe('shorthand and chatter', () => {
  const reader = new QueryReader([], [], () => false, {
    shorthand: [
      { means: 'javascript', words: ['js'] },
      { means: 'transaction', words: ['tx', 'txs'] },
    ],
    chatter: ['lol', 'tbh'],
  });
  const termsOf = (text: string) => reader.read(text).terms;

  it('reads a short form as the word it stands for, in any case, and drops chat words', () => {
    expect(termsOf('decode a TX lol')).toEqual(termsOf('decode a transaction'));
    expect(termsOf('js sdk tbh')).toEqual(['javascript', 'sdk']);
  });

  it('leaves short forms inside longer names alone', () => {
    expect(termsOf('web3.js sdk')).not.toContain('javascript');
    expect(termsOf('anchor-js client')).not.toContain('javascript');
    expect(termsOf('@solana/js')).not.toContain('javascript');
    expect(termsOf('txs and x402')).toEqual(expect.arrayContaining(['transaction', 'x402']));
  });
});

describe('negations', () => {
  const reader = new QueryReader([], [], () => false);
  const termsOf = (text: string) => reader.read(text).terms;

  it('drops what the member does not want', () => {
    expect(termsOf('testing without anchor')).not.toContain('anchor');
    expect(termsOf("I don't want anchor")).not.toContain('anchor');
    expect(termsOf('I don’t want anchor')).not.toContain('anchor');
    expect(termsOf('not using anchor, native rust')).not.toContain('anchor');
    expect(termsOf("send tokens that aren't sol")).toEqual(['send', 'token']);
    expect(termsOf("a wallet that isn't phantom")).not.toContain('phantom');
  });

  it('drops a wording of the vocabulary that follows a negation, and keeps a wording that holds the negation', () => {
    const withConcepts = new QueryReader(
      [
        { id: 'local-validator', wordings: ['local validator'], means: ['localnet'] },
        { id: 'keyless', wordings: ['without an api key'], means: ['keyless'] },
      ],
      [],
      () => false,
    );
    const read = (text: string) => withConcepts.read(text);
    expect(read('test my program without a local validator').terms).not.toContain('validator');
    expect(read('test my program without a local validator').concepts).not.toContain('local-validator');
    expect(read('test my program on a local validator').concepts).toContain('local-validator');
    expect(read('an rpc without an api key').concepts).toContain('keyless');
  });

  it('drops what follows "don\'t want to …" however it is joined, and only until the clause ends', () => {
    const terms = termsOf('we dont want to depend on payai or coinbase, how do we run our own x402 facilitator');
    expect(terms).not.toContain('payai');
    expect(terms).not.toContain('coinbase');
    expect(terms).toEqual(expect.arrayContaining(['x402', 'facilitator']));
    expect(termsOf("I don't want to run a full validator in CI")).not.toContain('validator');
    expect(termsOf("don't want to use anchor and i need pinocchio")).toContain('pinocchio');
  });

  it('keeps what fails: a verb after "not" or "don\'t" is the need, not an exclusion', () => {
    expect(termsOf('transactions not landing')).toContain('landing');
    expect(termsOf("my txs don't land")).toContain('land');
    expect(termsOf('blockhash not found on mainnet')).toContain('found');
    expect(termsOf("program doesn't compile after upgrade")).toContain('compile');
    expect(termsOf("my tx isn't landing")).toContain('landing');
    expect(termsOf("account wasn't found")).toContain('found');
    expect(termsOf("i can't connect phantom")).toEqual(['connect', 'phantom']);
  });

  it('reads "don\'t" as one word, never as the term "don"', () => {
    expect(termsOf("my txs don't land")).not.toContain('don');
    expect(termsOf('my txs don’t land')).not.toContain('don');
  });
});
