import { sha256Hex } from '../../platform/crypto';

// DECISIONS "Privacy and trust": ten single-use recovery codes, shown once, stored only as hashes.
// Each is 16 characters of Crockford's base32 (80 random bits, so a plain SHA-256 cannot be
// reversed by trying codes), written in four groups: "k7dq-3mzp-x9ta-r2vh".

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 16;

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    // 32 symbols: a byte's low five bits are uniform.
    const chars = Array.from(crypto.getRandomValues(new Uint8Array(LENGTH)), (b) => ALPHABET[b & 31]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/**
 * A recovery code as typed: case, spaces and dashes ignored, and the letters Crockford's base32
 * leaves out read as the digits they look like (o as 0, i and l as 1). Null when it cannot be one.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const clean = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return clean.length === LENGTH && [...clean].every((c) => ALPHABET.includes(c)) ? clean : null;
}

/** What is stored for a code: bound to its member, so equal codes of two members never collide. */
export function recoveryCodeHash(userId: number, normalised: string): Promise<string> {
  return sha256Hex(`two-factor-recovery:${userId}:${normalised}`);
}
