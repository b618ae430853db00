import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord-api-types/v10';

/** Who a message may ping: nobody (`parse: []`), or exactly the users listed. */
export interface AllowedMentions {
  parse: [];
  users?: string[];
}

/**
 * A message exactly as the Discord REST API takes it (snake_case). Handlers return this;
 * the bot sends it and the terminal front-end prints it.
 */
export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowed_mentions: AllowedMentions;
  flags?: number;
}

/** The mention policy every message carries unless it suggests a resource to one user. */
export const NO_PINGS: AllowedMentions = Object.freeze({ parse: [] }) as AllowedMentions;
