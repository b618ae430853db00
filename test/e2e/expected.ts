import path from 'node:path';
import { expect } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/load.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { createResourceIndex, type ResourceIndex } from '../../src/search/index.js';
import { autocomplete, run, runSubcommand } from '../helpers/commands.js';
import { ROOT } from './bot-process.js';
import type { MessageData } from './interactions.js';

/**
 * The same catalogue the bot serves, indexed in the test process. Used to cross-check that what
 * reaches Discord is exactly what the handlers (and `npm run cli`) produce: nothing lost or
 * added on the way through discord.js.
 */
export async function indexOf(dir = path.join(ROOT, 'catalogue')): Promise<ResourceIndex> {
  const result = await loadCatalogue(dir);
  if (!result.ok) throw new Error(`catalogue in ${dir} is invalid: ${result.problems.length} problems`);
  return createResourceIndex(result.catalogue);
}

/** What a handler returns for a subcommand, as the terminal front-end would print it. */
export function handlerPayload(
  index: ResourceIndex,
  subcommand: string,
  options: Record<string, unknown>,
  userId: string,
): Promise<MessagePayload> {
  // The bot reads the clock for freshness badges ("no release since…"), so the handler does too.
  return runSubcommand(index, subcommand, options, { caller: { userId }, now: Date.now() });
}

/** What the "Find resources" message command answers for a message's text. */
export async function handlerMessagePayload(index: ResourceIndex, content: string, userId: string): Promise<MessagePayload> {
  const answer = await run(
    index,
    { type: 'message-command', command: 'Find resources', target: { id: '1', content } },
    { caller: { userId }, now: Date.now() },
  );
  if (answer.type !== 'reply') throw new Error('not a reply');
  return answer.payload;
}

/** The autocomplete choices the handler computes. */
export function handlerChoices(index: ResourceIndex, subcommand: string, typed: string) {
  return autocomplete(index, subcommand, typed);
}

/**
 * The callback data equals the handler's payload. discord.js adds `tts: false` and
 * `enforce_nonce: false` to every reply; nothing else may differ.
 */
export function expectSameMessage(data: MessageData, payload: MessagePayload): void {
  const { tts, enforce_nonce: enforceNonce, ...rest } = data;
  expect(tts ?? false).toBe(false);
  expect(enforceNonce ?? false).toBe(false);
  expect(rest).toEqual(payload);
}

/** LiteSVM's "by" line in the shipped catalogue, closing its description: its maker, then its crate linked to the crate's page. */
export const LITESVM_BY = /\n\nby LiteSVM · \[crate litesvm\]\(https:\/\/[^)\s]+\/litesvm\)$/;

/** LiteSVM's description as edited by a test (`marker`), followed by its "by" line. */
export function expectLitesvmDescription(description: string | undefined, marker: string): void {
  expect(description?.startsWith(`${marker}\n\n`), description).toBe(true);
  expect(description).toMatch(LITESVM_BY);
}

/** A kind page's footer: the page count, then the month its entries were last checked. */
export const pageFooter = (page: number, pages: number): RegExp => new RegExp(`^Page ${page} of ${pages}( · checked \\S+ \\d{4})?$`);
