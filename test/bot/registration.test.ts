import { REST } from '@discordjs/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceCommand } from '../../commands/definition.js';
import { registerCommands } from '../../src/bot/registration.js';
import { startDiscordStandIn, world, type DiscordStandIn } from '../support/discord/index.js';

let discord: DiscordStandIn;
let rest: REST;
beforeAll(async () => {
  discord = await startDiscordStandIn();
  rest = new REST({ api: discord.apiUrl }).setToken('MTAx.fake.token');
});
afterAll(async () => discord?.close());

const puts = (route: string) => discord.rest.findRequests({ method: 'PUT', route }).length;

describe('command registration', () => {
  it('registers when nothing is registered, and not again when the definition is unchanged', async () => {
    const route = '/applications/:app/guilds/:guild/commands';
    expect(await registerCommands(rest, world.application.id, [resourceCommand], world.guild.id)).toEqual({ scope: 'guild', changed: true });
    expect(puts(route)).toBe(1);
    expect(await registerCommands(rest, world.application.id, [resourceCommand], world.guild.id)).toEqual({ scope: 'guild', changed: false });
    expect(puts(route)).toBe(1);
  });

  it('registers again when the definition changed', async () => {
    const changed = { ...resourceCommand, description: 'Something else entirely' };
    expect((await registerCommands(rest, world.application.id, [changed], world.guild.id)).changed).toBe(true);
    expect(discord.rest.commands(world.guild.id)[0]?.description).toBe('Something else entirely');
  });

  it('registers globally without a server id, and always when forced', async () => {
    expect(await registerCommands(rest, world.application.id, [resourceCommand])).toEqual({ scope: 'global', changed: true });
    expect(await registerCommands(rest, world.application.id, [resourceCommand], undefined, { force: true })).toEqual({ scope: 'global', changed: true });
    expect(puts('/applications/:app/commands')).toBe(2);
  });
});
