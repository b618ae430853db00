import type { APIApplicationCommand } from 'discord.js';
import { arrayField, asObject, numberField, stringField, type JsonObject } from './json.js';
import { discordError, ErrorCode, route, type Route, type RouteContext, type RouteRequest, type RouteResponse } from './router.js';
import { snowflake } from './snowflake.js';
import type { CommandScope } from './store.js';
import { world } from './world.js';

const CHAT_INPUT = 1;
const NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Checks a command or option name: chat-input names are lowercase words; menu names are 1-32 characters, spaces allowed. */
function badName(name: unknown, chatInput: boolean): string | undefined {
  if (typeof name !== 'string') return `invalid name ${JSON.stringify(name)}`;
  if (!chatInput) return name.length >= 1 && name.length <= 32 && name.trim() === name ? undefined : `invalid name ${JSON.stringify(name)}`;
  if (!NAME_PATTERN.test(name)) return `invalid name ${JSON.stringify(name)}`;
  if (name !== name.toLowerCase()) return `name "${name}" must be lowercase`;
  return undefined;
}

const LOCALES = new Set([
  'id',
  'en-US',
  'en-GB',
  'bg',
  'zh-CN',
  'zh-TW',
  'hr',
  'cs',
  'da',
  'nl',
  'fi',
  'fr',
  'de',
  'el',
  'hi',
  'hu',
  'it',
  'ja',
  'ko',
  'lt',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'ru',
  'es-ES',
  'es-419',
  'sv-SE',
  'th',
  'tr',
  'uk',
  'vi',
]);

/** Checks a localisation map: known locales only, and (for names) names Discord would accept. */
function badLocalisations(map: unknown, check: (text: unknown) => string | undefined): string | undefined {
  if (map === undefined || map === null) return undefined;
  for (const [locale, text] of Object.entries(map as Record<string, unknown>)) {
    if (!LOCALES.has(locale)) return `unknown locale "${locale}"`;
    const bad = check(text);
    if (bad) return `${locale}: ${bad}`;
  }
  return undefined;
}

/** Checks the rules Discord enforces on a command (or option): name shape, localisations and description length. */
function ruleViolation(item: unknown, chatInput: boolean): string | undefined {
  const name = stringField(item, 'name');
  const nameProblem = badName(name, chatInput) ?? badLocalisations(asObject(item).name_localizations, (n) => badName(n, chatInput));
  if (nameProblem) return nameProblem;
  const descriptionProblem = badLocalisations(asObject(item).description_localizations, (d) =>
    typeof d === 'string' && d.length >= 1 && d.length <= 100 ? undefined : `description must be 1-100 characters`,
  );
  if (descriptionProblem) return descriptionProblem;
  const description = stringField(item, 'description') ?? '';
  if (chatInput && (description.length < 1 || description.length > 100)) {
    return `description of "${name}" must be 1-100 characters`;
  }
  const options = arrayField(item, 'options') ?? [];
  if (options.length > 25) return `"${name}" has more than 25 options`;
  const choices = arrayField(item, 'choices') ?? [];
  if (choices.length > 25) return `"${name}" has more than 25 choices`;
  for (const option of options) {
    const violation = ruleViolation(option, true);
    if (violation) return violation;
  }
  return undefined;
}

function comparable(item: JsonObject): string {
  const { id: _id, version: _version, application_id: _app, guild_id: _guild, ...rest } = item;
  return JSON.stringify(rest);
}

/** Echoes a command the way Discord stores it, keeping id and version when nothing changed. */
function storedCommand(item: JsonObject, scope: CommandScope, existing: APIApplicationCommand[]): APIApplicationCommand {
  const type = numberField(item, 'type') ?? CHAT_INPUT;
  const previous = existing.find((command) => command.name === item.name && command.type === type);
  const body: JsonObject = {
    type,
    name: item.name,
    description: item.description ?? '',
    default_member_permissions: item.default_member_permissions ?? null,
    nsfw: item.nsfw ?? false,
    ...(item.options === undefined ? {} : { options: item.options }),
    ...(item.name_localizations === undefined ? {} : { name_localizations: item.name_localizations }),
    ...(item.description_localizations === undefined ? {} : { description_localizations: item.description_localizations }),
    ...(scope === null ? { integration_types: item.integration_types ?? [0], contexts: item.contexts ?? null } : {}),
  };
  const unchanged = previous !== undefined && comparable(previous as unknown as JsonObject) === comparable(body);
  return {
    ...body,
    id: previous?.id ?? snowflake(),
    application_id: world.application.id,
    version: unchanged ? previous.version : snowflake(),
    ...(scope === null ? {} : { guild_id: scope }),
  } as unknown as APIApplicationCommand;
}

/** A copy without name_localizations and description_localizations, at every depth. */
function withoutLocalisations<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutLocalisations) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key !== 'name_localizations' && key !== 'description_localizations') out[key] = withoutLocalisations(inner);
  }
  return out as T;
}

function checkScope(request: RouteRequest): RouteResponse | undefined {
  if (request.params.app !== world.application.id) return discordError(403, 'Missing Access', ErrorCode.MissingAccess);
  const guild = request.params.guild;
  if (guild !== undefined && guild !== world.guild.id) return discordError(403, 'Missing Access', ErrorCode.MissingAccess);
  return undefined;
}

function scopeOf(request: RouteRequest): CommandScope {
  return request.params.guild ?? null;
}

/** Bulk overwrite and listing of global and guild commands, kept in memory per scope. */
export function commandRoutes({ store }: RouteContext): Route[] {
  // Like Discord, full localisation dictionaries only when asked for with `with_localizations=true`.
  const list = (request: RouteRequest): RouteResponse =>
    checkScope(request) ?? {
      status: 200,
      body:
        request.query.get('with_localizations') === 'true'
          ? store.commands(scopeOf(request))
          : withoutLocalisations(store.commands(scopeOf(request))),
    };

  const overwrite = (request: RouteRequest): RouteResponse => {
    const denied = checkScope(request);
    if (denied) return denied;
    if (!Array.isArray(request.body)) return discordError(400, 'Invalid Form Body', ErrorCode.InvalidFormBody);
    if (request.body.length > 100) return discordError(400, 'Invalid Form Body: more than 100 commands', ErrorCode.InvalidFormBody);
    const errors: JsonObject = {};
    request.body.forEach((item, index) => {
      const violation = ruleViolation(item, (numberField(item, 'type') ?? CHAT_INPUT) === CHAT_INPUT);
      if (violation) errors[String(index)] = { _errors: [{ code: 'INVALID_COMMAND', message: violation }] };
    });
    if (Object.keys(errors).length > 0) {
      return { status: 400, body: { message: 'Invalid Form Body', code: ErrorCode.InvalidFormBody, errors } };
    }
    const scope = scopeOf(request);
    const existing = store.commands(scope);
    const commands = request.body.map((item) => storedCommand(asObject(item), scope, existing));
    store.setCommands(scope, commands);
    return { status: 200, body: commands };
  };

  return [
    route('GET', '/applications/:app/commands', list),
    route('PUT', '/applications/:app/commands', overwrite),
    route('GET', '/applications/:app/guilds/:guild/commands', list),
    route('PUT', '/applications/:app/guilds/:guild/commands', overwrite),
  ];
}

/** Builds stored commands from definitions (as a PUT would), for seeding the stand-in before a test. */
export function seedableCommands(definitions: readonly unknown[], scope: CommandScope): APIApplicationCommand[] {
  return definitions.map((item) => storedCommand(asObject(item), scope, []));
}
