/**
 * Registering the commands with Discord, only when what Discord holds differs from ours:
 * re-registering on every start would churn the commands for every member.
 */
import type { REST } from '@discordjs/rest';
import { Routes, type RESTPutAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import type { CommandIds } from '../render/words.js';

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
/** Localisation maps compare by content: Discord may return keys in another order, or null for none. */
const localisations = (value: unknown): Json => {
  const entries = Object.entries((value ?? {}) as Json).sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries);
};
const sortedNumbers = (value: unknown): number[] | null => (Array.isArray(value) ? [...(value as number[])].sort((a, b) => a - b) : null);

/** Every attribute Discord stores on an option, with Discord's defaults filled in. */
function canonicalOption(o: Json): Json {
  return {
    type: o.type,
    name: o.name,
    name_localizations: localisations(o.name_localizations),
    description: o.description,
    description_localizations: localisations(o.description_localizations),
    required: o.required ?? false,
    autocomplete: o.autocomplete ?? false,
    min_length: o.min_length ?? null,
    max_length: o.max_length ?? null,
    min_value: o.min_value ?? null,
    max_value: o.max_value ?? null,
    channel_types: sortedNumbers(o.channel_types) ?? [],
    choices: list(o.choices).map((c) => ({ name: c.name, name_localizations: localisations(c.name_localizations), value: c.value })),
    options: list(o.options).map(canonicalOption),
  };
}

/**
 * Every attribute Discord stores on a command, with defaults filled in, so "unchanged" means
 * unchanged in everything a member could notice. Discord keeps install contexts only on global
 * commands, so a guild echo is compared without them.
 */
export function canonicalCommand(c: Json, scope: 'guild' | 'global'): Json {
  return {
    type: c.type ?? 1,
    name: c.name,
    name_localizations: localisations(c.name_localizations),
    description: c.description ?? '',
    description_localizations: localisations(c.description_localizations),
    default_member_permissions: c.default_member_permissions ?? null,
    nsfw: c.nsfw ?? false,
    ...(scope === 'global' ? { contexts: sortedNumbers(c.contexts), integration_types: sortedNumbers(c.integration_types) ?? [0] } : {}),
    options: list(c.options).map(canonicalOption),
  };
}

export interface RegistrationResult {
  scope: 'guild' | 'global';
  changed: boolean;
  /** The registered slash commands' ids by name, so replies can mention them clickably (`</resource kind:ID>`). */
  ids: CommandIds;
}

const CHAT_INPUT = 1;

/** Slash command ids by name, from what Discord answered to the listing or the overwrite. */
export function commandIdsOf(registered: readonly unknown[]): CommandIds {
  const ids: Record<string, string> = {};
  for (const item of registered) {
    const c = (item ?? {}) as Json;
    if ((c.type ?? CHAT_INPUT) === CHAT_INPUT && typeof c.name === 'string' && typeof c.id === 'string') ids[c.name] = c.id;
  }
  return ids;
}

const byTypeAndName = (a: Json, b: Json) => Number(a.type) - Number(b.type) || String(a.name).localeCompare(String(b.name));

/** True when Discord holds exactly `commands` (in any order). */
export function sameCommands(want: readonly unknown[], have: readonly unknown[], scope: 'guild' | 'global'): boolean {
  const canonical = (items: readonly unknown[]) => JSON.stringify(items.map((c) => canonicalCommand(c as Json, scope)).sort(byTypeAndName));
  return canonical(want) === canonical(have);
}

/**
 * Registers the command set with a bulk overwrite, but only when what Discord has differs from
 * ours (compared with full localisation dictionaries) or when forced. Returns the commands' ids
 * either way, from Discord's answer.
 */
export async function registerCommands(
  rest: REST,
  applicationId: string,
  commands: RESTPutAPIApplicationCommandsJSONBody,
  guildId?: string,
  { force = false } = {},
): Promise<RegistrationResult> {
  const route = guildId ? Routes.applicationGuildCommands(applicationId, guildId) : Routes.applicationCommands(applicationId);
  const scope = guildId ? ('guild' as const) : ('global' as const);
  if (!force) {
    const registered = list(await rest.get(route, { query: new URLSearchParams({ with_localizations: 'true' }) }));
    if (sameCommands(commands, registered, scope)) return { scope, changed: false, ids: commandIdsOf(registered) };
  }
  const stored = list(await rest.put(route, { body: commands }));
  return { scope, changed: true, ids: commandIdsOf(stored) };
}
