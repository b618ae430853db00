import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncate } from '../../src/base/text.js';
import { propertyRuns } from '../helpers/property-runs.js';

const ELLIPSIS = '…';
const runs = propertyRuns(500);
const graphemeEnds = (text: string): Set<number> => {
  const ends = new Set<number>([0]);
  for (const { index, segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) ends.add(index + segment.length);
  return ends;
};

/** Words of catalogue-like text: letters, digits and the punctuation names and sentences carry, never a space. */
const word = fc.stringMatching(/^[A-Za-z0-9.,;:'()/@_-]{1,18}$/);
/** Text that is words and single spaces, as catalogue descriptions are once cleaned. */
const sentence = fc.array(word, { minLength: 1, maxLength: 30 }).map((words) => words.join(' '));

/**
 * What a careful editor would keep: as many whole words as fit beside the ellipsis, without the
 * commas, colons or dashes left dangling at the end; only a first word longer than the room is cut,
 * and then as far as it fits (still without a dangling mark).
 */
function expected(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  const words = text.split(' ');
  let kept = '';
  for (const w of words) {
    const next = kept ? `${kept} ${w}` : w;
    if (next.length > room) break;
    kept = next;
  }
  const cut = kept || text.slice(0, room);
  return `${cut.replace(/[\s,;:–—-]+$/u, '') || cut}${ELLIPSIS}`;
}

describe('truncate', () => {
  it('returns text that fits unchanged, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.nat(20), (text, extra) => {
        expect(truncate(text, text.length + extra)).toBe(text);
      }),
      runs,
    );
  });

  it('keeps every whole word that fits, cuts at the last space, and ends in an ellipsis', () => {
    fc.assert(
      fc.property(sentence, fc.integer({ min: 1, max: 120 }), (text, max) => {
        expect(truncate(text, max)).toBe(expected(text, max));
      }),
      runs,
    );
  });

  it('for any text: stays within max, keeps a prefix of whole graphemes, and marks every cut with "…"', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 40 }), sentence),
        fc.integer({ min: 1, max: 90 }),
        (text, max) => {
          const out = truncate(text, max);
          expect(out.length).toBeLessThanOrEqual(max);
          if (text.length <= max) return;
          expect(out.endsWith(ELLIPSIS)).toBe(true);
          const body = out.slice(0, -ELLIPSIS.length);
          expect(text.startsWith(body)).toBe(true);
          expect(graphemeEnds(text).has(body.length)).toBe(true);
        },
      ),
      runs,
    );
  });

  it('cuts inside a word only when the first word alone is longer than the room', () => {
    fc.assert(
      fc.property(sentence, fc.integer({ min: 2, max: 120 }), (text, max) => {
        const out = truncate(text, max);
        if (out === text) return;
        const body = out.slice(0, -ELLIPSIS.length);
        const next = text.charAt(body.length);
        const firstWord = text.split(' ')[0] ?? '';
        // Either the cut lands before a space or a dropped dangling mark, or the first word did not fit.
        expect(next === ' ' || /[,;:-]/.test(next) || firstWord.length > max - 1).toBe(true);
      }),
      runs,
    );
  });

  it('breaks between the characters of scripts written without spaces', () => {
    expect(truncate('日本語のテキストです', 6)).toBe('日本語のテ…');
    expect(truncate('检索结果 python sdk 的结果', 8)).toBe('检索结果…');
  });

  it('cuts the examples a member once saw mid-word at a word boundary instead', () => {
    expect(truncate('Python SDK offering synchronous and async RPC clients', 30)).toBe('Python SDK offering…');
    expect(truncate('companion repositories Solana.Unity-Core, Solana.Unity.Anchor', 48)).toBe('companion repositories Solana.Unity-Core…');
    expect(truncate('after the first release was made', 20)).toBe('after the first…');
  });

  it('never splits a letter from its accent or a surrogate pair, even inside one long word', () => {
    expect(truncate('e\u0301'.repeat(60), 100)).toBe(`${'e\u0301'.repeat(49)}…`);
    expect(truncate('🚀'.repeat(10), 6)).toBe('🚀🚀…');
    expect(truncate('abc', 0)).toBe('');
    expect(truncate('abc', 1)).toBe('…');
  });
});
