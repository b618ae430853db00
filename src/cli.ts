/**
 * The terminal front-end: answers any /resource command as the bot would, without Discord.
 * Its commands and flags come from the same command modules as the bot's, through the registry.
 */
import 'dotenv/config';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { type OptionDef } from '../commands/options.js';
import { dispatch, messageCommands, slashCommands } from '../commands/registry.js';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { Caller, CommandContext, Incoming, ListedEntry, Response, SharedState } from '../commands/types.js';
import { MalformedInteraction, UserError } from './base/errors.js';
import { runCatalogueCheck } from './catalogue/check.js';
import type { Entry } from './catalogue/schema.js';
import { DEFAULT_LOCALE, resolveLocale, SUPPORTED_LOCALES, t, type MessageKey } from './i18n/index.js';
import type { MessagePayload } from './render/payload.js';
import { renderForTerminal } from './render/terminal.js';
import { CatalogueInvalid, buildIndex, type IndexSource } from './runtime/catalogue-service.js';
import { ConfigError, readConfig } from './runtime/config.js';
import { createLogger } from './runtime/log.js';
import { MemoryState } from './runtime/state.js';

/** The terminal stands in for one member; its id only matters for ownership of buttons. */
const TERMINAL_USER = '0';

class UsageError extends Error {}

const out = (text: string) => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

/** Every subcommand of every slash command in the registry, by its name (names are unique across commands). */
const subcommands = new Map(slashCommands.flatMap((command) => command.subcommands.map((sub) => [sub.name, { command, sub }] as const)));
type Found = NonNullable<ReturnType<typeof subcommands.get>>;
const resource = slashCommands[0];

/** How an option is typed on the command line. */
function flagOf(def: OptionDef): string {
  switch (def.type) {
    case 'boolean':
      return `--${def.name}`;
    case 'user':
      return `--${def.name} USER_ID`;
    case 'integer':
      return `--${def.name} N`;
    case 'string':
      return `--${def.name} ${def.name.toUpperCase()}`;
  }
}

/** The option the words after the command fill: the first required text option. */
const positionalOf = (defs: readonly OptionDef[]) => defs.find((d) => d.required && d.type === 'string');

function usage(): string {
  const lines = ['usage: npm run cli -- <command> [options]', ''];
  for (const { sub } of subcommands.values()) {
    const positional = positionalOf(sub.options);
    const flags = sub.options.filter((d) => d !== positional).map((d) => `[${flagOf(d)}]`);
    const head = [sub.name, positional ? `<${positional.name}…>` : '', ...flags, '[--json]'].filter(Boolean).join(' ');
    lines.push(`  ${head}`, `      ${t(DEFAULT_LOCALE, `command.${sub.name}.description` as MessageKey)}`);
  }
  for (const command of messageCommands)
    lines.push(`  message <text…> [--json]`, `      ${command.name}: what the bot answers for a message's text`);
  lines.push(
    '  suggest <partial> [--json]',
    '      the autocomplete choices for what is typed',
    '  list --json',
    '      every validated entry, normalised, as a JSON array',
    '  check',
    '      validate the catalogue (same as npm run catalogue:check)',
    '',
    '  search -              read one query a line from stdin, print one JSON object a line',
    `  --locale LOCALE       answer as to a member with this Discord locale (${SUPPORTED_LOCALES.join(', ')})`,
    `kinds: ${(subcommands.get('kind')?.sub.options[0] as { choices?: readonly string[] } | undefined)?.choices?.join(', ') ?? ''}`,
    '',
    'missed lists the questions the bot kept (LEARN_FROM_CHANNEL) from the Redis at REDIS_URL, the state replicas share.',
  );
  return lines.join('\n');
}

/** The terminal's member: an operator, so with the moderator's Manage Messages permission. */
function callerFor(locale: string | undefined): Caller {
  return {
    userId: TERMINAL_USER,
    locale: resolveLocale(locale),
    place: 'guild',
    memberPermissions: PermissionFlagsBits.ManageMessages,
    appPermissions: null,
  };
}

/** Command-line values turned into the option values Discord would send, checked like Discord checks them. */
function optionValues(defs: readonly OptionDef[], values: Record<string, unknown>, text: string): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const positional = positionalOf(defs);
  if (positional && text) options[positional.name] = text;
  for (const def of defs) {
    const raw = values[def.name];
    if (raw === undefined || def === positional) continue;
    if (def.type === 'integer') {
      const n = Number(raw);
      if (!Number.isInteger(n) || n < (def.min ?? -Infinity) || n > (def.max ?? Infinity))
        throw new UsageError(
          `--${def.name} must be a whole number${def.min === undefined ? '' : ` from ${def.min}`}, got "${typeof raw === 'string' ? raw : JSON.stringify(raw)}"`,
        );
      options[def.name] = n;
    } else options[def.name] = raw;
  }
  for (const def of defs) {
    if (def.type !== 'string' || !def.choices || typeof options[def.name] !== 'string') continue;
    const given = options[def.name] as string;
    const match = def.choices.find((c) => c.toLowerCase() === given.toLowerCase());
    if (!match) throw new UsageError(`unknown ${def.name} "${given}"`);
    options[def.name] = match;
  }
  return options;
}

function hitJson(entry: Entry, score: number | null) {
  return {
    id: entry.id,
    name: entry.name,
    form: entry.form,
    kind: entry.form === 'tabular' ? entry.kind : null,
    /** Where /resource kind lists it: a row's own kind, a card's browse kind. */
    browse: entry.form === 'tabular' ? entry.kind : (entry.browse ?? null),
    maker: entry.maker ?? null,
    package: entry.package ?? null,
    registry: entry.registry ?? null,
    score,
  };
}

/** The reply and the entries it lists (for a kind, every entry browsed under it), as the JSON output shows them. */
function result(index: IndexSource['current'], query: string, response: Response) {
  const listed = response.type === 'reply' ? response.listed : undefined;
  if (response.type !== 'reply') throw new Error(`expected a reply, got ${response.type}`);
  const hits = listed?.flatMap(({ id, score }: ListedEntry) => {
    const entry = index.get(id);
    return entry ? [hitJson(entry, score)] : [];
  });
  return { query, ...(hits ? { hits } : {}), message: response.payload };
}

function print(json: boolean, value: { query: string; message: MessagePayload }): void {
  if (json) out(JSON.stringify(value, null, 2));
  else out(renderForTerminal(value.message, { color: process.stdout.isTTY }));
}

async function readStdinQueries(run: (query: string) => Promise<unknown>): Promise<void> {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const query = line.trim();
    if (query) out(JSON.stringify(await run(query)));
  }
}

/** The state the terminal reads: the bot's Redis when REDIS_URL names it (for missed questions), else its own memory. */
async function stateFor(command: string): Promise<{ state: SharedState; close: () => Promise<void> }> {
  if (command !== 'missed') return { state: new MemoryState(), close: () => Promise.resolve() };
  const url = readConfig(process.env, 'catalogue-only').REDIS_URL;
  if (url === undefined)
    throw new UserError(
      'missed reads the questions the bot kept from its Redis: set REDIS_URL to it. A bot without Redis keeps them in its own memory: list them in Discord with /resource-admin missed.',
    );
  const { RedisState } = await import('./runtime/redis-state.js');
  const log = createLogger('silent');
  const state = await RedisState.connect(url, log);
  return { state, close: () => state.close() };
}

/** One subcommand, from the command line or one stdin line at a time: through the registry, as the bot runs it. */
async function runSubcommand(ctx: CommandContext, found: Found, text: string, values: Record<string, unknown>): Promise<number> {
  const { command, sub } = found;
  const ask = async (query: string) => {
    const options = optionValues(sub.options, values, query);
    const positional = positionalOf(sub.options);
    const shown = positional && typeof options[positional.name] === 'string' ? (options[positional.name] as string) : query;
    return result(
      ctx.index,
      shown,
      await dispatch({ type: 'command', command: command.name, subcommand: sub.name, options, caller: ctx.caller }, ctx),
    );
  };
  if (sub.name === 'search' && text === '-') await readStdinQueries(ask);
  else print(values.json === true, await ask(text));
  return 0;
}

async function runOther(ctx: CommandContext, command: string, text: string, json: boolean): Promise<number> {
  const run = (incoming: Incoming) => dispatch(incoming, ctx);
  const { caller, index } = ctx;
  switch (command) {
    case 'message': {
      const target = messageCommands[0];
      if (!target) throw new UsageError('no message command is registered');
      print(
        json,
        result(index, text, await run({ type: 'message-command', command: target.name, target: { id: '0', content: text }, caller })),
      );
      return 0;
    }
    case 'suggest': {
      const answer = await run({
        type: 'autocomplete',
        command: resource?.name ?? 'resource',
        subcommand: 'show',
        focused: { name: 'name', value: text },
        caller,
      });
      const choices = answer.type === 'choices' ? answer.choices : [];
      if (json) out(JSON.stringify({ query: text, choices }, null, 2));
      else out(choices.map((c) => `${c.value.padEnd(32)} ${c.name}`).join('\n') || '(no choices)');
      return 0;
    }
    default:
      if (!json) throw new UsageError('list prints JSON: add --json');
      out(JSON.stringify(index.catalogue.entries, null, 2));
      return 0;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given');
  if (command === '--help' || command === '-h' || command === 'help') {
    out(usage());
    return 0;
  }
  const found = subcommands.get(command);
  if (!found && !['message', 'suggest', 'list', 'check'].includes(command)) throw new UsageError(`unknown command "${command}"`);
  const flags: ParseArgsOptionsConfig = { json: { type: 'boolean', default: false }, locale: { type: 'string' } };
  for (const def of found?.sub.options ?? []) flags[def.name] = { type: def.type === 'boolean' ? 'boolean' : 'string' };
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: flags });
  const text = positionals.join(' ').trim();

  const dir = readConfig(process.env, 'catalogue-only').CATALOGUE_DIR;
  if (command === 'check') return runCatalogueCheck(dir, out, err);
  const positional = found && positionalOf(found.sub.options);
  if (!text && (positional || !found) && command !== 'list')
    throw new UsageError(`${command} needs ${found ? `a ${positional?.name ?? 'value'}` : 'some text'}`);

  const { state, close } = await stateFor(command);
  try {
    const caller = callerFor(typeof values.locale === 'string' ? values.locale : undefined);
    const ctx: CommandContext = {
      index: await buildIndex(dir),
      caller,
      state,
      now: Date.now(),
      keepsMissed: state instanceof MemoryState ? undefined : true,
    };
    return found ? await runSubcommand(ctx, found, text, values) : await runOther(ctx, command, text, values.json === true);
  } finally {
    await close();
  }
}

// `npm run cli -- search - | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    err(`${(e as Error).message}\n\n${usage()}`);
    process.exitCode = 2;
  } else if (e instanceof UserError) {
    err(e.message);
    process.exitCode = 2;
  } else if (e instanceof MalformedInteraction) {
    err(`${e.reply || e.message}\n\n${usage()}`);
    process.exitCode = 2;
  } else if (e instanceof CatalogueInvalid) {
    e.lines.forEach((l) => err(l));
    err(`catalogue check failed: ${e.lines.length} problem${e.lines.length === 1 ? '' : 's'}`);
    process.exitCode = 1;
  } else if (e instanceof ConfigError) {
    err(`Cannot run: ${e.message}`);
    process.exitCode = 1;
  } else throw e;
}
