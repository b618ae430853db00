/**
 * The soak's traffic: the i-th interaction comes from the i-th member of a large server, each with an
 * id of their own. Shared by the test (which checks the bot's caches for these members) and the
 * stand-in's process (which builds and dispatches them).
 */
import type { APIInteraction } from 'discord.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';
import {
  apiUser,
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  interactionMember,
  memberPermissions,
  memberWhoCanPin,
  option,
  plainMember,
  world,
} from '../support/discord/index.js';

/** The i-th member: a fresh snowflake-shaped id each, as on a server of tens of thousands. */
export function memberNumber(i: number) {
  const user = apiUser((1_390_000_000_000_000_000n + BigInt(i)).toString(), `member${i}`);
  // Every fourth is a moderator: moderators' public posts skip the flood guard, so each is a new post.
  const moderator = i % 4 === 3;
  return moderator
    ? interactionMember(user, memberPermissions.pinner, [world.roles.moderator.id])
    : interactionMember(user, memberPermissions.plain);
}

const QUERIES = ['anchor', 'python sdk', 'local validator', 'rpc', 'wallet adapter', 'token', 'x402', 'mcp server'];
const NAMES = ['anchor', 'litesvm', '@solana/kit', 'surfpool', 'helius', 'solana-py'];

/** The same few members again and again (the world's plain members and its moderator): a warm-up that caches nobody new. */
export function familiarMember(i: number) {
  const members = [plainMember(world.users.alice), plainMember(world.users.bob), memberWhoCanPin()];
  return members[i % 4 === 3 ? 2 : i % 2]!;
}

/**
 * What the i-th member does, in turn: types (autocomplete), searches, presses Copy install (on a
 * message), shows an entry publicly. With `familiar`, the same few members do it instead.
 */
export function interactionNumber(i: number, familiar = false): APIInteraction {
  const member = familiar ? familiarMember(i) : memberNumber(i);
  const query = QUERIES[i % QUERIES.length]!;
  switch (i % 4) {
    case 0:
      return autocompleteInteraction({
        command: 'resource',
        subcommand: 'search',
        member,
        focused: { name: 'query', value: query.slice(0, 2 + (i % 5)) },
      });
    case 1:
      return chatInputInteraction({ command: 'resource', subcommand: 'search', member, options: [option.string('query', query)] });
    case 2:
      return buttonInteraction({ customId: encodeCustomId({ action: 'copy', id: 'litesvm' }), member });
    default:
      return chatInputInteraction({
        command: 'resource',
        subcommand: 'show',
        member,
        options: [option.string('name', NAMES[i % NAMES.length]!)],
      });
  }
}

/** Parent → stand-in process: dispatch interactions `from` … `from + count - 1` at once and wait for every callback. */
export interface DriveRequest {
  type: 'drive';
  from: number;
  count: number;
  /** From the same few members rather than a new member each. */
  familiar: boolean;
}

/** Stand-in process → parent. */
export type SoakMessage =
  { type: 'ready'; apiUrl: string } | { type: 'driven'; answered: number; refused: string[] } | { type: 'failed'; message: string };
