import type { Env } from './env';

// DECISIONS "No secret at rest": what would let a copy of D1 open an account or an invitation
// (email bodies with their links, the calendar feed URL) is sealed or derived with keys from the
// DATA_ENCRYPTION_KEY Worker secret (base64 of 32 random bytes), which D1 never holds. Two keys are
// derived from it with HKDF, one per kind of use: an AES-GCM key that seals stored values (each
// bound to its context as additional data, so a value opens only where it was sealed), and an
// HMAC key for the calendar feed URLs, and one for the one-click unsubscribe links of optional emails.
// docs/decisions/0009-no-secret-at-rest.md gives the reasons and what rotating the secret costs.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Uses of the derived keys (HKDF info; 'email-body' is the sealing key, named after its first use). */
type KeyPurpose = 'email-body' | 'calendar-feed' | 'unsubscribe';

export class DataKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataKeyError';
  }
}

export function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const normal = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(normal + '='.repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The secret's 32 bytes, or a clear error naming the secret (never its value). */
function secretBytes(secret: string | undefined): Uint8Array<ArrayBuffer> {
  const bytes = decodeSecret(secret);
  if (!bytes || bytes.length !== 32) {
    throw new DataKeyError(
      'DATA_ENCRYPTION_KEY is missing or is not 32 bytes in base64. Locally it is generated into .dev.vars by npm start; ' +
        'when deploying run `wrangler secret put DATA_ENCRYPTION_KEY` (README, Deploy).',
    );
  }
  return bytes;
}

function decodeSecret(secret: string | undefined): Uint8Array<ArrayBuffer> | null {
  if (!secret) return null;
  try {
    return fromBase64(secret);
  } catch {
    return null;
  }
}

// One isolate serves many requests: derive each key once per secret value.
const derived = new Map<string, Promise<CryptoKey>>();

function deriveKey(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, purpose: KeyPurpose): Promise<CryptoKey> {
  const secret = env.DATA_ENCRYPTION_KEY;
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = derived.get(cacheKey);
  if (!key) {
    const raw = secretBytes(secret);
    key = (async () => {
      const master = await crypto.subtle.importKey('raw', raw, 'HKDF', false, ['deriveKey']);
      const params = { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(`owow-club/${purpose}/v1`) };
      return purpose === 'email-body'
        ? crypto.subtle.deriveKey(params, master, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
        : crypto.subtle.deriveKey(params, master, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign', 'verify']);
    })();
    key.catch(() => derived.delete(cacheKey));
    derived.set(cacheKey, key);
  }
  return key;
}

const SEALED_PREFIX = 'v1.';

/**
 * AES-256-GCM with a random 96-bit IV; `context` is bound as additional data, so a sealed value
 * only opens where it was meant to be read. Output: "v1.<iv>.<ciphertext+tag>" in base64url.
 */
export async function seal(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, context: string, plaintext: string): Promise<string> {
  const key = await deriveKey(env, 'email-body');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
    key,
    encoder.encode(plaintext),
  );
  return `${SEALED_PREFIX}${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plaintext of seal(); a DataKeyError when the secret is not the one it was sealed with. */
export async function open(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, context: string, sealed: string): Promise<string> {
  const [version, ivText, dataText] = sealed.split('.');
  if (`${version}.` !== SEALED_PREFIX || !ivText || !dataText) throw new DataKeyError('The sealed value is not in a known format.');
  const key = await deriveKey(env, 'email-body');
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(ivText), additionalData: encoder.encode(context) },
      key,
      fromBase64(dataText),
    );
    return decoder.decode(plain);
  } catch {
    throw new DataKeyError('The sealed value does not open with the current DATA_ENCRYPTION_KEY.');
  }
}

/**
 * The link secrets that are derived, never stored: a calendar feed URL
 * (modules/events/calendar-feed.ts) and a one-click unsubscribe link (modules/mail/email-preferences.ts).
 * Each has its own key, so a MAC of one kind never passes as the other.
 */
export type LinkMacPurpose = 'calendar-feed' | 'unsubscribe';

/** HMAC-SHA-256 of a message under the purpose's key, base64url (43 characters). */
export async function linkMac(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, purpose: LinkMacPurpose, message: string): Promise<string> {
  const key = await deriveKey(env, purpose);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message))));
}

/** Checks a MAC from a URL in constant time (crypto.subtle.verify compares the whole tag). */
export async function verifyLinkMac(
  env: Pick<Env, 'DATA_ENCRYPTION_KEY'>,
  purpose: LinkMacPurpose,
  message: string,
  mac: string,
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(mac)) return false;
  const key = await deriveKey(env, purpose);
  return crypto.subtle.verify('HMAC', key, fromBase64(mac), encoder.encode(message));
}
