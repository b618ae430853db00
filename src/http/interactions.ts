/**
 * The HTTP transport's two translations: an interaction as Discord posts it (JSON) into the
 * commands' Incoming, and a command's Response into the HTTP answer, or, once the answer has been
 * deferred, into calls to the interaction's webhook.
 */
import type { REST } from '@discordjs/rest';
import {
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  Routes,
  type APIInteraction,
  type APIMessage,
  type APIPingInteraction,
} from 'discord-api-types/v10';
import type { Caller, Incoming, Response } from '../../commands/types.js';
import { EPHEMERAL } from '../base/limits.js';
import { resolveLocale, t } from '../i18n/index.js';
import { callerFrom, focusedIn, messageWords, subcommandOf } from '../runtime/incoming.js';
import type { MessagePayload } from '../render/payload.js';
import { pinMessage } from '../runtime/pin.js';

/** The channel, from `channel` or, in older payloads, `channel_id`. */
const channelIdOf = (i: AnswerableInteraction): string | undefined => i.channel?.id ?? (i as { channel_id?: string }).channel_id;

function stringField(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new TypeError(`${name} is not a string`);
  return value;
}

const bigintOrNull = (value: unknown): bigint | null => (typeof value === 'string' && /^\d{1,30}$/.test(value) ? BigInt(value) : null);

/** Every interaction but PING, which the server answers itself. */
export type AnswerableInteraction = Exclude<APIInteraction, APIPingInteraction>;

function callerOf(i: AnswerableInteraction): Caller {
  const userId = i.member?.user.id ?? i.user?.id;
  if (!userId) throw new TypeError('interaction without a user');
  return callerFrom({
    userId,
    locale: i.locale,
    context: i.context,
    guildId: i.guild_id,
    channelId: channelIdOf(i),
    memberPermissions: bigintOrNull(i.member?.permissions),
    appPermissions: bigintOrNull(i.app_permissions),
  });
}

/**
 * The interaction as the commands see it, or undefined for a type the bot does not handle.
 * Throws TypeError when a required field is missing (the caller answers 400).
 */
export function toIncoming(i: AnswerableInteraction): Incoming | undefined {
  const caller = callerOf(i);
  switch (i.type) {
    case InteractionType.ApplicationCommand: {
      if (i.data.type === ApplicationCommandType.ChatInput) {
        const sub = subcommandOf(i.data.options);
        return { type: 'command', command: i.data.name, subcommand: sub.name, options: sub.values, caller };
      }
      if (i.data.type === ApplicationCommandType.Message) {
        const message = i.data.resolved.messages[i.data.target_id];
        return { type: 'message-command', command: i.data.name, target: { id: i.data.target_id, content: messageWords(message) }, caller };
      }
      return undefined;
    }
    case InteractionType.ApplicationCommandAutocomplete: {
      return {
        type: 'autocomplete',
        command: i.data.name,
        subcommand: subcommandOf(i.data.options).name,
        focused: focusedIn(i.data.options),
        caller,
      };
    }
    case InteractionType.MessageComponent:
      return {
        type: 'component',
        customId: stringField(i.data.custom_id, 'custom_id'),
        values: 'values' in i.data ? i.data.values.map(String) : [],
        message: { id: i.message.id, private: ((i.message.flags ?? 0) & EPHEMERAL) !== 0 },
        caller,
      };
    default:
      return undefined;
  }
}

/** The payload in the form an interaction callback or webhook takes. */
function messageData(p: MessagePayload, withFlags = true): Record<string, unknown> {
  const { flags, ...rest } = p;
  return withFlags && flags !== undefined ? { ...rest, flags } : rest;
}

/** How long after the request an unfinished answer is deferred: inside Discord's 3 s, with room for the network. */
export const DEFER_AFTER_MS = 2_000;

/**
 * One interaction's answer. The first answer goes back as the HTTP response; after a deferral
 * (work took longer than DEFER_AFTER_MS) or for a second answer (a failure reported after a
 * reply), answers go through the interaction's webhook.
 */
export class Exchange {
  private state: 'open' | 'answered' | 'deferred' = 'open';
  private resolveBody!: (body: unknown) => void;
  /** The JSON the HTTP request is answered with, once known. */
  readonly body = new Promise<unknown>((resolve) => {
    this.resolveBody = resolve;
  });

  constructor(
    private readonly interaction: AnswerableInteraction,
    private readonly rest: REST,
    /** Resolves once the HTTP answer has been written, so Discord knows the message it creates. */
    private readonly sent: () => Promise<void>,
  ) {}

  private answer(body: unknown): void {
    this.state = 'answered';
    this.resolveBody(body);
  }

  /**
   * Answers "working on it" when nothing has been answered yet. A command's deferred reply is
   * private: whether the final answer would be public is not known yet, and a private answer
   * never surprises a channel. An autocomplete cannot be deferred: it gets no choices.
   */
  defer(): void {
    if (this.state !== 'open') return;
    const type = this.interaction.type;
    if (type === InteractionType.ApplicationCommandAutocomplete) {
      this.answer({ type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } });
      return;
    }
    const deferred =
      type === InteractionType.MessageComponent
        ? { type: InteractionResponseType.DeferredMessageUpdate }
        : { type: InteractionResponseType.DeferredChannelMessageWithSource, data: { flags: EPHEMERAL } };
    this.resolveBody(deferred);
    this.state = 'deferred';
  }

  /** Answers with a plain notice (an unhandled interaction type). */
  notice(text: string): void {
    if (this.state === 'open')
      this.answer({
        type: InteractionResponseType.ChannelMessageWithSource,
        data: { content: text, flags: EPHEMERAL, allowed_mentions: { parse: [] } },
      });
  }

  private get webhook(): { app: string; token: string } {
    return { app: this.interaction.application_id, token: this.interaction.token };
  }

  /** Edits the deferred answer (the "thinking…" reply, or the message a component sits on). */
  private async editOriginal(data: Record<string, unknown>): Promise<string | undefined> {
    const { app, token } = this.webhook;
    const message = (await this.rest.patch(Routes.webhookMessage(app, token, '@original'), { body: data, auth: false })) as APIMessage;
    this.state = 'answered';
    return message.id;
  }

  private async followUp(data: Record<string, unknown>): Promise<string | undefined> {
    const { app, token } = this.webhook;
    const message = (await this.rest.post(Routes.webhook(app, token), {
      body: data,
      auth: false,
      query: new URLSearchParams({ wait: 'true' }),
    })) as APIMessage;
    return message.id;
  }

  /** Carries out a command's answer. */
  async perform(response: Response): Promise<void> {
    const R = InteractionResponseType;
    switch (response.type) {
      case 'choices':
        if (this.state === 'open') this.answer({ type: R.ApplicationCommandAutocompleteResult, data: { choices: response.choices } });
        return;
      case 'reply': {
        const data = messageData(response.payload);
        if (this.state === 'open') {
          this.answer({ type: R.ChannelMessageWithSource, data });
          return;
        }
        const deferredReply = this.state === 'deferred' && this.interaction.type !== InteractionType.MessageComponent;
        if (deferredReply) await this.editOriginal(data);
        else await this.followUp(data);
        return;
      }
      case 'update': {
        const data = messageData(response.payload, false);
        if (this.state === 'open') this.answer({ type: R.UpdateMessage, data });
        else await this.editOriginal(data);
        return;
      }
      case 'pin': {
        const i = this.interaction;
        const channelId = channelIdOf(i);
        const messageId = i.type === InteractionType.MessageComponent ? i.message.id : undefined;
        const locale = resolveLocale(i.locale);
        if (channelId === undefined || messageId === undefined) throw new TypeError('pin without a channel or message');
        await pinMessage(this.rest, channelId, messageId, callerOf(i).userId, locale);
        const done = { content: t(locale, 'pin.done'), flags: EPHEMERAL, allowed_mentions: { parse: [] } };
        if (this.state === 'open') this.answer({ type: R.ChannelMessageWithSource, data: done });
        else await this.followUp(done);
        return;
      }
      case 'delete': {
        // A deferred update names the component's message as @original; deleting it removes the post.
        if (this.state === 'open') {
          this.resolveBody({ type: R.DeferredMessageUpdate });
          this.state = 'deferred';
        }
        await this.sent();
        const { app, token } = this.webhook;
        await this.rest.delete(Routes.webhookMessage(app, token, '@original'), { auth: false });
        return;
      }
    }
  }
}
