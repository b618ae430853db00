import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../helpers/property-runs.js';
import { featuredThenName, firstInOrder } from '../../src/search/index.js';
import { tabular } from './fixtures.js';

const entries = fc
  .array(fc.record({ name: fc.string({ minLength: 1, maxLength: 6 }), featured: fc.boolean() }), { maxLength: 60 })
  .map((specs) => specs.map((s, n) => tabular({ id: `e-${n}`, name: s.name, kind: 'TOOL', featured: s.featured })));

describe('unranked order', () => {
  it('picks the same first entries as sorting everything', () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 30 }), (list, count) => {
        expect(firstInOrder(list, count).map((e) => e.id)).toEqual(
          featuredThenName(list)
            .slice(0, count)
            .map((e) => e.id),
        );
      }),
      propertyRuns(100),
    );
  });

  it('ignores case and breaks ties by id', () => {
    const list = [
      tabular({ id: 'b', name: 'kit', kind: 'SDK' }),
      tabular({ id: 'a', name: 'Kit', kind: 'SDK' }),
      tabular({ id: 'c', name: 'anchor', kind: 'SDK' }),
    ];
    expect(featuredThenName(list).map((e) => e.id)).toEqual(['c', 'a', 'b']);
  });
});
