import { InteractionType, MessageFlags, MessageType, type APIMessage, type APIMessageInteractionMetadata, type APIUser } from 'discord.js';
import { arrayField, asObject, numberField, stringField } from './json.js';
import { snowflake } from './snowflake.js';
import { world } from './world.js';

/** Who and what a stored message belongs to; everything else comes from the request body. */
export interface MessageOrigin {
  channelId: string;
  guildId?: string | undefined;
  author?: APIUser;
  type?: MessageType;
  /** Set for interaction responses and follow-ups: Discord marks them as webhook messages. */
  interaction?:
    | {
        id: string;
        type: InteractionType;
        user: APIUser;
        interactedMessageId?: string | undefined;
        /** The interaction's `authorizing_integration_owners`; defaults to the world's guild install. */
        owners?: APIMessageInteractionMetadata['authorizing_integration_owners'] | undefined;
      }
    | undefined;
  /** Discord flags a deferred response as loading until it is edited. */
  loading?: boolean;
}

/** A message as Discord returns it; guild_id is part of gateway/REST messages in guilds. */
export type StoredMessage = APIMessage & { guild_id?: string };

/** Builds the message Discord would store for a create request (channel message, reply, follow-up). */
export function createMessage(origin: MessageOrigin, body: unknown): StoredMessage {
  const id = snowflake();
  let flags = numberField(body, 'flags') ?? 0;
  if (origin.loading) flags |= MessageFlags.Loading;
  const message: StoredMessage = {
    id,
    type: origin.type ?? MessageType.Default,
    channel_id: origin.channelId,
    author: origin.author ?? world.users.bot,
    content: stringField(body, 'content') ?? '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: asObject(body).tts === true,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags,
  };
  if (origin.guildId !== undefined) message.guild_id = origin.guildId;
  if (origin.interaction) {
    message.webhook_id = world.application.id;
    message.application_id = world.application.id;
    const { id: interactionId, type, user, interactedMessageId } = origin.interaction;
    const owners = origin.interaction.owners ?? { 0: world.guild.id };
    message.interaction_metadata =
      type === InteractionType.MessageComponent
        ? { id: interactionId, type, user, authorizing_integration_owners: owners, interacted_message_id: interactedMessageId ?? id }
        : { id: interactionId, type: InteractionType.ApplicationCommand, user, authorizing_integration_owners: owners };
  }
  applyBody(message, body);
  return message;
}

/** Applies an edit request in place, as PATCH does on Discord: only the fields sent change. */
export function editMessage(message: StoredMessage, body: unknown): StoredMessage {
  applyBody(message, body);
  message.flags = (message.flags ?? 0) & ~MessageFlags.Loading;
  message.edited_timestamp = new Date().toISOString();
  return message;
}

function applyBody(message: StoredMessage, body: unknown): void {
  const content = stringField(body, 'content');
  if (content !== undefined) message.content = content;
  const embeds = arrayField(body, 'embeds');
  if (embeds) message.embeds = embeds as StoredMessage['embeds'];
  const components = arrayField(body, 'components');
  if (components) message.components = components as NonNullable<StoredMessage['components']>;
  const attachments = arrayField(body, 'attachments');
  if (attachments) message.attachments = attachments.map(toAttachment);
  const flags = numberField(body, 'flags');
  if (flags !== undefined) message.flags = flags | ((message.flags ?? 0) & MessageFlags.Loading);
}

function toAttachment(value: unknown): StoredMessage['attachments'][number] {
  const id = stringField(value, 'id') ?? String(numberField(value, 'id') ?? 0);
  const filename = stringField(value, 'filename') ?? `file-${id}`;
  const url = `https://cdn.discordapp.com/attachments/${world.channel.id}/${snowflake()}/${filename}`;
  return { id: snowflake(), filename, size: numberField(value, 'size') ?? 0, url, proxy_url: url };
}
