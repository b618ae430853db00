import { describe, expect, it } from 'vitest';
import { renderEntry } from '../../src/render/entry.js';
import { renderForTerminal } from '../../src/render/terminal.js';
import { entry } from '../helpers/fixture-index.js';

const everyone = { requester: '1', private: false };

describe('the terminal view of a reply', () => {
  it('shows text as a member reads it in Discord: escapes gone, install code indented and copyable', () => {
    const client = entry({
      id: 'mwa-dart',
      name: 'solana_mobile_client',
      form: 'card',
      maker: 'Espresso *Cash*',
      description: 'Flutter client for <wallets> and @everyone, [docs] ~~old~~.',
      install: 'dart pub add solana_mobile_client',
    });
    const text = renderForTerminal(renderEntry(client, everyone));
    expect(text).toContain('solana_mobile_client');
    expect(text).toContain('Flutter client for <wallets> and @everyone, [docs] ~~old~~.');
    expect(text).toContain('by Espresso *Cash*');
    expect(text).toContain('Install:\n  dart pub add solana_mobile_client\n');
    expect(text).not.toMatch(/\\[^\w\s]|\\_|\u200b|\u200d/);
  });

  it('shows the line above the name, and buttons that have only an icon by their icon', () => {
    const text = renderForTerminal(
      renderEntry(entry({ id: 'k', name: 'K', form: 'tabular', kind: 'SDK', description: 'A kit.' }), everyone),
    );
    expect(text).toContain('SDK · Fixtures\nK\n');
    expect(text).toContain('buttons: [📌] [🗑️]');
  });
});
