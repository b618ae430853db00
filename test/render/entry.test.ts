import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { entrySchema } from '../../src/catalogue/schema.js';
import { renderEntry, renderInstall } from '../../src/render/entry.js';
import { decodeCustomId } from '../../src/render/custom-ids.js';
import { COLOURS } from '../../src/render/style.js';
import { entry, kit, litesvm, bankrun, docs } from '../helpers/fixture-index.js';

const publicReply = { requester: '111', private: false };
const privateReply = { requester: '111', private: true };
const buttons = (p: ReturnType<typeof renderEntry>) =>
  p.components.flatMap((r) => r.components).filter((c) => c.type === ComponentType.Button);
/** What a button shows: its label, or its emoji when it has no label. */
const labels = (p: ReturnType<typeof renderEntry>) =>
  buttons(p).map((b) => ('label' in b && b.label ? b.label : 'emoji' in b ? (b.emoji.name ?? '') : ''));

describe('a tabular entry', () => {
  it("shows its kind in members' words and its topic above the name, the description, then Maker and Install", () => {
    const [embed] = renderEntry(kit, publicReply).embeds;
    expect(embed?.author).toEqual({ name: 'SDK · Fixtures' });
    expect(embed?.title).toBe('Solana Kit');
    expect(embed?.url).toBe('https://github.com/anza-xyz/kit');
    expect(embed?.description).toBe('The modern TypeScript SDK for Solana.');
    expect(embed?.fields?.[0]).toEqual({ name: 'Maker', value: 'Anza', inline: true });
    expect(embed?.footer).toBeUndefined(); // no dated facts and nothing verified
  });

  it('shows its npm install command in a fenced shell block with no prompt, so the copied command runs as pasted', () => {
    const [embed] = renderEntry(kit, publicReply).embeds;
    expect(embed?.fields?.[2]).toEqual({ name: 'Install', value: '```sh\nnpm install @solana/kit\n```' });
  });

  it('names its package with its registry, linked to the package page, beside the maker', () => {
    const [embed] = renderEntry(kit, publicReply).embeds;
    expect(embed?.fields?.map((f) => f.name)).toEqual(['Maker', 'Package', 'Install']);
    expect(embed?.fields?.[1]).toEqual({
      name: 'Package',
      value: '[npm @solana/kit](https://registry.example/package/@solana/kit)',
      inline: true,
    });
  });

  it('leaves out a maker or package it does not have, and shows no install', () => {
    const [embed] = renderEntry(docs, publicReply).embeds;
    expect(embed?.author).toEqual({ name: 'Docs · Fixtures' });
    expect(embed?.fields).toEqual([]);
  });
});

describe('a card', () => {
  it('renders the description, the "by" line with its package and registry, and the install line in a fenced shell block', () => {
    const [embed] = renderEntry(litesvm, publicReply).embeds;
    expect(embed?.description).toBe(
      'A fast in-process Solana VM for tests.\n\nby LiteSVM · [npm litesvm](https://registry.example/package/litesvm)',
    );
    expect(embed?.fields).toEqual([{ name: 'Install', value: '```sh\nnpm install litesvm\n```' }]);
    expect(embed?.fields?.map((f) => f.name)).not.toContain('Kind');
  });

  it('names a package without a registry in code, on its own line when there is no maker', () => {
    const parsed = entrySchema.parse({ id: 'p', name: 'P', form: 'card', description: 'A library.', package: 'p-lib' });
    const bare = { ...parsed, category: 'Fixtures', source: { file: 'fixture.yaml', line: 1 } };
    expect(renderEntry(bare, publicReply).embeds[0]?.description).toBe('A library.\n\n`p-lib`');
  });

  it('puts a short status on the "by" line', () => {
    const alpha = entry({ id: 'a', name: 'A', form: 'card', description: 'Young.', maker: 'Someone', status: 'alpha' });
    expect(renderEntry(alpha, publicReply).embeds[0]?.description).toBe('Young.\n\nby Someone · 🧪 Alpha');
  });

  it('shows the kind it is browsed under, and no kind label (never the word "card") when it has none', () => {
    expect(renderEntry(litesvm, publicReply).embeds[0]?.author).toEqual({ name: 'Fixtures' });
    const browsed = entry({ id: 'litesvm', name: 'LiteSVM', form: 'card', description: 'A fast VM for tests.', browse: 'TOOL' });
    expect(renderEntry(browsed, publicReply).embeds[0]?.author).toEqual({ name: 'Tool · Fixtures' });
    expect(JSON.stringify(renderEntry(litesvm, publicReply))).not.toMatch(/\bcard\b/i);
  });

  it('has the same colour as a tabular entry; only a deprecated entry differs', () => {
    expect(renderEntry(litesvm, publicReply).embeds[0]?.color).toBe(COLOURS.answer);
    expect(renderEntry(kit, publicReply).embeds[0]?.color).toBe(COLOURS.answer);
    expect(renderEntry(bankrun, publicReply).embeds[0]?.color).toBe(COLOURS.caution);
  });

  it('points a deprecated entry at its successor, naming the command in code when its id is unknown', () => {
    const [embed] = renderEntry(bankrun, publicReply, litesvm).embeds;
    expect(embed?.description).toContain('⚠️ **Deprecated**: use **LiteSVM** instead (`/resource show LiteSVM`).');
  });

  it('makes the command a clickable mention when registration gave its id', () => {
    const [embed] = renderEntry(bankrun, { ...publicReply, commands: { resource: '1234567890' } }, litesvm).embeds;
    expect(embed?.description).toContain('use **LiteSVM** instead (</resource show:1234567890> `LiteSVM`).');
  });

  it('escapes markdown and mentions in catalogue text', () => {
    const sneaky = entry({
      id: 'x',
      name: '**Bold** @everyone',
      form: 'card',
      description: 'Ping <@123> and @here, [click](https://evil.example).',
    });
    const p = renderEntry(sneaky, publicReply);
    expect(p.embeds[0]?.title).toBe('\\*\\*Bold\\*\\* @\u200beveryone');
    expect(p.embeds[0]?.description).toBe('Ping \\<@123\\> and @\u200bhere, \\[click\\](https://evil.example).');
    expect(p.allowed_mentions).toEqual({ parse: [] });
  });
});

describe('entry buttons', () => {
  it('lead with the link on a public reply, then Copy install, then Pin and Delete as small grey icons', () => {
    const p = renderEntry(kit, publicReply);
    expect(labels(p)).toEqual(['Open', 'Copy install', '📌', '🗑️']);
    expect(buttons(p).map((b) => ('custom_id' in b ? decodeCustomId(b.custom_id) : 'url' in b ? b.url : undefined))).toEqual([
      'https://github.com/anza-xyz/kit',
      { action: 'copy', id: 'solana-kit' },
      { action: 'pin' },
      { action: 'delete', owner: '111' },
    ]);
    expect(buttons(p).every((b) => b.style !== ButtonStyle.Danger)).toBe(true);
    expect(
      buttons(p)
        .slice(2)
        .every((b) => b.style === ButtonStyle.Secondary && !('label' in b && b.label)),
    ).toBe(true);
  });

  it('offer Share (carrying the suggested member) instead of Pin and Delete on a private reply', () => {
    const p = renderEntry(kit, { ...privateReply, mention: '222' });
    expect(labels(p)).toEqual(['Share', 'Open', 'Copy install']);
    const share = buttons(p)[0];
    expect(share?.style).toBe(ButtonStyle.Primary);
    expect(share && 'custom_id' in share ? decodeCustomId(share.custom_id) : undefined).toEqual({
      action: 'share',
      id: 'solana-kit',
      mention: '222',
    });
    expect(p.flags).toBe(64);
  });

  it('leave out Copy install when there is nothing to install, and Pin and Delete outside a server', () => {
    expect(labels(renderEntry(docs, publicReply))).toEqual(['📌', '🗑️']);
    expect(labels(renderEntry(kit, { ...publicReply, place: 'bot-dm' }))).toEqual(['Open', 'Copy install']);
  });

  it("speak the member's language", () => {
    const p = renderEntry(kit, { ...privateReply, locale: 'es-ES' });
    expect(labels(p)).toEqual(['Compartir', 'Abrir', 'Copiar instalación']);
    expect(p.embeds[0]?.fields?.map((f) => f.name)).toEqual(['Autor', 'Paquete', 'Instalar']);
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
    expect(renderInstall(litesvm, publicReply)).toEqual({
      content: '```sh\nnpm install litesvm\n```',
      embeds: [],
      components: [],
      allowed_mentions: { parse: [] },
      flags: 64,
    });
  });
});
