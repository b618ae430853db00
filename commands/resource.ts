import { UserError } from '../src/errors.js';
import type { Audience } from '../src/render/audience.js';
import { renderEntry } from '../src/render/entry.js';
import { renderKindPage, renderNoMatch, renderSearchResults } from '../src/render/lists.js';
import type { MessagePayload } from '../src/render/payload.js';
import { cleanText } from '../src/render/text.js';
import type { ResourceIndex } from '../src/search/types.js';
import { resourceCommand } from './definition.js';
import { subcommandOptions, type KindOptions, type SearchOptions, type ShowOptions, type SubcommandName } from './options.js';

/** What every handler gets besides its options: the index snapshot for this request and who asked. */
export interface CommandContext {
  index: ResourceIndex;
  userId: string;
}

/** How many matches a search counts before saying "100+"; the reply shows the best ten. */
const COUNT_CAP = 100;

/** Search and kind listings are a browsing step, private unless asked otherwise or suggested to someone. */
function audienceFor(opts: { mention?: string | undefined; hide?: boolean | undefined }, userId: string, privateByDefault: boolean): Audience {
  const isPrivate = opts.hide ?? (opts.mention ? false : privateByDefault);
  return { requester: userId, private: isPrivate, mention: opts.mention };
}

function requireText(value: string, what: string, example: string): string {
  const text = cleanText(value).trim();
  if (!text) throw new UserError(`Type ${what} to look for, for example \`${example}\`.`);
  return text;
}

/** `/resource search`: the best ten hits with a menu, or "did you mean" when nothing matches. */
export function search(opts: SearchOptions, ctx: CommandContext): MessagePayload {
  const query = requireText(opts.query, 'a word or two', '/resource search query:python sdk');
  const audience = audienceFor(opts, ctx.userId, true);
  const hits = ctx.index.search(query, { ...(opts.kind ? { kind: opts.kind } : {}), limit: COUNT_CAP });
  if (hits.length === 0) {
    const lookup = ctx.index.lookup(query);
    const candidates = lookup.entry ? [lookup.entry] : lookup.candidates;
    return renderNoMatch(query, candidates, audience, opts.kind);
  }
  return renderSearchResults(query, hits, hits.length, audience, opts.kind);
}

/** `/resource kind`: one page of every entry of a kind, pointing at its near-synonym. */
export function kind(opts: KindOptions, ctx: CommandContext): MessagePayload {
  return renderKindPage(ctx.index.byKind(opts.kind), opts.page ?? 0, audienceFor(opts, ctx.userId, true));
}

/** `/resource show`: one entry, public by default; an unknown name gets suggestions instead. */
export function show(opts: ShowOptions, ctx: CommandContext): MessagePayload {
  const name = requireText(opts.name, 'a name, id or package', '/resource show name:anchor');
  const found = ctx.index.lookup(name);
  if (!found.entry) {
    return renderNoMatch(name, found.candidates, { requester: ctx.userId, private: true });
  }
  const successor = found.entry.successor ? ctx.index.get(found.entry.successor) : undefined;
  return renderEntry(found.entry, audienceFor(opts, ctx.userId, false), successor);
}

/** Subcommands as a map: adding one means adding a schema and a function, nothing else. */
export const handlers = {
  search: { options: subcommandOptions.search, run: search },
  kind: { options: subcommandOptions.kind, run: kind },
  show: { options: subcommandOptions.show, run: show },
} as const;

/** Runs a subcommand from loosely typed options (the bot's or the terminal's), validating them first. */
export function runSubcommand(name: string, rawOptions: Record<string, unknown>, ctx: CommandContext): MessagePayload {
  if (!Object.hasOwn(handlers, name)) throw new UserError(`Unknown subcommand "${name}". Use search, kind or show.`);
  const handler = handlers[name as SubcommandName];
  const parsed = handler.options.safeParse(rawOptions);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UserError(`The option "${issue?.path.join('.') || 'options'}" is not valid: ${issue?.message ?? 'check it and try again'}.`);
  }
  return (handler.run as (o: unknown, c: CommandContext) => MessagePayload)(parsed.data, ctx);
}

/** The command module: its registration data plus its handlers (checked at start by the bot). */
export const resourceModule = { data: resourceCommand, handlers, runSubcommand } as const;
