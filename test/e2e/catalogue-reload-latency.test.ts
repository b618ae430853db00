import type { APIInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';
import { largeCatalogue } from '../helpers/large-catalogue.js';
import { startReadyBot, type BotProcess } from './bot-process.js';
import { ask, DISCORD_DEADLINE_MS, messageData, resourceCommand } from './interactions.js';
import { editMarker, reloadUnderLoad } from './reload-under-load.js';

/**
 * Copies of the shipped catalogue: 20 make ~7,400 entries. The reload's speed at 100 copies is a
 * benchmark figure (npm run bench:reload); this test checks what must hold however busy the machine:
 * every interaction sent during the reload is answered in Discord's window, and the new text is served.
 */
const COPIES = 20;

let discord: DiscordStandIn;
let bot: BotProcess;
let large: ReturnType<typeof largeCatalogue>;

beforeAll(async () => {
  large = largeCatalogue(COPIES);
  discord = await startDiscordStandIn({ callbackDeadlineMs: DISCORD_DEADLINE_MS });
  bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, catalogueDir: large.dir }, 60_000);
}, 90_000);

afterAll(async () => {
  await bot.stop();
  await discord.close();
  large.cleanup();
});

describe(`reloading a catalogue of ${COPIES + 1} times the shipped size`, () => {
  it("answers every interaction sent during the reload within Discord's 3-second window, then serves the new text", async () => {
    expect(large.entries).toBeGreaterThan(7_000);
    const marker = editMarker();
    const figures = await reloadUnderLoad(discord, bot, large.dir, { copies: COPIES, marker });
    console.log(
      `reload of ${large.entries} entries: ${JSON.stringify({ ...figures, warnings: figures.warnings.length, late: figures.late.length })}`,
    );

    expect(figures.during).toBeGreaterThan(5);
    expect(figures.late).toEqual([]);
    expect(figures.warnings).toEqual([]);
    const shown: APIInteraction = resourceCommand('show', { name: 'litesvm-c1' });
    const data = messageData(await ask(discord, shown));
    // A copy's package id is its own (litesvm-c1…), so only the maker is checked on the "by" line.
    expect(data.embeds[0]?.description).toMatch(new RegExp(`^${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n\\nby LiteSVM`));
  }, 150_000);
});
