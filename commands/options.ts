/**
 * Options are declared once, as data: the Discord definition (with localisations), the runtime
 * check of what arrives, and the handler's input type are all derived from that declaration.
 */
import { ApplicationCommandOptionType, type APIApplicationCommandBasicOption } from 'discord-api-types/v10';
import { z } from 'zod';
import { DEFAULT_LOCALE, localizations, t, type MessageKey } from '../src/i18n/index.js';

interface OptionBase<N extends string> {
  /** The English option name; its translations come from `option.<name>.name`. */
  readonly name: N;
  readonly required?: boolean;
  /** The description's message key, when not `option.<name>.description`. */
  readonly description?: MessageKey;
}

export interface StringOption<N extends string = string> extends OptionBase<N> {
  readonly type: 'string';
  readonly autocomplete?: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Fixed values, each shown by its message key (`choiceKey(value)`). */
  readonly choices?: readonly string[];
  readonly choiceKey?: (value: string) => MessageKey;
}
export interface BooleanOption<N extends string = string> extends OptionBase<N> {
  readonly type: 'boolean';
}
export interface UserOption<N extends string = string> extends OptionBase<N> {
  readonly type: 'user';
}
export interface IntegerOption<N extends string = string> extends OptionBase<N> {
  readonly type: 'integer';
  readonly min?: number;
  readonly max?: number;
}
export type OptionDef = StringOption | BooleanOption | UserOption | IntegerOption;

/** The value a handler receives for one option. */
type ValueOf<O> = O extends { type: 'string'; choices: readonly (infer V)[] }
  ? V
  : O extends { type: 'string' | 'user' }
    ? string
    : O extends { type: 'boolean' }
      ? boolean
      : O extends { type: 'integer' }
        ? number
        : never;

type Required<Defs extends readonly OptionDef[]> = { [O in Defs[number] as O extends { required: true } ? O['name'] : never]: ValueOf<O> };
type Optional<Defs extends readonly OptionDef[]> = {
  [O in Defs[number] as O extends { required: true } ? never : O['name']]?: ValueOf<O> | undefined;
};

/** The parsed options of a command, derived from its declaration: required ones present, the rest optional. */
export type OptionsOf<Defs extends readonly OptionDef[]> = {
  [K in keyof (Required<Defs> & Optional<Defs>)]: (Required<Defs> & Optional<Defs>)[K];
};

const SNOWFLAKE = /^\d{1,20}$/;

function valueSchema(def: OptionDef): z.ZodType {
  switch (def.type) {
    case 'string':
      // Discord caps typed text, but a forged payload can send anything: the handlers cap what they read.
      return def.choices ? z.enum(def.choices as [string, ...string[]]) : z.string();
    case 'boolean':
      return z.boolean();
    case 'user':
      return z.string().regex(SNOWFLAKE);
    case 'integer':
      return z
        .number()
        .int()
        .min(def.min ?? Number.MIN_SAFE_INTEGER)
        .max(def.max ?? Number.MAX_SAFE_INTEGER);
  }
}

/** The runtime check for options as they arrive: unknown options are dropped, bad ones rejected. */
export function optionsSchema<const Defs extends readonly OptionDef[]>(defs: Defs): z.ZodType<OptionsOf<Defs>> {
  const shape: Record<string, z.ZodType> = {};
  for (const def of defs) shape[def.name] = def.required ? valueSchema(def) : valueSchema(def).optional();
  return z.object(shape) as unknown as z.ZodType<OptionsOf<Defs>>;
}

const OPTION_TYPES = {
  string: ApplicationCommandOptionType.String,
  boolean: ApplicationCommandOptionType.Boolean,
  user: ApplicationCommandOptionType.User,
  integer: ApplicationCommandOptionType.Integer,
} as const;

/** A name and description, in English and every translated locale, as Discord takes them. */
export function localisedText(nameKey: MessageKey, descriptionKey: MessageKey) {
  return {
    name: t(DEFAULT_LOCALE, nameKey),
    name_localizations: localizations(nameKey),
    description: t(DEFAULT_LOCALE, descriptionKey),
    description_localizations: localizations(descriptionKey),
  };
}

/** The Discord definition of one option. */
export function discordOption(def: OptionDef): APIApplicationCommandBasicOption {
  const text = localisedText(`option.${def.name}.name` as MessageKey, def.description ?? (`option.${def.name}.description` as MessageKey));
  const base = { ...text, required: def.required ?? false };
  switch (def.type) {
    case 'string': {
      const lengths = {
        ...(def.minLength === undefined ? {} : { min_length: def.minLength }),
        ...(def.maxLength === undefined ? {} : { max_length: def.maxLength }),
      };
      // Discord takes either autocomplete or fixed choices on a text option, never both.
      if (def.autocomplete) return { ...base, ...lengths, type: OPTION_TYPES.string, autocomplete: true };
      const choices = def.choices?.map((value) => {
        const key = def.choiceKey?.(value);
        return key ? { name: t(DEFAULT_LOCALE, key), name_localizations: localizations(key), value } : { name: value, value };
      });
      return { ...base, ...lengths, type: OPTION_TYPES.string, ...(choices ? { choices } : {}) };
    }
    case 'boolean':
      return { ...base, type: OPTION_TYPES.boolean };
    case 'user':
      return { ...base, type: OPTION_TYPES.user };
    case 'integer':
      return {
        ...base,
        type: OPTION_TYPES.integer,
        ...(def.min === undefined ? {} : { min_value: def.min }),
        ...(def.max === undefined ? {} : { max_value: def.max }),
      };
  }
}
