import { describe, expect, it } from 'vitest';
import { createResourceIndex } from '../../src/search/index.js';
import { entry, manySdks } from '../helpers/fixture-index.js';

describe('ranking by distinctive words', () => {
  const py = entry({
    id: 'solana-py',
    name: 'solana-py',
    form: 'card',
    description: 'Python SDK with RPC clients.',
    tags: ['python', 'sdk'],
  });
  const pyTool = entry({
    id: 'py-tool',
    name: 'Python Tool',
    form: 'tabular',
    kind: 'TOOL',
    description: 'A command-line helper written in Python.',
  });
  const unity = entry({ id: 'unity-sdk', name: 'Unity SDK', form: 'tabular', kind: 'SDK', description: 'C# SDK for games.' });
  const index = createResourceIndex({ entries: [unity, pyTool, py, ...manySdks], files: [] });

  it('puts entries matching the rare word and the common word above those matching only the common one', () => {
    const ids = index.search('python sdk').map((h) => h.entry.id);
    expect(ids[0]).toBe('solana-py');
    // Matching only the common word is no answer at all: those entries are not listed.
    expect(ids).toContain('py-tool');
    expect(ids).not.toContain('unity-sdk');
  });

  it('keeps scores descending down the list', () => {
    const scores = index.search('python sdk').map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
