import { REST } from '@discordjs/rest';
import type { RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/registry.js';
import { registerCommands } from '../../src/runtime/registration.js';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';

let discord: DiscordStandIn;
let rest: REST;
beforeAll(async () => {
  discord = await startDiscordStandIn();
  rest = new REST({ api: discord.apiUrl }).setToken('MTAx.fake.token');
});
// A failed beforeAll leaves `discord` unassigned.
afterAll(async () => (discord as DiscordStandIn | undefined)?.close());

const puts = (route: string) => discord.rest.findRequests({ method: 'PUT', route }).length;
/** A deep copy of our definitions as loose JSON, to change one attribute at a time. */
type Loose = Record<string, unknown> & { options: Loose[]; choices: Loose[] };
const definitions = (): Loose[] => JSON.parse(JSON.stringify(commandDefinitions())) as Loose[];
const first = (d: Loose[]) => d[0]!;
const search = (d: Loose[]) => first(d).options[0]!;
const query = (d: Loose[]) => search(d).options[0]!;
const kindChoice = (d: Loose[]) => search(d).options[1]!.choices[0]!;
const page = (d: Loose[]) => first(d).options[1]!.options[1]!;

describe('command registration', () => {
  it('registers when nothing is registered, and not again when the definition is unchanged', async () => {
    const route = '/applications/:app/guilds/:guild/commands';
    const registered = await registerCommands(rest, world.application.id, commandDefinitions(), world.guild.id);
    expect(registered).toMatchObject({ scope: 'guild', changed: true });
    expect(puts(route)).toBe(1);
    const again = await registerCommands(rest, world.application.id, commandDefinitions(), world.guild.id);
    expect(again).toMatchObject({ scope: 'guild', changed: false });
    expect(puts(route)).toBe(1);
    // Either way the answer carries the command's id, as Discord stored it, for clickable mentions.
    const id = (name: string) => discord.rest.commands(world.guild.id).find((c) => c.name === name)?.id;
    expect(id('resource')).toMatch(/^\d+$/);
    expect(id('resource-admin')).toMatch(/^\d+$/);
    expect(registered.ids).toEqual({ resource: id('resource'), 'resource-admin': id('resource-admin') });
    expect(again.ids).toEqual(registered.ids);
  });

  it('registers again when the definition changed', async () => {
    const changed = definitions();
    first(changed).description = 'Something else entirely';
    expect(
      (await registerCommands(rest, world.application.id, changed as unknown as RESTPutAPIApplicationCommandsJSONBody, world.guild.id))
        .changed,
    ).toBe(true);
    expect(discord.rest.commands(world.guild.id)[0]?.description).toBe('Something else entirely');
  });

  it('registers globally without a server id, and always when forced', async () => {
    expect(await registerCommands(rest, world.application.id, commandDefinitions())).toMatchObject({ scope: 'global', changed: true });
    expect(await registerCommands(rest, world.application.id, commandDefinitions(), undefined, { force: true })).toMatchObject({
      scope: 'global',
      changed: true,
    });
    expect(puts('/applications/:app/commands')).toBe(2);
  });

  // Every attribute Discord stores, changed one at a time: each must cause a new registration.
  const changes: [string, (d: Loose[]) => void][] = [
    ['the command description', (d) => (first(d).description = 'Other words')],
    ['a command name localisation', (d) => (first(d).name_localizations = { ...(first(d).name_localizations as object), de: 'ressource' })],
    ['a command description localisation', (d) => (first(d).description_localizations = { de: 'Ressourcen finden' })],
    ['default_member_permissions', (d) => (first(d).default_member_permissions = '8192')],
    ['nsfw', (d) => (first(d).nsfw = true)],
    ['contexts', (d) => (first(d).contexts = [0])],
    ['integration_types', (d) => (first(d).integration_types = [1])],
    ['a subcommand description', (d) => (search(d).description = 'Look things up')],
    ['a subcommand name localisation', (d) => (search(d).name_localizations = { de: 'suchen' })],
    ['an option description', (d) => (query(d).description = 'Words to look for')],
    ['an option description localisation', (d) => (query(d).description_localizations = { de: 'Suchbegriffe' })],
    ['an option min_length', (d) => (query(d).min_length = 2)],
    ['an option max_length', (d) => (query(d).max_length = 90)],
    ['whether an option is required', (d) => (query(d).required = false)],
    ['whether an option autocompletes', (d) => (query(d).autocomplete = false)],
    ['an option channel_types', (d) => (query(d).channel_types = [0])],
    ['a choice name', (d) => (kindChoice(d).name = 'Guides')],
    ['a choice name localisation', (d) => (kindChoice(d).name_localizations = { de: 'Doku' })],
    ['an integer min_value', (d) => (page(d).min_value = 2)],
    ['an integer max_value', (d) => (page(d).max_value = 50)],
    ['a new option', (d) => search(d).options.push({ type: 5, name: 'exact', description: 'Only exact names' } as unknown as Loose)],
    ['a new command', (d) => d.push({ type: 3, name: 'Save resource', description: '' } as unknown as Loose)],
  ];

  it.each(changes)('registers again when %s changes (global scope)', async (_what, change) => {
    await registerCommands(rest, world.application.id, commandDefinitions(), undefined, { force: true });
    const changed = definitions();
    change(changed);
    expect((await registerCommands(rest, world.application.id, changed as unknown as RESTPutAPIApplicationCommandsJSONBody)).changed).toBe(
      true,
    );
    expect((await registerCommands(rest, world.application.id, changed as unknown as RESTPutAPIApplicationCommandsJSONBody)).changed).toBe(
      false,
    );
  });

  it('asks Discord for full localisation dictionaries, so unchanged translations are not re-registered', async () => {
    await registerCommands(rest, world.application.id, commandDefinitions(), undefined, { force: true });
    const gets = discord.rest.findRequests({ method: 'GET', route: '/applications/:app/commands' });
    expect(await registerCommands(rest, world.application.id, commandDefinitions())).toMatchObject({ scope: 'global', changed: false });
    const last = discord.rest.findRequests({ method: 'GET', route: '/applications/:app/commands' }).slice(gets.length);
    expect(last.map((r) => r.query.with_localizations)).toEqual(['true']);
  });
});
