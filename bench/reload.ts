/**
 * Reload benchmark: the bot serving a catalogue `--copies` times the shipped size (100 by default,
 * ~35,000 entries) reloads it after an edit while interactions keep arriving every 25 ms. Prints
 * how long the reload took and how late the answers meanwhile were, with and without another
 * process keeping one core busy. Run with `npm run bench:reload [-- --copies 100 --busy both|on|off]`.
 */
import { parseArgs } from 'node:util';
import { largeCatalogue } from '../test/helpers/large-catalogue.js';
import { startReadyBot } from '../test/e2e/bot-process.js';
import { busyCore, editMarker, reloadUnderLoad, type ReloadFigures } from '../test/e2e/reload-under-load.js';
import { startDiscordStandIn, world } from '../test/support/discord/index.js';

const { values } = parseArgs({ options: { copies: { type: 'string', default: '100' }, busy: { type: 'string', default: 'both' } } });
const copies = Number(values.copies);
if (!Number.isInteger(copies) || copies < 1) {
  process.stderr.write(`--copies must be a whole number of at least 1, got "${values.copies}"\n`);
  process.exit(2);
}
const modes = { both: [false, true], on: [true], off: [false] }[values.busy];
if (!modes) {
  process.stderr.write(`--busy must be both, on or off, got "${values.busy}"\n`);
  process.exit(2);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const large = largeCatalogue(copies);
say(`catalogue: ${large.entries} entries, ${(large.bytes / 2 ** 20).toFixed(1)} MB (${copies} copies of the shipped one)`);

async function once(busy: boolean): Promise<ReloadFigures> {
  const discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });
  const stopBusy = busy ? busyCore() : undefined;
  try {
    const bot = await startReadyBot({ apiUrl: discord.apiUrl, guildId: world.guild.id, catalogueDir: large.dir }, 180_000);
    try {
      return await reloadUnderLoad(discord, bot, large.dir, { copies, marker: editMarker(), timeoutMs: 180_000 });
    } finally {
      await bot.stop();
    }
  } finally {
    stopBusy?.();
    await discord.close();
  }
}

try {
  say('busy core | reload (edit to live) | load (worker) | index (main, in turns) | answers during reload: n, p50, p99, max | late');
  for (const busy of modes) {
    const f = await once(busy);
    const ms = (n: number) => `${Math.round(n)} ms`;
    say(
      `${busy ? 'yes' : 'no '}       | ${ms(f.reloadMs)} | ${ms(f.loadMs)} | ${ms(f.indexMs)} | ${f.during}, ${ms(f.p50)}, ${ms(f.p99)}, ${ms(f.max)} | ${f.late.length}`,
    );
    if (f.late.length || f.warnings.length) process.exitCode = 1;
  }
} finally {
  large.cleanup();
}
