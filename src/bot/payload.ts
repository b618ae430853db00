import type { InteractionReplyOptions, InteractionUpdateOptions } from 'discord.js';
import type { MessagePayload } from '../render/payload.js';

/** Our REST-shaped payload in the form discord.js takes: allowed mentions are always explicit. */
export function toReplyOptions(p: MessagePayload): InteractionReplyOptions {
  return {
    ...(p.content !== undefined ? { content: p.content } : {}),
    embeds: p.embeds,
    components: p.components,
    allowedMentions: { parse: [], ...(p.allowed_mentions.users ? { users: p.allowed_mentions.users } : {}) },
    ...(p.flags !== undefined ? { flags: p.flags } : {}),
  } as InteractionReplyOptions;
}

/** The same for an in-place update, which cannot change a message's flags. */
export function toUpdateOptions(p: MessagePayload): InteractionUpdateOptions {
  const { flags: _flags, ...rest } = toReplyOptions(p);
  return rest as InteractionUpdateOptions;
}
