import type { APIInteraction } from 'discord.js';
import type { RecordedRequest } from './recorder.js';
import type { DiscordStandIn } from './server.js';
import { waitUntil } from './waiting.js';

/** One interaction's first callback, timed from its dispatch on the gateway. */
export interface TimedCallback {
  payload: APIInteraction;
  /** The first callback request for it, accepted or not. */
  request: RecordedRequest;
  /** `performance.now()` just before its dispatch. */
  sentAt: number;
  /** Dispatch → arrival of the callback request at the stand-in. */
  latencyMs: number;
}

const CALLBACK = /^\/interactions\/([^/]+)\/[^/]+\/callback$/;

/**
 * Dispatches every payload over the gateway back to back, as a burst of members typing at
 * once, and resolves with each one's first callback in payload order. Rejects after
 * `timeoutMs`, saying how many are still unanswered. Callbacks are found in the request log,
 * so the timing is the arrival time the stand-in recorded, not when this noticed it.
 */
export async function dispatchTimed(
  discord: DiscordStandIn,
  payloads: readonly APIInteraction[],
  timeoutMs: number,
): Promise<TimedCallback[]> {
  const ids = new Set(payloads.map((payload) => payload.id));
  if (ids.size !== payloads.length) throw new Error('dispatchTimed: every payload needs its own interaction id');
  let seen = discord.rest.requests.length;
  const sentAt = new Map<string, number>();
  for (const payload of payloads) {
    sentAt.set(payload.id, performance.now());
    discord.gateway.sendInteraction(payload);
  }
  const answered = new Map<string, RecordedRequest>();
  await waitUntil(
    () => {
      const requests = discord.rest.requests;
      for (; seen < requests.length; seen++) {
        const request = requests[seen];
        const id = request?.method === 'POST' ? CALLBACK.exec(request.path)?.[1] : undefined;
        if (request && id !== undefined && ids.has(id) && !answered.has(id)) answered.set(id, request);
      }
      return answered.size === ids.size ? true : undefined;
    },
    {
      timeoutMs,
      describe: () =>
        `${ids.size - answered.size} of ${ids.size} interactions have no callback. ${discord.rest.requests.length} requests so far`,
    },
  );
  return payloads.map((payload) => {
    const request = answered.get(payload.id);
    if (!request) throw new Error(`no callback recorded for interaction ${payload.id}`);
    const at = sentAt.get(payload.id) ?? Number.NaN;
    return { payload, request, sentAt: at, latencyMs: request.at - at };
  });
}
