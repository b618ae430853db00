/**
 * Discord signs every request to an Interactions Endpoint with Ed25519 over timestamp + raw body.
 * Verification is node:crypto's (OpenSSL); only the key's DER wrapping is written here.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

// An Ed25519 public key is 32 raw bytes; node:crypto takes it as SPKI DER: this fixed header, then the bytes.
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
/** How far a request's timestamp may be from our clock: older requests are replays. */
export const SIGNATURE_MAX_AGE_S = 300;

export type SignatureCheck = (signatureHex: string | undefined, timestamp: string | undefined, body: Buffer, nowMs?: number) => boolean;

/** The public key in the Developer Portal's form (64 hex characters) as a node:crypto key. */
export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/** A checker for one application's key: false for a missing, malformed, wrong or stale signature. */
export function signatureChecker(publicKeyHex: string): SignatureCheck {
  const key = publicKeyFromHex(publicKeyHex);
  return (signatureHex, timestamp, body, nowMs = Date.now()) => {
    if (!signatureHex || !timestamp || !/^[0-9a-fA-F]{128}$/.test(signatureHex) || !/^\d{1,12}$/.test(timestamp)) return false;
    if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_MAX_AGE_S) return false;
    return verify(null, Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signatureHex, 'hex'));
  };
}
