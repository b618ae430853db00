import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../helpers/property-runs.js';
import { autocompleteChoices } from '../../commands/autocomplete.js';
import { expectChoicesWithinLimits } from '../helpers/discord-limits.js';
import { fixtureIndex } from '../helpers/fixture-index.js';

const index = fixtureIndex();

describe('autocomplete', () => {
  it('offers the typed words first while searching, then matching entries', () => {
    const choices = autocompleteChoices(index, 'search', 'solana ki');
    expect(choices[0]).toEqual({ name: '🔎 Search for “solana ki”', value: 'solana ki' });
    expect(choices.map((c) => c.value)).toContain('solana-kit');
  });

  it('offers only entries for show, with the entry id as the value', () => {
    expect(autocompleteChoices(index, 'show', 'solana ki')[0]?.value).toBe('solana-kit');
  });

  it('shows featured entries first for an empty input', () => {
    expect(autocompleteChoices(index, 'show', '')[0]?.value).toBe('solana-kit');
    expect(autocompleteChoices(index, 'search', '')[0]?.value).toBe('solana-kit');
  });

  it('never breaks a Discord limit, whatever is typed', () => {
    fc.assert(
      fc.property(fc.constantFrom('search', 'show', null), fc.string({ unit: 'binary', maxLength: 6000 }), (sub, typed) => {
        const choices = autocompleteChoices(index, sub, typed);
        expectChoicesWithinLimits(choices);
        expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
      }),
      propertyRuns(200),
    );
  });
});
