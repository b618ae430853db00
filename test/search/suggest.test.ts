import { describe, expect, it } from 'vitest';
import { createResourceIndex } from '../../src/search/index.js';
import { Recent } from '../../src/search/index.js';
import { truncate } from '../../src/base/text.js';
import { choiceLabel, toChoice } from '../../src/render/choices.js';
import { SAMPLE_CATALOGUE, card, catalogueOf, tabular } from './fixtures.js';

const index = createResourceIndex(SAMPLE_CATALOGUE);
const values = (partial: string) => index.suggest(partial).map((e) => e.id);

const many = (count: number) =>
  createResourceIndex(
    catalogueOf(
      Array.from({ length: count }, (_, n) =>
        tabular({ id: `tool-${n}`, name: `Tool ${String(n).padStart(3, '0')}`, kind: 'TOOL', featured: n % 10 === 7 }),
      ),
    ),
  );

describe('suggest', () => {
  describe('with nothing or one character typed', () => {
    it('lists featured entries first, then the rest by name', () => {
      const choices = values('');
      const featured = SAMPLE_CATALOGUE.entries.filter((e) => e.featured).map((e) => e.id);
      expect(choices.slice(0, featured.length).sort()).toEqual([...featured].sort());
      const rest = choices.slice(featured.length).map((id) => index.get(id)?.name.toLowerCase() ?? '');
      expect(rest).toEqual([...rest].sort());
    });

    it('gives the same list for one character as for nothing', () => {
      expect(index.suggest('a')).toEqual(index.suggest(''));
      expect(index.suggest('   ')).toEqual(index.suggest(''));
    });

    it('returns a fresh array each time, so a caller cannot change the next answer', () => {
      expect(() => ((index.suggest('') as unknown[]).length = 0)).toThrow();
      expect(index.suggest('').length).toBeGreaterThan(0);
    });
  });

  describe('with more typed', () => {
    it('puts the exact name first', () => {
      expect(values('anchor')[0]).toBe('anchor');
      expect(values('solana kit')[0]).toBe('solana-kit');
    });

    it('completes the start of a name from two characters', () => {
      expect(values('pi')[0]).toBe('pinocchio');
      expect(values('lite')[0]).toBe('litesvm');
      expect(values('solana te')[0]).toBe('solana-test-validator');
    });

    it('completes a later word of a name', () => {
      expect(values('ki')).toContain('solana-kit');
      expect(values('playg')).toContain('solana-playground');
    });

    it('answers from names alone: later words of a name, and several typed words each found in one name', () => {
      // The question ranking runs when the command is sent; the search command offers the typed words as a search first.
      expect(values('test valid')[0]).toBe('solana-test-validator');
      expect(values('validator test')).toContain('solana-test-validator');
      expect(values('in-browser ide')).not.toContain('solana-test-validator');
    });

    it('tolerates typos', () => {
      expect(values('pinnochio')[0]).toBe('pinocchio');
    });

    it('puts a typo of a whole name first, even when the misspelt word reads as another word', () => {
      // "halies" folds to "haly" like a plural ("libraries" → "library"), so no term matches Haleis.
      const typos = createResourceIndex(
        catalogueOf([
          tabular({
            id: 'galorix-checkout',
            name: 'Galorix Checkout',
            kind: 'API',
            tags: ['checkout'],
            description: 'Checkout, checkout, checkout.',
          }),
          tabular({ id: 'haleis-checkout', name: 'Haleis Checkout', kind: 'API', description: 'Payments.' }),
        ]),
      );
      expect(typos.suggest('halies checkout')[0]?.id).toBe('haleis-checkout');
      expect(typos.search('halies checkout')[0]?.entry.id).toBe('haleis-checkout');
    });
  });

  describe('limits', () => {
    it('offers at most 25 choices', () => {
      const big = many(200);
      expect(big.suggest('')).toHaveLength(25);
      expect(big.suggest('to')).toHaveLength(25);
      expect(big.suggest('tool')).toHaveLength(25);
    });

    it('shows featured entries first on a large catalogue too', () => {
      const top = many(200).suggest('').slice(0, 20);
      expect(top.every((c) => c.name.startsWith('Tool ') && Number(c.name.slice(5, 8)) % 10 === 7)).toBe(true);
    });

    it('uses the entry id as the value', () => {
      for (const choice of index.suggest('sol').map(toChoice)) expect(index.get(choice.value)?.id).toBe(choice.value);
    });

    it('labels a choice with the name and a short hint', () => {
      expect(toChoice(index.suggest('anchor')[0]!).name).toBe('Anchor — Tooling · Solana Foundation');
      expect(toChoice(index.suggest('codama')[0]!).name).toBe('Codama — Tooling · Codama');
    });
  });

  describe('hostile names', () => {
    const hostile = [
      tabular({ id: 'long', name: 'L'.repeat(300), kind: 'TOOL', maker: 'M'.repeat(300) }),
      tabular({ id: 'emoji', name: '🚀'.repeat(120), kind: 'TOOL' }),
      tabular({ id: 'accents', name: 'é'.normalize('NFD').repeat(99), kind: 'TOOL' }),
      tabular({ id: 'near-limit', name: 'x'.repeat(90), kind: 'SDK', maker: 'A maker with a long name' }),
      card({ id: 'invisible', name: '\u200b\u202e\u0000' }),
    ];

    it('cuts every label to 100 characters without splitting a character', () => {
      for (const entry of hostile) {
        const label = choiceLabel(entry);
        expect(label.length).toBeGreaterThan(0);
        expect(label.length).toBeLessThanOrEqual(100);
        expect(label).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }
    });

    it('keeps the whole name when only the hint does not fit', () => {
      expect(choiceLabel(hostile[3]!)).toBe('x'.repeat(90));
    });

    it('ends a cut label with an ellipsis', () => {
      expect(choiceLabel(hostile[1]!).endsWith('…')).toBe(true);
      expect(choiceLabel(hostile[0]!)).toBe(`${'L'.repeat(99)}…`);
    });

    it('falls back to the id when the name is all invisible', () => {
      expect(choiceLabel(hostile[4]!)).toBe('invisible — Cards');
    });

    it('never cuts between a letter and its accent', () => {
      expect(truncate('e\u0301'.repeat(60), 100)).toBe(`${'e\u0301'.repeat(49)}…`);
    });
  });
});

describe('suggestions remembered per snapshot', () => {
  it('gives the same choices from memory as computed fresh, for every prefix of every name', () => {
    const remembered = createResourceIndex(SAMPLE_CATALOGUE);
    for (const entry of SAMPLE_CATALOGUE.entries) {
      for (let n = 0; n <= entry.name.length; n++) {
        const typed = entry.name.slice(0, n);
        const fresh = createResourceIndex(SAMPLE_CATALOGUE).suggest(typed);
        expect(remembered.suggest(typed)).toEqual(fresh);
        expect(remembered.suggest(typed)).toEqual(fresh);
      }
    }
  });

  it('keeps at most its capacity, dropping the least recently typed first', () => {
    const recent = new Recent<readonly never[]>(2);
    let computed = 0;
    const compute = () => {
      computed++;
      return [];
    };
    recent.get('a', compute);
    recent.get('b', compute);
    recent.get('a', compute); // 'a' is now the most recent
    recent.get('c', compute); // drops 'b'
    expect(computed).toBe(3);
    recent.get('a', compute);
    expect(computed).toBe(3);
    recent.get('b', compute);
    expect(computed).toBe(4);
  });

  it('does not remember what is not text, or longer than Discord lets a member type', () => {
    const recent = new Recent<readonly never[]>(10);
    let computed = 0;
    const compute = () => {
      computed++;
      return [];
    };
    recent.get(42, compute);
    recent.get(42, compute);
    recent.get('x'.repeat(101), compute);
    recent.get('x'.repeat(101), compute);
    expect(computed).toBe(4);
  });
});
