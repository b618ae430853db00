/**
 * The terminal front-end: answers any /resource command as the bot would, without Discord.
 * Its commands and flags come from the same command modules as the bot's, through the registry.
 */
import 'dotenv/config';
import { createInterface } from 'node:readline';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { type OptionDef } from '../commands/options.js';
import { dispatch, messageCommands, slashCommands } from '../commands/registry.js';
import type { Caller, CommandContext, Incoming, ListedEntry, Response } from '../commands/types.js';
import { MalformedInteraction, UserError } from './base/errors.js';
import { runCatalogueCheck } from './catalogue/check.js';
import type { Entry, Kind } from './catalogue/schema.js';
import { DEFAULT_LOCALE, resolveLocale, SUPPORTED_LOCALES, t, type MessageKey } from './i18n/index.js';
import type { MessagePayload } from './render/payload.js';
import { renderForTerminal } from './render/terminal.js';
import { CatalogueInvalid, buildIndex } from './runtime/catalogue-service.js';
import { ConfigError, readConfig } from './runtime/config.js';
import { MemoryState } from './runtime/state.js';
import type { ResourceIndex } from './search/index.js';

/** The terminal stands in for one member; its id only matters for ownership of buttons. */
const TERMINAL_USER = '0';

class UsageError extends Error {}

const out = (text: string) => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

const resource = (() => {
  const found = slashCommands.find((c) => c.name === 'resource');
  if (!found) throw new Error('the registry has no /resource command');
  return found;
})();
const subcommands = new Map(resource.subcommands.map((s) => [s.name, s]));

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
  for (const sub of resource.subcommands) {
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
    `kinds: ${(resource.subcommands.find((s) => s.name === 'kind')?.options[0] as { choices?: readonly string[] } | undefined)?.choices?.join(', ') ?? ''}`,
  );
  return lines.join('\n');
}

function callerFor(locale: string | undefined): Caller {
  return { userId: TERMINAL_USER, locale: resolveLocale(locale), place: 'guild', memberPermissions: null, appPermissions: null };
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

/** The reply and the entries it lists, as the JSON output shows them. */
function result(index: ResourceIndex, query: string, response: Response, listed = response.type === 'reply' ? response.listed : undefined) {
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

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('no command given');
  if (command === '--help' || command === '-h' || command === 'help') {
    out(usage());
    return 0;
  }
  const sub = subcommands.get(command);
  const known = new Set([...subcommands.keys(), 'message', 'suggest', 'list', 'check']);
  if (!known.has(command)) throw new UsageError(`unknown command "${command}"`);
  const flags: ParseArgsOptionsConfig = { json: { type: 'boolean', default: false }, locale: { type: 'string' } };
  for (const def of sub?.options ?? []) flags[def.name] = { type: def.type === 'boolean' ? 'boolean' : 'string' };
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: flags });
  const json = values.json === true;
  const text = positionals.join(' ').trim();

  const dir = readConfig(process.env, 'catalogue-only').CATALOGUE_DIR;
  if (command === 'check') return runCatalogueCheck(dir, out, err);
  if (command !== 'list' && !text)
    throw new UsageError(`${command} needs ${sub ? `a ${positionalOf(sub.options)?.name ?? 'value'}` : 'some text'}`);

  const index = await buildIndex(dir);
  const caller = callerFor(typeof values.locale === 'string' ? values.locale : undefined);
  const ctx: CommandContext = { index, caller, state: new MemoryState(), now: Date.now() };
  const run = (incoming: Incoming) => dispatch(incoming, ctx);

  if (sub) {
    const ask = async (query: string, extra: Record<string, unknown>) => {
      const options = optionValues(sub.options, extra, query);
      const positional = positionalOf(sub.options);
      const shown = positional && typeof options[positional.name] === 'string' ? (options[positional.name] as string) : query;
      const response = await run({ type: 'command', command: resource.name, subcommand: sub.name, options, caller });
      // A kind's JSON names every entry browsed under it; the message is the one page asked for.
      const whole = sub.name === 'kind' ? index.byKind(shown as Kind).entries.map((e) => ({ id: e.id, score: null })) : undefined;
      return result(index, shown, response, whole);
    };
    if (sub.name === 'search' && text === '-') {
      await readStdinQueries((query) => ask(query, values));
      return 0;
    }
    print(json, await ask(text, values));
    return 0;
  }
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
        command: resource.name,
        subcommand: 'show',
        focused: { name: 'name', value: text },
        caller,
      });
      const choices = answer.type === 'choices' ? answer.choices : [];
      if (json) out(JSON.stringify({ query: text, choices }, null, 2));
      else out(choices.map((c) => `${c.value.padEnd(32)} ${c.name}`).join('\n') || '(no choices)');
      return 0;
    }
    case 'list':
      if (!json) throw new UsageError('list prints JSON: add --json');
      out(JSON.stringify(index.catalogue.entries, null, 2));
      return 0;
  }
  return 0;
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
