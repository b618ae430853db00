import { KINDS, type Kind } from '../catalogue/schema.js';
import { DISCORD_LIMITS } from '../base/limits.js';

/**
 * Buttons and menus carry their state in the custom id (the bot keeps no per-message memory,
 * so they work after a restart). Every id is `res:<action>:<args…>` and stays under 100 characters.
 */
export type ComponentAction =
  | { action: 'open' } // select menu: the chosen entry id is the value
  | { action: 'page'; kind: Kind; page: number; owner: string }
  | { action: 'share'; id: string; mention?: string }
  | { action: 'copy'; id: string }
  | { action: 'pin' }
  | { action: 'delete'; owner: string };

const PREFIX = 'res';
const SNOWFLAKE = /^\d{1,20}$/;
const SLUG = /^[a-z0-9-]{1,60}$/;

/** Builds the custom id for a component; throws if it would exceed Discord's limit (a bug, not user input). */
export function encodeCustomId(a: ComponentAction): string {
  const parts: string[] = [PREFIX, a.action];
  switch (a.action) {
    case 'page':
      parts.push(a.kind, String(a.page), a.owner);
      break;
    case 'share':
      parts.push(a.id, ...(a.mention ? [a.mention] : []));
      break;
    case 'copy':
      parts.push(a.id);
      break;
    case 'delete':
      parts.push(a.owner);
      break;
    case 'open':
    case 'pin':
      break;
  }
  const id = parts.join(':');
  if (id.length > DISCORD_LIMITS.customId) throw new Error(`custom id too long (${id.length}): ${id.slice(0, 40)}…`);
  return id;
}

/** Parses a custom id back into an action; anything unexpected (old or forged ids) gives undefined. */
export function decodeCustomId(customId: string): ComponentAction | undefined {
  const [prefix, action, ...args] = customId.split(':');
  if (prefix !== PREFIX) return undefined;
  const [a0, a1, a2] = args;
  switch (action) {
    case 'open':
      return args.length === 0 ? { action } : undefined;
    case 'pin':
      return args.length === 0 ? { action } : undefined;
    case 'copy':
      return a0 && SLUG.test(a0) && args.length === 1 ? { action, id: a0 } : undefined;
    case 'delete':
      return a0 && SNOWFLAKE.test(a0) && args.length === 1 ? { action, owner: a0 } : undefined;
    case 'share':
      if (!a0 || !SLUG.test(a0) || args.length > 2) return undefined;
      if (a1 === undefined) return { action, id: a0 };
      return SNOWFLAKE.test(a1) ? { action, id: a0, mention: a1 } : undefined;
    case 'page': {
      const page = Number(a1);
      if (
        !KINDS.includes(a0 as Kind) ||
        !Number.isInteger(page) ||
        page < 0 ||
        page > 10_000 ||
        !a2 ||
        !SNOWFLAKE.test(a2) ||
        args.length !== 3
      )
        return undefined;
      return { action, kind: a0 as Kind, page, owner: a2 };
    }
    default:
      return undefined;
  }
}
