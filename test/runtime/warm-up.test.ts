import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/runtime/catalogue-service.js';
import { warmUp, warmUpInputs } from '../../src/runtime/warm-up.js';

describe('the warm-up before members arrive', () => {
  it('runs searches, autocompletes, entries and kind pages made from the shipped catalogue, all answered', async () => {
    const index = await buildIndex('catalogue');
    const inputs = warmUpInputs(index);
    const kinds = new Set(inputs.map((i) => (i.type === 'command' ? `${i.type} ${i.subcommand ?? ''}` : i.type)));
    expect(kinds).toEqual(new Set(['autocomplete', 'command search', 'command show', 'command kind']));
    expect(inputs.length).toBeGreaterThan(200);

    const report = await warmUp(index);
    expect(report).toMatchObject({ interactions: inputs.length, failed: 0 });
  });

  it('yields to the event loop while it runs, so a member asking meanwhile is not kept waiting', async () => {
    const index = await buildIndex('catalogue');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const report = await warmUp(index);
    clearInterval(timer);
    // A slice is at most ~8 ms: a run of many slices lets the timer fire many times.
    expect(ticks).toBeGreaterThan(report.ms / 50);
  });
});
