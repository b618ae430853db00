import type { APIApplicationCommand, APIChannel, APIInteraction } from 'discord.js';
import type { StoredMessage } from './messages.js';
import { world } from './world.js';

/** What the stand-in remembers about an interaction it delivered over the gateway. */
export interface InteractionRecord {
  payload: APIInteraction;
  deliveredAt: number;
  /** The callback type that acknowledged it, once one did. */
  callbackType?: number;
  /** The message `@original` points at: the reply, or the message a component sits on. */
  originalMessageId?: string;
  followUpIds: string[];
}

/** Command scope: `null` for global commands, otherwise the guild id. */
export type CommandScope = string | null;

/**
 * The shared memory of the stand-in: messages, channels, registered commands and
 * delivered interactions. The gateway writes interactions, REST routes read them.
 */
export class DiscordStore {
  readonly messages = new Map<string, StoredMessage>();
  readonly channels = new Map<string, APIChannel>([[world.channel.id, world.channel]]);
  readonly interactions = new Map<string, InteractionRecord>();
  private readonly commandsByScope = new Map<string, APIApplicationCommand[]>();

  /** Remembers a delivered interaction so callbacks and webhooks can be checked against it. */
  rememberInteraction(payload: APIInteraction): void {
    const record: InteractionRecord = { payload, deliveredAt: Date.now(), followUpIds: [] };
    if (payload.message) {
      this.saveMessage(payload.message);
      record.originalMessageId = payload.message.id;
    }
    this.interactions.set(payload.id, record);
  }

  /** Finds an interaction by its webhook token (follow-ups and `@original` routes). */
  interactionByToken(token: string): InteractionRecord | undefined {
    for (const record of this.interactions.values()) if (record.payload.token === token) return record;
    return undefined;
  }

  /** Stores (or replaces) a message so later GET/PATCH/pin requests find it. */
  saveMessage(message: StoredMessage): StoredMessage {
    this.messages.set(message.id, message);
    return message;
  }

  /** Forgets delivered interactions and stored messages; registered commands and channels stay. */
  forget(): void {
    this.interactions.clear();
    this.messages.clear();
  }

  /** The commands registered in one scope (a copy, so callers cannot change the store by accident). */
  commands(scope: CommandScope): APIApplicationCommand[] {
    return structuredClone(this.commandsByScope.get(scope ?? 'global') ?? []);
  }

  /** Replaces a scope's commands, as a bulk overwrite does. */
  setCommands(scope: CommandScope, commands: APIApplicationCommand[]): void {
    this.commandsByScope.set(scope ?? 'global', structuredClone(commands));
  }
}
