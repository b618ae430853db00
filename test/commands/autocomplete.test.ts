import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../helpers/property-runs.js';
import { autocomplete } from '../helpers/commands.js';
import { expectChoicesWithinLimits } from '../helpers/discord-limits.js';
import { fixtureIndex } from '../helpers/fixture-index.js';

const index = fixtureIndex();

describe('autocomplete', () => {
  it('offers the typed words first while searching, then matching entries', async () => {
    const choices = await autocomplete(index, 'search', 'solana ki');
    expect(choices[0]).toEqual({ name: '🔎 Search for “solana ki”', value: 'solana ki' });
    expect(choices.map((c) => c.value)).toContain('solana-kit');
  });

  it('offers only entries for show, with the entry id as the value', async () => {
    expect((await autocomplete(index, 'show', 'solana ki'))[0]?.value).toBe('solana-kit');
  });

  it('shows featured entries first for an empty input', async () => {
    expect((await autocomplete(index, 'show', ''))[0]?.value).toBe('solana-kit');
    expect((await autocomplete(index, 'search', ''))[0]?.value).toBe('solana-kit');
  });

  it('never breaks a Discord limit, whatever is typed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('search', 'show'), fc.string({ unit: 'binary', maxLength: 6000 }), async (sub, typed) => {
        const choices = await autocomplete(index, sub, typed);
        expectChoicesWithinLimits(choices);
        expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
      }),
      propertyRuns(200),
    );
  });
});
