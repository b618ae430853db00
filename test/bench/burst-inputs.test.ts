import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { burstInputs, commonWords, MAX_INPUT, SHORT_INPUT } from '../../bench/burst-inputs.js';
import { loadCatalogue, type Catalogue } from '../../src/catalogue/load.js';
import { ROOT } from '../helpers/compiled.js';

let catalogue: Catalogue;

beforeAll(async () => {
  const loaded = await loadCatalogue(path.join(ROOT, 'catalogue'));
  if (!loaded.ok) throw new Error('the shipped catalogue is invalid');
  catalogue = loaded.catalogue;
});

const lower = (texts: readonly string[]) => texts.map((text) => text.toLowerCase());

describe('burst inputs', () => {
  it('are 200 distinct inputs (ignoring case) of 1 to 12 characters, a third of them 1 to 3', () => {
    const inputs = burstInputs(catalogue, 200);
    expect(inputs).toHaveLength(200);
    expect(new Set(lower(inputs.map((input) => input.text))).size).toBe(200);
    for (const { text } of inputs) {
      expect(text.length).toBeGreaterThanOrEqual(1);
      expect(text.length).toBeLessThanOrEqual(MAX_INPUT);
      expect(text).toBe(text.trim());
    }
    expect(inputs.filter((input) => input.text.length <= SHORT_INPUT)).toHaveLength(67);
    // Short inputs of every length, not only single letters.
    expect(new Set(inputs.filter((i) => i.text.length <= SHORT_INPUT).map((i) => i.text.length))).toEqual(new Set([1, 2, 3]));
  });

  it('come from the catalogue: starts of names, later words of names, packages and common words, and a few slips', () => {
    const inputs = burstInputs(catalogue, 200);
    const names = lower(catalogue.entries.map((entry) => entry.name.replace(/\s+/g, ' ')));
    const packages = lower(catalogue.entries.flatMap((entry) => (entry.package ? [entry.package] : [])));
    const words = commonWords(catalogue);
    const starts = (pool: readonly string[], typed: string) => pool.some((text) => text.startsWith(typed));
    for (const { text, source } of inputs) {
      const typed = text.toLowerCase();
      if (source === 'name') expect(starts(names, typed), text).toBe(true);
      if (source === 'package') expect(starts(packages, typed), text).toBe(true);
      if (source === 'word') expect(starts(words, typed), text).toBe(true);
      if (source === 'later-word')
        expect(
          names.some((name) => name.includes(` ${typed}`)),
          text,
        ).toBe(true);
      if (source === 'typo') expect(typed.length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(inputs.map((input) => input.source))).toEqual(new Set(['name', 'later-word', 'package', 'word', 'typo']));
    expect(words).toEqual(expect.arrayContaining(['python', 'rust', 'wallet', 'solana']));
  });

  it('are the same for the same seed and differ for another', () => {
    expect(burstInputs(catalogue, 200, 11)).toEqual(burstInputs(catalogue, 200, 11));
    expect(burstInputs(catalogue, 200, 12).map((i) => i.text)).not.toEqual(burstInputs(catalogue, 200, 11).map((i) => i.text));
  });

  it('says so when a catalogue is too small to offer that many distinct inputs', () => {
    const tiny: Catalogue = { ...catalogue, entries: catalogue.entries.slice(0, 1).map((entry) => ({ ...entry, tags: [] })) };
    expect(() => burstInputs(tiny, 200)).toThrow(/offers only \d+ distinct inputs of 1-3 characters; 67 needed/);
  });
});
