import { InteractionResponseType, InteractionType, MessageFlags, MessageType, type APIUser } from 'discord.js';
import { asObject, numberField } from './json.js';
import { createMessage, editMessage, type StoredMessage } from './messages.js';
import { discordError, ErrorCode, route, type Route, type RouteContext, type RouteRequest, type RouteResponse } from './router.js';
import type { InteractionRecord } from './store.js';
import { world } from './world.js';

const R = InteractionResponseType;

/** Which callback types Discord accepts for each interaction type. */
const allowedCallbacks: Partial<Record<InteractionType, readonly number[]>> = {
  [InteractionType.ApplicationCommand]: [R.ChannelMessageWithSource, R.DeferredChannelMessageWithSource, R.Modal, R.LaunchActivity],
  [InteractionType.MessageComponent]: [
    R.ChannelMessageWithSource,
    R.DeferredChannelMessageWithSource,
    R.DeferredMessageUpdate,
    R.UpdateMessage,
    R.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [R.ApplicationCommandAutocompleteResult],
  [InteractionType.ModalSubmit]: [R.ChannelMessageWithSource, R.DeferredChannelMessageWithSource, R.DeferredMessageUpdate, R.UpdateMessage],
};

function interactionUser(record: InteractionRecord): APIUser {
  const { payload } = record;
  return payload.member?.user ?? payload.user ?? world.users.alice;
}

/** Creates the response message for callback types 4 and 5 (a reply, or a "thinking…" placeholder). */
function createResponse(record: InteractionRecord, data: unknown, loading: boolean): StoredMessage {
  const { payload } = record;
  const isCommand = payload.type === InteractionType.ApplicationCommand;
  return createMessage(
    {
      channelId: payload.channel?.id ?? payload.channel_id ?? world.channel.id,
      guildId: payload.guild_id,
      type: isCommand ? MessageType.ChatInputCommand : MessageType.Default,
      interaction: {
        id: payload.id,
        type: payload.type,
        user: interactionUser(record),
        interactedMessageId: payload.message?.id,
        owners: payload.authorizing_integration_owners,
      },
      loading,
    },
    data,
  );
}

/** POST /interactions/{id}/{token}/callback: acknowledges once, stores the reply for the webhook routes. */
function callback(context: RouteContext, request: RouteRequest): RouteResponse {
  const { store } = context;
  const record = store.interactions.get(request.params.id ?? '');
  const deadline = context.callbackDeadlineMs();
  if (!record || record.payload.token !== request.params.token || (deadline !== undefined && Date.now() - record.deliveredAt > deadline)) {
    return discordError(404, 'Unknown interaction', ErrorCode.UnknownInteraction);
  }
  if (record.callbackType !== undefined) {
    return discordError(400, 'Interaction has already been acknowledged.', ErrorCode.InteractionAlreadyAcknowledged);
  }
  const type = numberField(request.body, 'type');
  if (type === undefined || !(allowedCallbacks[record.payload.type] ?? []).includes(type)) {
    return discordError(400, `Invalid Form Body: callback type ${String(type)} not allowed here`, ErrorCode.InvalidFormBody);
  }
  const data = asObject(request.body).data;
  let message: StoredMessage | undefined;
  if (type === R.ChannelMessageWithSource || type === R.DeferredChannelMessageWithSource) {
    message = store.saveMessage(createResponse(record, data, type === R.DeferredChannelMessageWithSource));
    record.originalMessageId = message.id;
  } else if (type === R.UpdateMessage || type === R.DeferredMessageUpdate) {
    message = record.originalMessageId === undefined ? undefined : store.messages.get(record.originalMessageId);
    if (message && type === R.UpdateMessage) editMessage(message, data);
  }
  record.callbackType = type;
  if (request.query.get('with_response') !== 'true') return { status: 204 };
  const flags = message?.flags ?? 0;
  return {
    status: 200,
    body: {
      interaction: {
        id: record.payload.id,
        type: record.payload.type,
        ...(message
          ? {
              response_message_id: message.id,
              response_message_loading: (flags & MessageFlags.Loading) !== 0,
              response_message_ephemeral: (flags & MessageFlags.Ephemeral) !== 0,
            }
          : {}),
      },
      resource: { type, ...(message ? { message } : {}) },
    },
  };
}

type Webhook = { record: InteractionRecord } | { error: RouteResponse };

function webhookFor(context: RouteContext, request: RouteRequest): Webhook {
  const record = context.store.interactionByToken(request.params.token ?? '');
  if (request.params.app !== world.application.id || record?.callbackType === undefined) {
    return { error: discordError(404, 'Unknown Webhook', ErrorCode.UnknownWebhook) };
  }
  return { record };
}

function webhookMessage(context: RouteContext, record: InteractionRecord, id: string | undefined): StoredMessage | undefined {
  const messageId = id === '@original' ? record.originalMessageId : id;
  const belongs = messageId !== undefined && (messageId === record.originalMessageId || record.followUpIds.includes(messageId));
  return belongs ? context.store.messages.get(messageId) : undefined;
}

/** Interaction webhook routes: `@original` (or a follow-up id) read/edit/delete, and follow-ups. */
export function interactionRoutes(context: RouteContext): Route[] {
  const withMessage =
    (handle: (message: StoredMessage, request: RouteRequest, record: InteractionRecord) => RouteResponse) =>
    (request: RouteRequest): RouteResponse => {
      const hook = webhookFor(context, request);
      if ('error' in hook) return hook.error;
      const message = webhookMessage(context, hook.record, request.params.message);
      return message ? handle(message, request, hook.record) : discordError(404, 'Unknown Message', ErrorCode.UnknownMessage);
    };

  const followUp = (request: RouteRequest): RouteResponse => {
    const hook = webhookFor(context, request);
    if ('error' in hook) return hook.error;
    const { record } = hook;
    const original = record.originalMessageId === undefined ? undefined : context.store.messages.get(record.originalMessageId);
    let message: StoredMessage;
    if (original && ((original.flags ?? 0) & MessageFlags.Loading) !== 0) {
      // Discord: the first follow-up after a deferred reply edits the "thinking…" message instead.
      message = editMessage(original, request.body);
    } else {
      message = context.store.saveMessage(createResponse(record, request.body, false));
      message.type = MessageType.Default;
      record.followUpIds.push(message.id);
    }
    return request.query.get('wait') === 'true' ? { status: 200, body: message } : { status: 204 };
  };

  const path = '/webhooks/:app/:token/messages/:message';
  return [
    route('POST', '/interactions/:id/:token/callback', (request) => callback(context, request), { auth: false }),
    route(
      'GET',
      path,
      withMessage((message) => ({ status: 200, body: message })),
      { auth: false },
    ),
    route(
      'PATCH',
      path,
      withMessage((message, request) => ({ status: 200, body: editMessage(message, request.body) })),
      { auth: false },
    ),
    route(
      'DELETE',
      path,
      withMessage((message, _request, record) => {
        context.store.messages.delete(message.id);
        record.followUpIds = record.followUpIds.filter((id) => id !== message.id);
        return { status: 204 };
      }),
      { auth: false },
    ),
    route('POST', '/webhooks/:app/:token', followUp, { auth: false }),
  ];
}
