import { describe, expect, it } from 'vitest';
import { IndexHolder, createResourceIndex } from '../../src/search/index.js';
import { SAMPLE_CATALOGUE, catalogueOf, tabular } from './fixtures.js';

const oldIndex = () => createResourceIndex(SAMPLE_CATALOGUE);
const newIndex = () =>
  createResourceIndex(catalogueOf([tabular({ id: 'anchor-v2', name: 'Anchor', kind: 'SDK', description: 'The new Anchor.' })]));

describe('IndexHolder', () => {
  it('serves the index it was given', () => {
    const index = oldIndex();
    expect(new IndexHolder(index).current).toBe(index);
  });

  it('serves only the new index to requests that start after a replace', () => {
    const holder = new IndexHolder(oldIndex());
    holder.replace(newIndex());
    expect(holder.current.search('anchor').map((h) => h.entry.id)).toEqual(['anchor-v2']);
    expect(holder.current.get('pinocchio')).toBeUndefined();
    expect(holder.current.catalogue.entries).toHaveLength(1);
  });

  it('lets a request that began before a replace finish on the old snapshot, whole', async () => {
    const holder = new IndexHolder(oldIndex());
    const request = async () => {
      const index = holder.current; // read once per request
      const before = index.search('anchor')[0]?.entry.id;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {
        before,
        after: index.search('anchor')[0]?.entry.id,
        kit: index.get('solana-kit')?.id,
        suggest: index.suggest('pino')[0]?.id,
      };
    };
    const running = request();
    holder.replace(newIndex());
    expect(await running).toEqual({ before: 'anchor', after: 'anchor', kit: 'solana-kit', suggest: 'pinocchio' });
    expect(holder.current.search('anchor')[0]?.entry.id).toBe('anchor-v2');
  });

  it('is not affected by later changes to the catalogue it was built from', () => {
    const entries = [tabular({ id: 'one', name: 'One', kind: 'TOOL' })];
    const index = createResourceIndex(catalogueOf(entries));
    entries.push(tabular({ id: 'two', name: 'Two', kind: 'TOOL' }));
    expect(index.catalogue.entries).toHaveLength(1);
    expect(index.get('two')).toBeUndefined();
    expect(Object.isFrozen(index.catalogue.entries)).toBe(true);
  });
});
