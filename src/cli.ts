import 'dotenv/config';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { runSubcommand } from '../commands/resource.js';
import { runCatalogueCheck } from './catalogue/check.js';
import { KINDS, type Entry, type Kind } from './catalogue/schema.js';
import { CatalogueInvalid, buildIndex } from './bot/catalogue-service.js';
import { ConfigError, readConfig } from './config.js';
import { UserError } from './errors.js';
import { PAGE_SIZE } from './render/limits.js';
import type { MessagePayload } from './render/payload.js';
import { renderForTerminal } from './render/terminal.js';
import type { ResourceIndex, SearchHit } from './search/types.js';

const USAGE = `usage: npm run cli -- <command> [options]

  search <query…> [--kind KIND] [--json]   ranked results (use "-" to read one query a line from stdin; prints JSON lines)
  show <id|name|package> [--json]          one resource, as /resource show replies
  kind <KIND> [--page N] [--json]          every entry of a kind, ${PAGE_SIZE} a page
  suggest <partial> [--json]               the autocomplete choices for what is typed
  list --json                              every validated entry, normalised, as a JSON array
  check                                    validate the catalogue (same as npm run catalogue:check)

  --mention USER_ID   suggest the reply to a member     --hide   reply privately
kinds: ${KINDS.join(', ')}`;

/** The terminal stands in for one member; its id only matters for ownership of buttons. */
const TERMINAL_USER = '0';

class UsageError extends Error {}

const out = (text: string) => process.stdout.write(`${text}\n`);
const err = (text: string) => process.stderr.write(`${text}\n`);

function hitJson(entry: Entry, score: number | null) {
  return {
    id: entry.id,
    name: entry.name,
    form: entry.form,
    kind: entry.form === 'tabular' ? entry.kind : null,
    maker: entry.maker ?? null,
    package: entry.package ?? null,
    score,
  };
}

function print(json: boolean, result: { query: string; hits?: ReturnType<typeof hitJson>[]; message: MessagePayload }): void {
  if (json) out(JSON.stringify(result, null, 2));
  else out(renderForTerminal(result.message, { color: Boolean(process.stdout.isTTY) }));
}

function parseKind(text: string | undefined): Kind {
  const kind = text?.toUpperCase();
  if (!kind || !KINDS.includes(kind as Kind)) throw new UsageError(`unknown kind "${text ?? ''}"`);
  return kind as Kind;
}

function searchOnce(index: ResourceIndex, query: string, kind: Kind | undefined, audience: Record<string, unknown>) {
  const hits: SearchHit[] = index.search(query, { ...(kind ? { kind } : {}), limit: PAGE_SIZE });
  const message = runSubcommand('search', { query, ...(kind ? { kind } : {}), ...audience }, { index, userId: TERMINAL_USER });
  return { query, hits: hits.map((h) => hitJson(h.entry, h.score)), message };
}

async function searchStdin(index: ResourceIndex, kind: Kind | undefined): Promise<void> {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const query = line.trim();
    if (query) out(JSON.stringify(searchOnce(index, query, kind, {})));
  }
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      kind: { type: 'string' },
      page: { type: 'string' },
      mention: { type: 'string' },
      hide: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help) return out(USAGE), 0;
  const dir = readConfig(process.env, 'catalogue-only').CATALOGUE_DIR;
  if (command === 'check') return runCatalogueCheck(dir, out, err);
  if (!command || !['search', 'show', 'kind', 'suggest', 'list'].includes(command)) throw new UsageError(command ? `unknown command "${command}"` : 'no command given');

  const text = rest.join(' ').trim();
  const kindFilter = values.kind === undefined ? undefined : parseKind(values.kind);
  const audience = { ...(values.mention ? { mention: values.mention } : {}), ...(values.hide !== undefined ? { hide: values.hide } : {}) };
  if (command !== 'list' && !text) throw new UsageError(`${command} needs ${command === 'kind' ? 'a kind' : 'some text'}`);

  const index = await buildIndex(dir);
  const ctx = { index, userId: TERMINAL_USER };
  switch (command) {
    case 'search':
      if (text === '-') await searchStdin(index, kindFilter);
      else print(values.json, searchOnce(index, text, kindFilter, audience));
      return 0;
    case 'show':
      print(values.json, { query: text, message: runSubcommand('show', { name: text, ...audience }, ctx) });
      return 0;
    case 'kind': {
      const kind = parseKind(text);
      const page = values.page === undefined ? 1 : Number(values.page);
      if (!Number.isInteger(page) || page < 1) throw new UsageError(`--page must be a whole number from 1, got "${values.page}"`);
      const entries = index.byKind(kind).entries.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      const message = runSubcommand('kind', { kind, page: page - 1, ...audience }, ctx);
      print(values.json, { query: kind, hits: entries.map((e) => hitJson(e, null)), message });
      return 0;
    }
    case 'suggest': {
      const choices = index.suggest(text);
      if (values.json) out(JSON.stringify({ query: text, choices }, null, 2));
      else out(choices.map((c) => `${c.value.padEnd(32)} ${c.name}`).join('\n') || '(no choices)');
      return 0;
    }
    case 'list':
      if (!values.json) throw new UsageError('list prints JSON: add --json');
      out(JSON.stringify(index.catalogue.entries, null, 2));
      return 0;
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    err(`${(e as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (e instanceof UserError) {
    err(e.message);
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
