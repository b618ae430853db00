/**
 * The floor for the burst benchmark: the least a discord.js bot can do for the same traffic.
 * One Client with the Guilds intent; autocomplete answers with a case-insensitive substring
 * match over the catalogue's names, and the search command with a one-embed list of matches.
 * No validation, ranking, logging or registration: whatever our bot spends beyond this is ours.
 *
 * Environment: DISCORD_TOKEN, DISCORD_API_URL (optional), BARE_BOT_NAMES (a JSON file holding
 * an array of names). Compiled by tsconfig.bench.json and run by bench/burst.ts as
 * `node --enable-source-maps dist/bench/bare-bot.js`, the same way as our bot.
 */
import { readFileSync } from 'node:fs';
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';

function fail(line: string): never {
  process.stderr.write(`bare bot: ${line}\n`);
  process.exit(1);
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

const namesFile = process.env.BARE_BOT_NAMES ?? fail('BARE_BOT_NAMES must name a JSON file holding an array of names');
const parsed = JSON.parse(readFileSync(namesFile, 'utf8')) as unknown;
const names = isStringArray(parsed) ? parsed : fail(`${namesFile} must hold a JSON array of strings`);
const lowered = names.map((name) => name.toLowerCase());

/** The first `limit` names containing `typed`, ignoring case, in catalogue order. */
function matching(typed: string, limit: number): string[] {
  const needle = typed.toLowerCase();
  const found: string[] = [];
  for (let i = 0; i < names.length && found.length < limit; i++) {
    if (lowered[i]?.includes(needle)) found.push(names[i] ?? '');
  }
  return found;
}

async function answer(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused();
    await interaction.respond(matching(typed, 25).map((name) => ({ name, value: name })));
  } else if (interaction.isChatInputCommand()) {
    const query = interaction.options.getString('query') ?? '';
    const hits = matching(query, 10);
    const description = hits.length > 0 ? hits.map((name, i) => `${String(i + 1)}. ${name}`).join('\n') : 'Nothing found.';
    await interaction.reply({ embeds: [{ title: `Results for ${query}`.slice(0, 256), description }] });
  }
}

const api = process.env.DISCORD_API_URL;
const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(api ? { rest: { api } } : {}) });
client.on(Events.InteractionCreate, (interaction) => {
  answer(interaction).catch((err: unknown) => {
    process.stderr.write(`bare bot: interaction ${interaction.id} failed: ${String(err)}\n`);
  });
});

const stop = (): void => {
  void client.destroy().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await client.login(process.env.DISCORD_TOKEN ?? fail('DISCORD_TOKEN is not set'));
