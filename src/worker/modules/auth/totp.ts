// TOTP as DECISIONS "Privacy and trust" fixes it: RFC 6238 over RFC 4226 HOTP, HMAC-SHA-1,
// 6 digits, 30-second steps, one step of clock drift either way. WebCrypto only, so the same code
// runs in the Worker, in the scripts (seed, admin:create, scripts/totp.ts) and in the tests.

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of the current one (a phone clock a little off). */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 block RFC 4226 recommends; 32 characters of base32. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding (what authenticator apps expect). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people type it (any case, spaces, padding); null when it is not base32. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  if (!clean || !/^[A-Z2-7]+$/.test(clean)) return null;
  const out = new Uint8Array(Math.floor((clean.length * 5) / 8));
  let bits = 0;
  let value = 0;
  let i = 0;
  for (const ch of clean) {
    value = (value << 5) | BASE32.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out[i++] = (value >>> (bits - 8)) & 255;
      bits -= 8;
    }
  }
  return out;
}

/** A new random secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** A secret given by hand (SEED_ADMIN_TOTP_SECRET): at least 80 bits of base32, normalised. */
export function parseTotpSecret(text: string): string | null {
  const bytes = base32Decode(text);
  return bytes && bytes.length >= 10 ? base32Encode(bytes) : null;
}

/** The time step of a Unix time in milliseconds. */
export function timeStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

function hmacKey(secret: string): Promise<CryptoKey> {
  const raw = base32Decode(secret);
  if (!raw) throw new Error('The TOTP secret is not base32.');
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
}

/** RFC 4226 HOTP of one counter value, zero-padded to 6 digits. */
export async function hotp(secret: string, counter: number, key?: CryptoKey): Promise<string> {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key ?? (await hmacKey(secret)), message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | ((mac[offset + 1]! & 0xff) << 16) | ((mac[offset + 2]! & 0xff) << 8) | (mac[offset + 3]! & 0xff);
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The code an authenticator app shows at a given time (ms). */
export function totpCode(secret: string, atMs: number): Promise<string> {
  return hotp(secret, timeStep(atMs));
}

/** Compares two short strings without stopping at the first difference. */
function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A 6-digit code as typed ("123 456" included), or null when it is not one. */
export function normaliseTotpInput(code: string): string | null {
  const digits = code.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step a code belongs to, within one step of drift of `nowMs`, and only if it is later
 * than `lastUsedStep` (a code, or one older than it, is accepted once); null otherwise. Every
 * candidate is computed and compared, so timing does not tell which step matched.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null): Promise<number | null> {
  const current = timeStep(nowMs);
  const key = await hmacKey(secret);
  let matched: number | null = null;
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const ok = sameCode(await hotp(secret, step, key), code);
    if (ok && matched === null && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
