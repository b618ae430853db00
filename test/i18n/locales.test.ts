import { describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../commands/registry.js';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, TRANSLATIONS, t, type MessageKey, type SupportedLocale } from '../../src/i18n/index.js';

type Message = string | Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;
const messages = (locale: SupportedLocale): Readonly<Record<string, Message>> => TRANSLATIONS[locale];
const english = messages(DEFAULT_LOCALE);
const keys = Object.keys(english) as MessageKey[];
const others = SUPPORTED_LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/** Every `{placeholder}` a message uses, over all its plural forms. */
function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')))].sort();
}

/** Discord's rule for command, option and subcommand names in every locale. */
const DISCORD_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Named {
  where: string;
  name: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  description: string;
  choices: { name: string; names: Record<string, string> }[];
}

/** A command or option as the registration body carries it (JSON, localisation maps optional). */
interface Definition {
  type?: number;
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  options?: Definition[];
  choices?: { name: string; name_localizations?: Record<string, string> | null }[];
}

/** Every slash command and option of the registered definitions, flattened with where it sits. */
function namedThings(): Named[] {
  const out: Named[] = [];
  const visit = (d: Definition, where: string) => {
    out.push({
      where: `${where} ${d.name}`.trim(),
      name: d.name,
      names: d.name_localizations ?? {},
      description: d.description ?? '',
      descriptions: d.description_localizations ?? {},
      choices: (d.choices ?? []).map((c) => ({ name: c.name, names: c.name_localizations ?? {} })),
    });
    for (const inner of d.options ?? []) visit(inner, `${where} ${d.name}`);
  };
  // Message commands have no description and other name rules; the slash command is what members type.
  for (const command of commandDefinitions() as unknown as Definition[]) if ((command.type ?? 1) === 1) visit(command, '/');
  return out;
}

describe('the translations', () => {
  it.each(others)('%s has every English key, with the same placeholders, and nothing else', (locale) => {
    const own = messages(locale);
    expect(Object.keys(own).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(placeholders(own[key] ?? ''), `${locale} ${key}`).toEqual(placeholders(english[key] ?? ''));
      expect(typeof own[key], `${locale} ${key}: plural in English, so plural here`).toBe(typeof english[key]);
    }
  });

  it.each(SUPPORTED_LOCALES)("%s gives a plural message exactly the forms its language's plural rules use", (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
    for (const [key, message] of Object.entries(messages(locale))) {
      if (typeof message === 'string') continue;
      expect(Object.keys(message).sort(), `${locale} ${key}`).toEqual(categories);
      for (const form of Object.values(message)) expect(form.trim().length, `${locale} ${key}`).toBeGreaterThan(0);
    }
  });

  it('picks the plural form by count in each language', () => {
    expect(t('ru', 'kind.title', { kind: 'SDK', count: 1 })).toBe('SDK · 1 ресурс');
    expect(t('ru', 'kind.title', { kind: 'SDK', count: 3 })).toBe('SDK · 3 ресурса');
    expect(t('ru', 'kind.title', { kind: 'SDK', count: 28 })).toBe('SDK · 28 ресурсов');
    expect(t('es-ES', 'kind.title', { kind: 'SDK', count: 1 })).toBe('SDK · 1 recurso');
    expect(t('en-US', 'error.share-wait', { count: 1 })).toMatch(/in 1 second\.$/);
    expect(t('ja', 'kind.title', { kind: 'SDK', count: 28 })).toBe('SDK · 28 件');
  });

  it('writes no empty message and keeps the same emoji and markdown as the English', () => {
    for (const locale of SUPPORTED_LOCALES) {
      for (const key of keys) {
        const own = messages(locale)[key] ?? '';
        const texts = typeof own === 'string' ? [own] : Object.values(own);
        for (const text of texts) expect(text.trim(), `${locale} ${key}`).not.toBe('');
        const marks = (m: Message) => (typeof m === 'string' ? m : (m.other ?? '')).match(/\*\*|[⚠🧪📌🔎◀▶]/gu)?.length ?? 0;
        expect(marks(own), `${locale} ${key}`).toBe(marks(english[key] ?? ''));
      }
    }
  });

  it('uses no word of the data model in English ("card", "tabular", "entry", "id:")', () => {
    for (const key of keys) {
      const message = english[key] ?? '';
      for (const text of typeof message === 'string' ? [message] : Object.values(message))
        expect(text, key).not.toMatch(/\b(cards?|tabular|entry|entries|id:)/i);
    }
  });
});

describe('the registered command, localised', () => {
  const things = namedThings();

  it('carries names and descriptions in at least nine other locales, on the command and every option', () => {
    for (const thing of things) {
      expect(Object.keys(thing.names).length, thing.where).toBeGreaterThanOrEqual(9);
      expect(Object.keys(thing.descriptions).length, thing.where).toBeGreaterThanOrEqual(9);
      for (const choice of thing.choices)
        expect(Object.keys(choice.names).length, `${thing.where} ${choice.name}`).toBeGreaterThanOrEqual(9);
    }
  });

  it('has only names Discord accepts: lowercase, no spaces, 1-32 characters; descriptions and choices of 1-100', () => {
    for (const thing of things) {
      for (const [locale, name] of [['en-US', thing.name], ...Object.entries(thing.names)] as [string, string][]) {
        expect(name, `${thing.where} in ${locale}`).toMatch(DISCORD_NAME);
        expect(name, `${thing.where} in ${locale}`).toBe(name.toLowerCase());
        expect(name, `${thing.where} in ${locale}: composed characters`).toBe(name.normalize('NFC'));
      }
      for (const [locale, text] of [['en-US', thing.description], ...Object.entries(thing.descriptions)] as [string, string][])
        expect(text.length, `${thing.where} description in ${locale}`).toBeGreaterThanOrEqual(1);
      for (const [locale, text] of [['en-US', thing.description], ...Object.entries(thing.descriptions)] as [string, string][])
        expect(text.length, `${thing.where} description in ${locale}`).toBeLessThanOrEqual(100);
      for (const choice of thing.choices)
        for (const name of [choice.name, ...Object.values(choice.names)]) {
          expect(name.length).toBeGreaterThanOrEqual(1);
          expect(name.length).toBeLessThanOrEqual(100);
        }
    }
  });

  it('keeps sibling names distinct in every language, so Discord can tell the options apart', () => {
    const siblings = new Map<string, Named[]>();
    for (const thing of things) {
      const parent = thing.where.slice(0, thing.where.lastIndexOf(' ')) || '/';
      siblings.set(parent, [...(siblings.get(parent) ?? []), thing]);
    }
    for (const locale of SUPPORTED_LOCALES) {
      for (const [parent, group] of siblings) {
        const names = group.map((g) => (locale === DEFAULT_LOCALE ? g.name : (g.names[locale] ?? g.name)));
        expect(new Set(names).size, `${parent} in ${locale}: ${names.join(', ')}`).toBe(names.length);
      }
      for (const thing of things) {
        const names = thing.choices.map((c) => (locale === DEFAULT_LOCALE ? c.name : (c.names[locale] ?? c.name)));
        expect(new Set(names).size, `${thing.where} choices in ${locale}`).toBe(names.length);
      }
    }
  });
});
