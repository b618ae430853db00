/**
 * The flood guard in gateway mode, as `npm start` runs it (one process, state in memory): the same
 * entry posted twice in a channel within the window is answered privately with a link instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buttonInteraction,
  memberWhoCanPin,
  option,
  plainMember,
  startDiscordStandIn,
  world,
  type DiscordStandIn,
} from '../support/discord/index.js';
import { startReadyBot, type BotProcess } from './bot-process.js';
import { ask, EPHEMERAL, expectNoPings, messageData, resourceCommand, sentMessage } from './interactions.js';

const { alice, bob, owner } = world.users;
let discord: DiscordStandIn;
let bot: BotProcess;

beforeAll(async () => {
  discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
  bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, env: { FLOOD_GUARD_SECONDS: '60' } });
}, 30_000);

afterAll(async () => {
  await bot.stop();
  await discord.close();
});

const channelLink = `https://discord.com/channels/${world.guild.id}/${world.channel.id}`;

describe('the flood guard', () => {
  it('answers a second public show of the same entry privately, with a link to the channel where it sits, in one line', async () => {
    const first = resourceCommand('show', { name: 'anchor' }, { member: plainMember(alice) });
    const posted = messageData(await ask(discord, first));
    expect(posted.flags ?? 0).toBe(0);

    // The same line however soon the second request comes: nothing waits on where the first post landed.
    const again = messageData(await ask(discord, resourceCommand('show', { name: 'anchor' }, { member: plainMember(bob) })));
    expect(again.flags).toBe(EPHEMERAL);
    expect(again.embeds).toEqual([]);
    expect(again.content).toBe(`**Anchor** was posted in this channel less than a minute ago, so I did not post it again: ${channelLink}`);
    expectNoPings(again);
  });

  it('holds a public suggestion to a member and a Share of the same entry the same way', async () => {
    const suggestion = messageData(
      await ask(
        discord,
        resourceCommand('show', { name: 'anchor' }, { member: plainMember(bob), leaves: [option.user('mention', alice)] }),
      ),
    );
    expect(suggestion.flags).toBe(EPHEMERAL);
    expect(suggestion.content).toMatch(/^\*\*Anchor\*\* was posted in this channel/);

    const hidden = messageData(
      await ask(
        discord,
        resourceCommand('show', { name: 'anchor' }, { member: plainMember(owner), leaves: [option.boolean('hide', true)] }),
      ),
    );
    expect(hidden.flags).toBe(EPHEMERAL); // a private view is never held back
    const shared = messageData(
      await ask(discord, buttonInteraction({ customId: 'res:share:anchor', message: sentMessage(hidden), member: plainMember(owner) })),
    );
    expect(shared.flags).toBe(EPHEMERAL);
    expect(shared.content).toMatch(/^\*\*Anchor\*\* was posted in this channel/);
  });

  it('lets a moderator post it again, and does not hold back a different entry', async () => {
    const moderator = messageData(await ask(discord, resourceCommand('show', { name: 'anchor' }, { member: memberWhoCanPin() })));
    expect(moderator.flags ?? 0).toBe(0);
    expect(moderator.embeds.length).toBe(1);
    const other = messageData(await ask(discord, resourceCommand('show', { name: 'litesvm' }, { member: plainMember(bob) })));
    expect(other.flags ?? 0).toBe(0);
  });
});
