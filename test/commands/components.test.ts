import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { MalformedInteraction } from '../../src/base/errors.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import { MemoryState, ShareCooldown } from '../../src/runtime/state.js';
import { BOT_PERMISSIONS, pressComponent, type Situation } from '../helpers/commands.js';
import { fixtureIndex } from '../helpers/fixture-index.js';

const index = fixtureIndex();

/** The situation a button is pressed in, as the old component context described it. */
interface Press {
  userId?: string;
  memberPermissions?: bigint;
  appPermissions?: bigint;
  messageIsPrivate?: boolean;
  values?: string[];
  shareCooldown?: ShareCooldown;
  now?: number;
}
function ctx(over: Press = {}): Situation & { values?: string[]; messageIsPrivate?: boolean } {
  return {
    caller: {
      userId: over.userId ?? '111',
      memberPermissions: over.memberPermissions ?? P.SendMessages,
      appPermissions: over.appPermissions ?? BOT_PERMISSIONS,
    },
    values: over.values ?? [],
    messageIsPrivate: over.messageIsPrivate ?? false,
    ...(over.shareCooldown ? { state: new MemoryState(over.shareCooldown) } : {}),
    now: over.now ?? 1_000_000,
  };
}
const handleComponent = (customId: string, situation: ReturnType<typeof ctx>) => pressComponent(index, customId, situation);

describe('the select menu', () => {
  it('opens the chosen entry privately, with Share', async () => {
    const out = await handleComponent('res:open', ctx({ values: ['litesvm'] }));
    expect(out.type).toBe('reply');
    if (out.type === 'reply') {
      expect(out.payload.embeds[0]?.title).toBe('LiteSVM');
      expect(out.payload.flags).toBe(64);
    }
  });

  it('says so when the chosen entry left the catalogue', async () => {
    await expect(handleComponent('res:open', ctx({ values: ['gone'] }))).rejects.toThrow('no longer in the catalogue');
  });
});

describe('Previous and Next', () => {
  const next = encodeCustomId({ action: 'page', kind: 'SDK', page: 1, owner: '111' });

  it('turn the page in place for the member who asked', async () => {
    const out = await handleComponent(next, ctx());
    expect(out.type).toBe('update');
    if (out.type === 'update') expect(out.payload.embeds[0]?.footer?.text).toBe('Page 2 of 3');
  });

  it('show another member that page privately instead of flipping it for everyone', async () => {
    const out = await handleComponent(next, ctx({ userId: '999' }));
    expect(out.type).toBe('reply');
    if (out.type === 'reply') expect(out.payload.flags).toBe(64);
  });
});

describe('Share', () => {
  it('posts the entry publicly, crediting the sharer and pinging only the suggested member', async () => {
    const out = await handleComponent(
      encodeCustomId({ action: 'share', id: 'solana-kit', mention: '222' }),
      ctx({ messageIsPrivate: true }),
    );
    expect(out.type).toBe('reply');
    if (out.type === 'reply') {
      expect(out.payload.flags).toBeUndefined();
      expect(out.payload.content).toBe('Shared by <@111> · suggested for <@222>');
      expect(out.payload.allowed_mentions).toEqual({ parse: [], users: ['222'] });
    }
  });

  it('has a per-member cooldown', async () => {
    const cooldown = new ShareCooldown(5_000);
    const share = encodeCustomId({ action: 'share', id: 'solana-kit' });
    await handleComponent(share, ctx({ shareCooldown: cooldown, now: 0 }));
    await expect(handleComponent(share, ctx({ shareCooldown: cooldown, now: 2_000 }))).rejects.toThrow('You can share again in 3 seconds.');
    expect((await handleComponent(share, ctx({ shareCooldown: cooldown, now: 2_000, userId: '222' }))).type).toBe('reply');
    expect((await handleComponent(share, ctx({ shareCooldown: cooldown, now: 5_000 }))).type).toBe('reply');
  });
});

describe('Pin', () => {
  it('pins for a member allowed to pin messages in the channel', async () => {
    expect(await handleComponent('res:pin', ctx({ memberPermissions: P.PinMessages }))).toEqual({ type: 'pin' });
  });

  it('politely refuses a member who may not pin', async () => {
    await expect(handleComponent('res:pin', ctx({ memberPermissions: P.SendMessages | P.ManageMessages }))).rejects.toThrow(
      'Sorry, only members who may pin messages in this channel can pin this.',
    );
  });

  it('names the permission the bot lacks', async () => {
    await expect(
      handleComponent('res:pin', ctx({ memberPermissions: P.PinMessages, appPermissions: P.SendMessages | P.ReadMessageHistory })),
    ).rejects.toThrow("I can't pin here: I need the **Pin Messages** permission in this channel.");
    await expect(handleComponent('res:pin', ctx({ memberPermissions: P.PinMessages, appPermissions: P.SendMessages }))).rejects.toThrow(
      'I need the **Pin Messages** and **Read Message History** permissions',
    );
  });
});

describe('Delete', () => {
  const del = encodeCustomId({ action: 'delete', owner: '111' });
  it('lets the member who asked delete the reply', async () => {
    expect(await handleComponent(del, ctx())).toEqual({ type: 'delete' });
  });
  it('lets a moderator delete it', async () => {
    expect(await handleComponent(del, ctx({ userId: '999', memberPermissions: P.ManageMessages }))).toEqual({ type: 'delete' });
  });
  it('refuses anyone else', async () => expect(handleComponent(del, ctx({ userId: '999' }))).rejects.toThrow('Only the member who asked'));
});

describe('Copy install', () => {
  it('replies privately with the command alone', async () => {
    const out = await handleComponent(encodeCustomId({ action: 'copy', id: 'solana-kit' }), ctx());
    expect(out).toMatchObject({ type: 'reply', payload: { content: '```sh\nnpm install @solana/kit\n```', flags: 64 } });
  });
});

describe('forged or stale custom ids', () => {
  it.each([
    '',
    'res',
    'res:nope',
    'res:page:SDK:-1:111',
    'res:page:sdk:1:111',
    'res:delete:abc',
    'res:copy:../etc',
    'other:pin',
    'res:share:a:b:c',
  ])('are refused politely: %j', async (id) => expect(handleComponent(id, ctx())).rejects.toThrow(MalformedInteraction));
});
