import type { REST } from '@discordjs/rest';
import { Routes, type APIApplicationCommand, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord-api-types/v10';

type Json = unknown;

/** The parts of a command that matter; Discord's echo adds ids, versions and defaults we ignore. */
function canonicalOption(o: Record<string, Json>): Json {
  return {
    type: o.type,
    name: o.name,
    description: o.description,
    required: o.required ?? false,
    autocomplete: o.autocomplete ?? false,
    max_length: o.max_length ?? null,
    choices: ((o.choices as Record<string, Json>[] | undefined) ?? []).map((c) => ({ name: c.name, value: c.value })),
    options: ((o.options as Record<string, Json>[] | undefined) ?? []).map(canonicalOption),
  };
}

/**
 * A comparable form of a command definition, so an unchanged command is not registered again.
 * Discord keeps install contexts only on global commands, so a guild echo is compared without them.
 */
export function canonicalCommand(c: Record<string, Json>, scope: 'guild' | 'global'): Json {
  const sorted = (v: Json) => (v == null ? null : [...(v as number[])].sort());
  return {
    name: c.name,
    description: c.description,
    type: c.type ?? 1,
    ...(scope === 'global' ? { contexts: sorted(c.contexts), integration_types: sorted(c.integration_types ?? [0]) } : {}),
    options: ((c.options as Record<string, Json>[] | undefined) ?? []).map(canonicalOption),
  };
}

export interface RegistrationResult {
  scope: 'guild' | 'global';
  changed: boolean;
}

/**
 * Registers the command set with a bulk overwrite, but only when what Discord has differs
 * from ours: re-registering on every start would churn the command for every user.
 */
export async function registerCommands(
  rest: REST,
  applicationId: string,
  commands: RESTPostAPIChatInputApplicationCommandsJSONBody[],
  guildId?: string,
  { force = false } = {},
): Promise<RegistrationResult> {
  const route = guildId ? Routes.applicationGuildCommands(applicationId, guildId) : Routes.applicationCommands(applicationId);
  const scope = guildId ? ('guild' as const) : ('global' as const);
  if (!force) {
    const registered = (await rest.get(route)) as APIApplicationCommand[];
    const canonical = (list: readonly unknown[]) => JSON.stringify(list.map((c) => canonicalCommand(c as Record<string, Json>, scope)).sort(byName));
    const want = canonical(commands);
    const have = canonical(registered);
    if (want === have) return { scope, changed: false };
  }
  await rest.put(route, { body: commands });
  return { scope, changed: true };
}

function byName(a: Json, b: Json): number {
  return String((a as { name: string }).name).localeCompare(String((b as { name: string }).name));
}
