/**
 * What every command module and every transport agree on: an interaction as the commands see
 * it (whoever received it: the gateway, the HTTP endpoint or the terminal), and what a command
 * answers. Commands do no I/O; transports carry out the answer.
 */
import type { SupportedLocale } from '../src/i18n/index.js';
import type { Choice } from '../src/render/choices.js';
import type { CommandIds } from '../src/render/words.js';
import type { MessagePayload } from '../src/render/payload.js';
import type { ResourceIndex } from '../src/search/index.js';

export type { InteractionPlace } from '../src/render/audience.js';
import type { InteractionPlace } from '../src/render/audience.js';

/** Who is asking, from where, and what they and the bot may do there. */
export interface Caller {
  userId: string;
  /** The member's Discord locale, resolved to one the bot speaks. */
  locale: SupportedLocale;
  place: InteractionPlace;
  guildId?: string | undefined;
  channelId?: string | undefined;
  /** The member's permissions in this channel as Discord computed them; null outside a server. */
  memberPermissions: bigint | null;
  /** The bot's own permissions in this channel; null where Discord does not say. */
  appPermissions: bigint | null;
}

/** An interaction, normalised by a transport. Option values are as received: untrusted, checked by the module. */
export type Incoming =
  | { type: 'command'; command: string; subcommand?: string | undefined; options: Readonly<Record<string, unknown>>; caller: Caller }
  | { type: 'message-command'; command: string; target: { id: string; content: string }; caller: Caller }
  | {
      type: 'autocomplete';
      command: string;
      subcommand?: string | undefined;
      /** The option being typed; undefined when a (forged) payload marks none as focused. */
      focused?: { name: string; value: unknown } | undefined;
      caller: Caller;
    }
  | {
      type: 'component';
      customId: string;
      /** Values chosen in a select menu. */
      values: readonly string[];
      /** The message the component sits on. */
      message: { id: string; private: boolean };
      caller: Caller;
    };

/** An entry a reply lists, with its score when the list is ranked (for the terminal's JSON and for metrics). */
export interface ListedEntry {
  id: string;
  score: number | null;
}

/** What a command answers; the transport carries it out. */
export type Response =
  | {
      type: 'reply'; // a new message (private, or public)
      payload: MessagePayload;
      listed?: readonly ListedEntry[];
      /**
       * A question the catalogue answered with "nothing" or only with its nearest matches: kept (without who asked) for
       * moderators to turn into asks, logged and counted.
       */
      missed?: MissedQuestion;
    }
  | { type: 'update'; payload: MessagePayload } // replace the message the component sits on
  | { type: 'choices'; choices: readonly Choice[] } // autocomplete
  | { type: 'pin' } // pin the message the component sits on
  | { type: 'delete' }; // delete the message the component sits on

/** At most this many missed questions are kept; the least recently asked go first. */
export const MISSED_KEPT = 500;
/** A missed question not asked again for this many days is forgotten. */
export const MISSED_DAYS = 30;

/** A question the catalogue had no answer for, or only its nearest matches; never who asked it. */
export interface MissedQuestion {
  /** The question, normalised (lower case, single spaces, at most 200 characters). */
  query: string;
  answer: 'nothing' | 'nearest';
}

/** A missed question as kept: how often it was asked, and when first and last (milliseconds since the epoch). */
export interface MissedRecord extends MissedQuestion {
  count: number;
  first: number;
  last: number;
}

/** State that must hold across requests (and, with several replicas, across processes). */
export interface SharedState {
  /** Seconds `userId` must wait before sharing again, or 0, in which case this share is recorded. */
  takeShareCooldown(userId: string, now: number): Promise<number>;
  /**
   * The flood guard: 'recent' when `entryId` was posted publicly in `channelId` within the window;
   * otherwise records that it is being posted now and returns 'claimed'. Atomic, so two members
   * asking at once on two replicas post it once. 'off' when the guard is off or unavailable.
   */
  claimPost(channelId: string, entryId: string, now: number): Promise<'recent' | 'claimed' | 'off'>;
  /** Keeps a missed question (bounded in count and age: see MISSED_KEPT and MISSED_DAYS). */
  keepMissed(missed: MissedQuestion, now: number): Promise<void>;
  /** The missed questions kept, most recently asked first. */
  missedQuestions(now: number): Promise<MissedRecord[]>;
}

/** What every handler gets besides its options. */
export interface CommandContext {
  /** The catalogue snapshot for this request: read once, so a reload mid-request changes nothing. */
  index: ResourceIndex;
  caller: Caller;
  state: SharedState;
  /** Milliseconds since the epoch, passed in so tests control time. */
  now: number;
  /** Ids of the registered commands, so replies can name them clickably; absent where none are known (the terminal). */
  commands?: CommandIds | undefined;
  /** Whether missed questions are kept (LEARN_FROM_CHANNEL), for the moderators' list to say so. */
  keepsMissed?: boolean | undefined;
}
