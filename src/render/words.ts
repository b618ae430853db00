/**
 * The bot's own words in a reply, in the member's language: kinds as members say them, and
 * commands named so a member can use them (a clickable mention where Discord gave us the id).
 */
import { codeSpanText } from './markdown.js';
import type { Entry, Kind } from '../catalogue/schema.js';
import { DEFAULT_LOCALE, t, type MessageKey, type SupportedLocale } from '../i18n/index.js';

/** Registered command ids by command name (`{ resource: "123…" }`), as registration returns them. */
export type CommandIds = Readonly<Partial<Record<string, string>>>;

/** What a reply needs to speak to a member: their language and the ids that make command names clickable. */
export interface Voice {
  /** The member's language; English when not given (the terminal's default). */
  locale?: SupportedLocale | undefined;
  /** Ids of the registered commands; without them a command is named in plain code. */
  commands?: CommandIds | undefined;
}

/** The subcommands of `/resource` a reply may point to. */
export type Subcommand = 'search' | 'kind' | 'show';

const SNOWFLAKE = /^\d{1,20}$/;

/** The locale a voice speaks. */
export const localeOf = (v: Voice): SupportedLocale => v.locale ?? DEFAULT_LOCALE;

/** The message `key` in the voice's language. */
export function say(v: Voice, key: MessageKey, vars?: Readonly<Record<string, string | number>>): string {
  return t(localeOf(v), key, vars);
}

/** The kind a member browses an entry under: a tabular entry's own kind, a card's `browse` kind (when it has one). */
export function kindOf(entry: Entry): Kind | undefined {
  return entry.form === 'tabular' ? entry.kind : entry.browse;
}

/** A kind in members' words ("Docs", "SDK", "Repo"), in the voice's language. */
export function kindWord(v: Voice, kind: Kind): string {
  return say(v, `kind.${kind}`);
}

/**
 * A subcommand as a member can use it: Discord's clickable mention `</resource kind:ID>` when the
 * command's id is known, else its name in code, as the member's Discord shows it (`/resource kind`).
 */
export function commandRef(v: Voice, sub: Subcommand): string {
  const id = v.commands?.resource;
  // A mention must carry the registered (default) names; Discord shows it in the member's language.
  if (id !== undefined && SNOWFLAKE.test(id))
    return `</${t(DEFAULT_LOCALE, 'command.resource.name')} ${t(DEFAULT_LOCALE, `command.${sub}.name`)}:${id}>`;
  return `\`/${say(v, 'command.resource.name')} ${say(v, `command.${sub}.name`)}\``;
}

/** A subcommand typed out with one option, as an example in the member's language: `/resource search query:python sdk`. */
export function commandExample(v: Voice, sub: Subcommand, option: 'query' | 'name', value: string): string {
  return `\`/${say(v, 'command.resource.name')} ${say(v, `command.${sub}.name`)} ${say(v, `option.${option}.name`)}:${value}\``;
}

/**
 * A subcommand with the value a member would type into it: `</resource show:ID> \`LiteSVM\`` (a
 * mention cannot carry an option, so the value follows it), or `/resource show LiteSVM` in code.
 */
export function commandWith(v: Voice, sub: Subcommand, value: string): string {
  const ref = commandRef(v, sub);
  const text = codeSpanText(value).trim() || '…';
  return ref.startsWith('</') ? `${ref} \`${text}\`` : `${ref.slice(0, -1)} ${text}\``;
}

const monthFormats = new Map<SupportedLocale, Intl.DateTimeFormat>();

/** A month ("2026-11" or a day in it) as the member's language writes it: "Nov 2026", "nov 2026", "2026年11月". */
export function monthIn(v: Voice, date: string): string {
  const [year, month] = date.split('-').map(Number);
  if (!year || !month) return date;
  const locale = localeOf(v);
  let format = monthFormats.get(locale);
  if (!format) monthFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' })));
  return format.format(Date.UTC(year, month - 1, 1));
}
