import type { Env } from '../../platform/env';

/*
 * The VAPID key pair (RFC 8292) is two Worker secrets: VAPID_PUBLIC_KEY, the uncompressed P-256
 * point (65 bytes) in base64url, as browsers take it for applicationServerKey; VAPID_PRIVATE_KEY,
 * the private scalar (32 bytes) in base64url. `npm start` writes a pair into .dev.vars
 * (scripts/lib/dev-vars.ts); a deploy sets them with `wrangler secret put`.
 */

function fromBase64Url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export interface VapidKeys {
  /** base64url of the uncompressed point (65 bytes). */
  publicKey: string;
  /** base64url of the private scalar (32 bytes). */
  privateKey: string;
}

let cached: { source: string; keys: VapidKeys } | undefined;

/** The pair, checked once per isolate; a missing or malformed secret is an error the logs name. */
export function vapidKeys(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): VapidKeys {
  const source = `${env.VAPID_PUBLIC_KEY}|${env.VAPID_PRIVATE_KEY}`;
  if (cached?.source === source) return cached.keys;
  const point = fromBase64Url(env.VAPID_PUBLIC_KEY ?? '');
  const d = fromBase64Url(env.VAPID_PRIVATE_KEY ?? '');
  if (point.length !== 65 || point[0] !== 4 || d.length !== 32) {
    throw new Error('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are missing or malformed (see README, push notifications).');
  }
  const keys: VapidKeys = { publicKey: toBase64Url(point), privateKey: toBase64Url(d) };
  cached = { source, keys };
  return keys;
}
