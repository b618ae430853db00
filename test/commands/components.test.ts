import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { handleComponent, ShareCooldown, type ComponentContext } from '../../commands/components.js';
import { UserError } from '../../src/errors.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import { fixtureIndex } from '../helpers/fixture-index.js';

const index = fixtureIndex();
const BOT = P.SendMessages | P.EmbedLinks | P.PinMessages | P.ReadMessageHistory;
function ctx(over: Partial<ComponentContext> = {}): ComponentContext {
  return { index, userId: '111', memberPermissions: P.SendMessages, appPermissions: BOT, messageIsPrivate: false, values: [], shareCooldown: new ShareCooldown(), now: 1_000_000, ...over };
}

describe('the select menu', () => {
  it('opens the chosen entry privately, with Share', () => {
    const out = handleComponent('res:open', ctx({ values: ['litesvm'] }));
    expect(out.type).toBe('reply');
    if (out.type === 'reply') {
      expect(out.payload.embeds[0]?.title).toBe('LiteSVM');
      expect(out.payload.flags).toBe(64);
    }
  });

  it('says so when the chosen entry left the catalogue', () => {
    expect(() => handleComponent('res:open', ctx({ values: ['gone'] }))).toThrow('no longer in the catalogue');
  });
});

describe('Previous and Next', () => {
  const next = encodeCustomId({ action: 'page', kind: 'SDK', page: 1, owner: '111' });

  it('turn the page in place for the member who asked', () => {
    const out = handleComponent(next, ctx());
    expect(out.type).toBe('update');
    if (out.type === 'update') expect(out.payload.embeds[0]?.footer?.text).toBe('Page 2 of 3');
  });

  it('show another member that page privately instead of flipping it for everyone', () => {
    const out = handleComponent(next, ctx({ userId: '999' }));
    expect(out.type).toBe('reply');
    if (out.type === 'reply') expect(out.payload.flags).toBe(64);
  });
});

describe('Share', () => {
  it('posts the entry publicly, crediting the sharer and pinging only the suggested member', () => {
    const out = handleComponent(encodeCustomId({ action: 'share', id: 'solana-kit', mention: '222' }), ctx({ messageIsPrivate: true }));
    expect(out.type).toBe('reply');
    if (out.type === 'reply') {
      expect(out.payload.flags).toBeUndefined();
      expect(out.payload.content).toBe('Shared by <@111> · suggested for <@222>');
      expect(out.payload.allowed_mentions).toEqual({ parse: [], users: ['222'] });
    }
  });

  it('has a per-member cooldown', () => {
    const cooldown = new ShareCooldown(5_000);
    const share = encodeCustomId({ action: 'share', id: 'solana-kit' });
    handleComponent(share, ctx({ shareCooldown: cooldown, now: 0 }));
    expect(() => handleComponent(share, ctx({ shareCooldown: cooldown, now: 2_000 }))).toThrow('You can share again in 3 s.');
    expect(handleComponent(share, ctx({ shareCooldown: cooldown, now: 2_000, userId: '222' })).type).toBe('reply');
    expect(handleComponent(share, ctx({ shareCooldown: cooldown, now: 5_000 })).type).toBe('reply');
  });
});

describe('Pin', () => {
  it('pins for a member allowed to pin messages in the channel', () => {
    expect(handleComponent('res:pin', ctx({ memberPermissions: P.PinMessages }))).toEqual({ type: 'pin' });
  });

  it('politely refuses a member who may not pin', () => {
    expect(() => handleComponent('res:pin', ctx({ memberPermissions: P.SendMessages | P.ManageMessages }))).toThrow(
      'Sorry, only members who may pin messages in this channel can pin this.',
    );
  });

  it('names the permission the bot lacks', () => {
    expect(() => handleComponent('res:pin', ctx({ memberPermissions: P.PinMessages, appPermissions: P.SendMessages | P.ReadMessageHistory }))).toThrow(
      "I can't pin here: I need the **Pin Messages** permission in this channel.",
    );
    expect(() => handleComponent('res:pin', ctx({ memberPermissions: P.PinMessages, appPermissions: P.SendMessages }))).toThrow(
      'I need the **Pin Messages** and **Read Message History** permissions',
    );
  });
});

describe('Delete', () => {
  const del = encodeCustomId({ action: 'delete', owner: '111' });
  it('lets the member who asked delete the reply', () => expect(handleComponent(del, ctx())).toEqual({ type: 'delete' }));
  it('lets a moderator delete it', () => expect(handleComponent(del, ctx({ userId: '999', memberPermissions: P.ManageMessages }))).toEqual({ type: 'delete' }));
  it('refuses anyone else', () => expect(() => handleComponent(del, ctx({ userId: '999' }))).toThrow('Only the member who asked'));
});

describe('Copy install', () => {
  it('replies privately with the command alone', () => {
    const out = handleComponent(encodeCustomId({ action: 'copy', id: 'solana-kit' }), ctx());
    expect(out).toMatchObject({ type: 'reply', payload: { content: '```sh\nnpm install @solana/kit\n```', flags: 64 } });
  });
});

describe('forged or stale custom ids', () => {
  it.each(['', 'res', 'res:nope', 'res:page:SDK:-1:111', 'res:page:sdk:1:111', 'res:delete:abc', 'res:copy:../etc', 'other:pin', 'res:share:a:b:c'])(
    'are refused politely: %j',
    (id) => expect(() => handleComponent(id, ctx())).toThrow(UserError),
  );
});
