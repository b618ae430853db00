import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { renderEntry, renderInstall } from '../../src/render/entry.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { entry, kit, litesvm, bankrun, docs } from '../helpers/fixture-index.js';

const publicReply = { requester: '111', private: false };
const privateReply = { requester: '111', private: true };
const buttons = (p: ReturnType<typeof renderEntry>) => p.components.flatMap((r) => r.components);
const labels = (p: ReturnType<typeof renderEntry>) => buttons(p).map((b) => ('label' in b ? b.label : ''));

describe('a tabular entry', () => {
  it('renders its four columns: name as title, description, then Kind, Maker and Package', () => {
    const [embed] = renderEntry(kit, publicReply).embeds;
    expect(embed?.title).toBe('Solana Kit');
    expect(embed?.url).toBe('https://github.com/anza-xyz/kit');
    expect(embed?.description).toBe('The modern TypeScript SDK for Solana.');
    expect(embed?.fields?.slice(0, 3)).toEqual([
      { name: 'Kind', value: 'SDK', inline: true },
      { name: 'Maker', value: 'Anza', inline: true },
      { name: 'Package', value: '`@solana/kit`', inline: true },
    ]);
  });

  it('shows its npm install command in a code block when it is an SDK with a scoped package', () => {
    const [embed] = renderEntry(kit, publicReply).embeds;
    expect(embed?.fields?.[3]).toEqual({ name: 'Install', value: '```sh\nnpm install @solana/kit\n```' });
  });

  it('shows a dash for an absent maker or package, and no install', () => {
    const [embed] = renderEntry(docs, publicReply).embeds;
    expect(embed?.fields).toEqual([
      { name: 'Kind', value: 'DOCS', inline: true },
      { name: 'Maker', value: '—', inline: true },
      { name: 'Package', value: '—', inline: true },
    ]);
  });
});

describe('a card', () => {
  it('renders the description, the "by" line, the install line with its prompt, and the package, and no kind', () => {
    const [embed] = renderEntry(litesvm, publicReply).embeds;
    expect(embed?.description).toBe('A fast in-process Solana VM for tests.\n\nby LiteSVM');
    expect(embed?.fields).toEqual([
      { name: 'Install', value: '```sh\n$ npm install litesvm\n```' },
      { name: 'Package', value: '`litesvm`', inline: true },
    ]);
    expect(embed?.fields?.map((f) => f.name)).not.toContain('Kind');
    expect(embed?.footer?.text).toMatch(/^Card · /);
  });

  it('points a deprecated entry at its successor', () => {
    const [embed] = renderEntry(bankrun, publicReply, litesvm).embeds;
    expect(embed?.description).toContain('⚠️ **Deprecated**: use **LiteSVM** instead (`/resource show litesvm`).');
  });

  it('escapes markdown and mentions in catalogue text', () => {
    const sneaky = entry({ id: 'x', name: '**Bold** @everyone', form: 'card', description: 'Ping <@123> and @here, [click](https://evil.example).' });
    const p = renderEntry(sneaky, publicReply);
    expect(p.embeds[0]?.title).toBe('\\*\\*Bold\\*\\* @\u200beveryone');
    expect(p.embeds[0]?.description).toBe('Ping \\<@123\\> and @\u200bhere, \\[click\\](https://evil.example).');
    expect(p.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('entry buttons', () => {
  it('offer Pin, Copy install, Delete and the link on a public reply', () => {
    const p = renderEntry(litesvm, publicReply);
    expect(labels(p)).toEqual(['Pin', 'Copy install', 'Delete']);
    expect(buttons(p).map((b) => ('custom_id' in b ? decodeCustomId(b.custom_id) : undefined))).toEqual([
      { action: 'pin' },
      { action: 'copy', id: 'litesvm' },
      { action: 'delete', owner: '111' },
    ]);
    const withLink = buttons(renderEntry(kit, publicReply));
    expect(withLink.at(-1)).toEqual({ type: ComponentType.Button, style: ButtonStyle.Link, label: 'Open', url: 'https://github.com/anza-xyz/kit' });
  });

  it('offer Share (carrying the suggested member) instead of Pin and Delete on a private reply', () => {
    const p = renderEntry(kit, { ...privateReply, mention: '222' });
    expect(labels(p)).toEqual(['Share', 'Copy install', 'Open']);
    const share = buttons(p)[0];
    expect(share && 'custom_id' in share ? decodeCustomId(share.custom_id) : undefined).toEqual({ action: 'share', id: 'solana-kit', mention: '222' });
    expect(p.flags).toBe(64);
  });

  it('leave out Copy install when there is nothing to install', () => {
    expect(labels(renderEntry(docs, publicReply))).toEqual(['Pin', 'Delete']);
  });
});

describe('mentions and sharing', () => {
  it('put "Suggested for" above a public reply and ping only that member', () => {
    const p = renderEntry(kit, { ...publicReply, mention: '222' });
    expect(p.content).toBe('Suggested for <@222>');
    expect(p.allowed_mentions).toEqual({ parse: [], users: ['222'] });
  });

  it('credit the member who shared, without pinging them', () => {
    const p = renderEntry(kit, { requester: '333', private: false, sharedBy: '333' });
    expect(p.content).toBe('Shared by <@333>');
    expect(p.allowed_mentions).toEqual({ parse: [] });
  });

  it('ping nobody on a private reply, even with a mention, and say so', () => {
    const p = renderEntry(kit, { ...privateReply, mention: '222' });
    expect(p.allowed_mentions).toEqual({ parse: [] });
    expect(p.content).toBe('Suggested for <@222> · (only you can see this, so nobody was notified)');
  });
});

describe('Copy install', () => {
  it('replies privately with just the command in a code block', () => {
    expect(renderInstall(litesvm, publicReply)).toEqual({ content: '```sh\nnpm install litesvm\n```', embeds: [], components: [], allowed_mentions: { parse: [] }, flags: 64 });
  });
});
