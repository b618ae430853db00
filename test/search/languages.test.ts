import { describe, expect, it } from 'vitest';
import { Translator } from '../../src/search/languages.js';
import { shippedIndex } from './fixtures.js';
import { rankingFor } from '../../src/search/answer.js';

/** A small glossary: Spanish wordings that are also English-looking words ("para", "hay"), and a French one. */
const translator = new Translator([
  { locale: 'es-ES', filler: ['hay', 'un', 'de', 'para', 'una'], words: [{ means: 'library', words: ['librería', 'biblioteca'] }] },
  { locale: 'fr', filler: ['une', 'pour', 'de'], words: [{ means: 'wallet', words: ['portefeuille'] }] },
  {
    locale: 'ja',
    filler: ['の'],
    words: [
      { means: 'wallet', words: ['ウォレット'] },
      { means: 'token', words: ['トークン'] },
    ],
  },
  { locale: 'ko', filler: ['방법'], words: [{ means: 'token', words: ['토큰'] }] },
]);
const english = (word: string) => ['sdk', 'python', 'solana', 'kit', 'hay', 'un', 'para', 'de', 'is', 'there', 'a', 'for'].includes(word);

describe('reading a question in another language', () => {
  it("takes the member's locale as soon as one of its wordings matches, however English that word also looks", () => {
    expect(translator.translate('hay un sdk de python', 'es-ES', english)).toEqual({ text: 'sdk python', locale: 'es-ES' });
  });

  it('reads a question opened with ¿ or ¡ as Spanish, whatever the locale', () => {
    expect(translator.translate('¿hay un sdk de python?', undefined, english).locale).toBe('es-ES');
    expect(translator.translate('¿hay un sdk de python?', 'en-US', english).text).toBe('¿ sdk python?');
  });

  it('leaves an English question alone, even with words a glossary also lists', () => {
    expect(translator.translate('is there a sdk for python', undefined, english)).toEqual({
      text: 'is there a sdk for python',
      locale: undefined,
    });
  });

  it('keeps the names a question carries: joined with dashes or dots, or in Latin letters among another script', () => {
    expect(translator.translate('une librería para solana-bankrun y web3.js', 'es-ES', english).text).toBe(
      'library solana-bankrun web3.js',
    );
    // No Japanese wording matches, but the member's locale and the script say the question is not English.
    expect(translator.translate('Helius の LaserStream だけ使いたい', 'ja', (w) => ['helius', 'laserstream'].includes(w))).toEqual({
      text: 'Helius LaserStream',
      locale: 'ja',
    });
  });

  it('keeps the Latin word a Korean particle is written onto ("Kit로" is "kit")', () => {
    expect(translator.translate('Kit로 토큰 방법', 'ko', english)).toEqual({ text: 'kit token', locale: 'ko' });
  });

  it('reads a Japanese word with the long-vowel mark ("トークン") as one word', () => {
    expect(translator.translate('トークンのウォレット', 'ja', english)).toEqual({ text: 'token wallet', locale: 'ja' });
  });

  it("reads a language's own word into English", () => {
    expect(translator.translate('une portefeuille pour solana', undefined, english)).toEqual({ text: 'wallet solana', locale: 'fr' });
  });
});

describe('on the shipped catalogue', () => {
  it('answers a Spanish question without a Spanish locale, never with "nothing"', async () => {
    const index = await shippedIndex();
    const ids = index.search('¿hay un SDK de Python para Solana?').map((h) => h.entry.id);
    expect(ids.slice(0, 5)).toContain('solana-py');
  });

  it("drops a language's function words its glossary does not list, though English subtitles hold them", async () => {
    // "autre" and "que" are no French filler in the glossary; read as uncommon English words they weighed like
    // names no entry has, and the answer was "nothing in the catalogue".
    const index = await shippedIndex();
    const answer = index.answer('Comment envoyer un token autre que SOL ?', { locale: 'fr' });
    expect(answer.match).not.toBe('none');
    const tokenClients = answer.hits.slice(0, 5).filter((h) => ['solana-spl-token', 'solana-program-token'].includes(h.entry.id));
    expect(tokenClients.length).toBeGreaterThan(0);
  });

  it('answers a Japanese question that names entries but uses no wording of the glossary', async () => {
    const index = await shippedIndex();
    const ids = index.search('Helius の LaserStream だけ使いたい', { locale: 'ja' }).map((h) => h.entry.id);
    expect(ids.slice(0, 3)).toContain('helius-laserstream');
  });

  it('reads an English question naming an exchange as English, so the exchange stays outside the catalogue', async () => {
    // "binance" is a Turkish glossary wording and "bybit" no English word: together they once made this Turkish.
    const index = await shippedIndex();
    const question = 'how do we get our token listed on binance or bybit, what does it cost';
    expect([...(rankingFor(index.snapshot, question, {})?.need.outside ?? [])].sort()).toEqual(['binance', 'bybit']);
    expect(index.search(question)).toEqual([]);
  });

  it('keeps the capitals of a name it does not translate, so "TON" is the chain, not a ton of something', async () => {
    const index = await shippedIndex();
    expect(index.snapshot.translator.translate('как задеплоить контракт в TON?', undefined, () => true).text).toContain('TON');
    expect([...(rankingFor(index.snapshot, 'как задеплоить контракт в TON?', {})?.need.outside ?? [])]).toEqual(['ton']);
  });
});

describe('an everyday word the catalogue labels in another form', () => {
  it('is part of the need: "land" for the tag transaction-landing, in English and from the Japanese glossary', async () => {
    const index = await shippedIndex();
    const need = (question: string, locale?: string) => [...(rankingFor(index.snapshot, question, { locale })?.need.weights.keys() ?? [])];
    expect(need("my transactions don't land")).toContain('land');
    expect(need('トランザクションが着地しない', 'ja')).toContain('land');
    // An everyday word no label holds in any form stays incidental.
    expect(need('my transactions are pretty slow today')).not.toContain('pretty');
  });
});

describe('a chain whose name is also an everyday word', () => {
  const outside = async (question: string) => [...(rankingFor((await shippedIndex()).snapshot, question, {})?.need.outside ?? [])];

  it('is outside the catalogue when written as a name or beside a chain word', async () => {
    expect(await outside('how do I deploy a contract on NEAR')).toEqual(['near']);
    expect(await outside('best sdk for Near')).toEqual(['near']);
    expect(await outside('rust sdk for smart contracts on near')).toEqual(['near']);
    expect(await outside('is there a scroll mainnet faucet')).toEqual(['scroll']);
  });

  it('is English otherwise: "near real-time", "a ton of", "scrolls away"', async () => {
    expect(await outside('I need near real-time token prices for my dashboard')).toEqual([]);
    expect(await outside('Near real-time token prices?')).toEqual([]);
    expect(await outside('getting a ton of 429 errors from my rpc')).toEqual([]);
    expect(await outside('where do I ask long questions? discord scrolls away too fast')).toEqual([]);
    const index = await shippedIndex();
    expect(index.answer('I need near real-time token prices for my dashboard').match).not.toBe('none');
  });
});
