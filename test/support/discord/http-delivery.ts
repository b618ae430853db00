/**
 * Discord's side of an Interactions Endpoint: signs an interaction with the application's key,
 * POSTs it to the bot, and turns the bot's HTTP answer into the message Discord would create (by
 * handing it to the stand-in's own callback route), so webhook follow-ups find it as they would.
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { APIInteraction } from 'discord.js';
import type { DiscordStandIn } from './server.js';

/** A test application key pair; `publicKeyHex` is what the Developer Portal shows (DISCORD_PUBLIC_KEY). */
export function applicationKeys(): { privateKey: KeyObject; publicKeyHex: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // SPKI DER of an Ed25519 key is a 12-byte header and the 32 raw bytes.
  const publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  return { privateKey, publicKeyHex };
}

/** Headers Discord sends with a body: the Ed25519 signature of timestamp + body. */
export function signedHeaders(body: string | Buffer, key: KeyObject, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const ts = String(timestamp);
  const signature = sign(null, Buffer.concat([Buffer.from(ts), Buffer.isBuffer(body) ? body : Buffer.from(body)]), key).toString('hex');
  return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': ts };
}

export interface HttpAnswer {
  status: number;
  /** The parsed JSON answer (an interaction response when status is 200). */
  body: { type?: number; data?: Record<string, unknown>; error?: string };
}

/** Delivers `payload` to `endpoint` as Discord does, and records the answer in the stand-in. */
export async function deliverOverHttp(
  stand: DiscordStandIn,
  endpoint: string,
  payload: APIInteraction,
  key: KeyObject,
): Promise<HttpAnswer> {
  stand.store.rememberInteraction(payload);
  const text = JSON.stringify(payload);
  const response = await fetch(endpoint, { method: 'POST', body: text, headers: signedHeaders(text, key) });
  const body = (await response.json()) as HttpAnswer['body'];
  if (response.status === 200 && body.type !== 1) {
    const callback = await fetch(`${stand.apiUrl}/v10/interactions/${payload.id}/${payload.token}/callback`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    if (!callback.ok) throw new Error(`the stand-in refused the bot's answer: ${callback.status} ${await callback.text()}`);
  }
  return { status: response.status, body };
}
