/**
 * Translations of the bot's own words (command names and descriptions, reply headings, buttons,
 * errors). They live in data files, one per locale (`locales/*.json`), keyed by message; the
 * catalogue's content is never translated. A missing key falls back to English.
 */
import type { Locale } from 'discord-api-types/v10';

/** A Discord locale code such as "es-ES". */
type LocaleCode = `${Locale}`;
import en from './locales/en-US.json' with { type: 'json' };
import es from './locales/es-ES.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import pt from './locales/pt-BR.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import tr from './locales/tr.json' with { type: 'json' };
import vi from './locales/vi.json' with { type: 'json' };
import zh from './locales/zh-CN.json' with { type: 'json' };

/** A message: plain text, or plural forms chosen by a `count` (keys are Intl.PluralRules categories). */
type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
type Messages = Readonly<Record<string, Message>>;

/** Every key the bot uses; English is the reference every other locale is checked against. */
export type MessageKey = keyof typeof en;

/** The locales with a translation, by Discord's locale code. */
export const TRANSLATIONS = {
  'en-US': en,
  'es-ES': es,
  'pt-BR': pt,
  'zh-CN': zh,
  ja,
  ko,
  vi,
  tr,
  ru,
  fr,
} as const satisfies Partial<Record<LocaleCode, Messages>>;

export type SupportedLocale = keyof typeof TRANSLATIONS;
export const SUPPORTED_LOCALES = Object.keys(TRANSLATIONS) as SupportedLocale[];
export const DEFAULT_LOCALE: SupportedLocale = 'en-US';

/** Discord locales read as a close supported one (Latin American Spanish as Spanish, British English as English). */
const CLOSE_LOCALES: Readonly<Record<string, SupportedLocale>> = { 'es-419': 'es-ES', 'en-GB': 'en-US' };

/** The supported locale to answer a member in: theirs when translated, a close one, else English. */
export function resolveLocale(locale: unknown): SupportedLocale {
  if (typeof locale !== 'string') return DEFAULT_LOCALE;
  if (Object.hasOwn(TRANSLATIONS, locale)) return locale as SupportedLocale;
  return CLOSE_LOCALES[locale] ?? DEFAULT_LOCALE;
}

const pluralRules = new Map<SupportedLocale, Intl.PluralRules>();
function pluralOf(locale: SupportedLocale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

function lookup(locale: SupportedLocale, key: MessageKey): Message | undefined {
  const messages: Messages = TRANSLATIONS[locale];
  return Object.hasOwn(messages, key) ? messages[key] : undefined;
}

/**
 * The message `key` in `locale` (English when that locale lacks it), with `{name}` placeholders
 * filled from `vars`; a plural message picks its form by `vars.count`.
 */
export function t(locale: SupportedLocale, key: MessageKey, vars: Readonly<Record<string, string | number>> = {}): string {
  const message = lookup(locale, key) ?? lookup(DEFAULT_LOCALE, key) ?? key;
  let text: string;
  if (typeof message === 'string') text = message;
  else {
    const count = typeof vars.count === 'number' ? vars.count : 0;
    const own = lookup(locale, key);
    const forms = typeof own === 'object' ? own : message;
    text = forms[pluralOf(own === undefined ? DEFAULT_LOCALE : locale, count)] ?? forms.other ?? key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : whole));
}

/** Items joined as `locale` writes a list: "a, b and c", "a、b、c", "a, b и c". */
export function listOf(locale: SupportedLocale, items: readonly string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** Discord's `*_localizations` map for `key`: every translated locale but English, which is the default text. */
export function localizations(key: MessageKey): Partial<Record<LocaleCode, string>> {
  const out: Partial<Record<LocaleCode, string>> = {};
  for (const locale of SUPPORTED_LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const message = lookup(locale, key);
    if (typeof message === 'string') out[locale] = message;
  }
  return out;
}
