/**
 * The soak's local Discord, in a process of its own (started by soak.test.ts with `fork`), so the
 * memory measured in the test's process is the bot's alone: the stand-in's HTTP server, sockets and
 * payloads would otherwise count too. It answers `drive` requests over IPC.
 */
import { startDiscordStandIn, waitUntil } from '../support/discord/index.js';
import { interactionNumber, type DriveRequest, type SoakMessage } from './soak-load.js';

const CALLBACK = /^\/interactions\/([^/]+)\/[^/]+\/callback$/;
const send = (message: SoakMessage): void => {
  process.send?.(message);
};

const discord = await startDiscordStandIn({ callbackDeadlineMs: 3_000 });

/** Dispatches a batch over the gateway, waits for one callback each, then forgets them (flat memory here too). */
async function drive({ from, count, familiar }: DriveRequest): Promise<SoakMessage> {
  const pending = new Set<string>();
  for (let i = from; i < from + count; i++) {
    const payload = interactionNumber(i, familiar);
    pending.add(payload.id);
    discord.gateway.sendInteraction(payload);
  }
  let seen = 0;
  const refused: string[] = [];
  await waitUntil(
    () => {
      const requests = discord.rest.requests;
      for (; seen < requests.length; seen++) {
        const request = requests[seen]!;
        const id = request.method === 'POST' ? CALLBACK.exec(request.path)?.[1] : undefined;
        if (id === undefined || !pending.delete(id)) continue;
        if (request.status >= 300) refused.push(`${request.path} → ${request.status}`);
      }
      return pending.size === 0 ? true : undefined;
    },
    { timeoutMs: 15_000, describe: () => `${pending.size} of ${count} interactions unanswered` },
  );
  discord.forget();
  return { type: 'driven', answered: count, refused };
}

process.on('message', (request: DriveRequest) => {
  drive(request).then(send, (err: unknown) => {
    send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  });
});
// The test is done (or gone): close and leave.
process.on('disconnect', () => {
  void discord.close().then(() => process.exit(0));
});
send({ type: 'ready', apiUrl: discord.apiUrl });
