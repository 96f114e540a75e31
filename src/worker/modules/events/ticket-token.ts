import { fromBase64, toBase64Url } from '../../platform/data-encryption';
import type { Env } from '../../platform/env';
import { TICKET_PATTERN } from '../../../shared/ticket';

/*
 * Issue 43: a participant's ticket is a signed token, "{event}.{member}.{serial}.{signature}":
 * ids only (nothing personal), the serial her participation's joined_at (so leaving voids it: a
 * place taken again has a new serial), and 128 bits of HMAC-SHA-256 under the TICKET_SIGNING_KEY
 * Worker secret, which D1 never holds. No expiry: it holds until the event's end and after (a
 * host may record attendance late). Nobody but the Worker can make one, so a screenshot of hers
 * works and a forged one does not; the event id inside makes another event's ticket refused.
 */

export interface TicketClaims {
  eventId: number;
  memberId: number;
  /** Her participation's joined_at (ms). */
  serial: number;
}

const encoder = new TextEncoder();
const MAC_BYTES = 16;

const keys = new Map<string, Promise<CryptoKey>>();

function signingKey(env: Pick<Env, 'TICKET_SIGNING_KEY'>): Promise<CryptoKey> {
  const secret = env.TICKET_SIGNING_KEY;
  let key = keys.get(secret ?? '');
  if (!key) {
    let raw: Uint8Array<ArrayBuffer> | null;
    try {
      raw = secret ? fromBase64(secret) : null;
    } catch {
      raw = null;
    }
    if (!raw || raw.length < 32) {
      throw new Error(
        'TICKET_SIGNING_KEY is missing or shorter than 32 bytes in base64. Locally npm start writes it into .dev.vars; ' +
          'when deploying run `wrangler secret put TICKET_SIGNING_KEY` (README, Deploy).',
      );
    }
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

async function macOf(env: Pick<Env, 'TICKET_SIGNING_KEY'>, c: TicketClaims): Promise<Uint8Array> {
  const message = `owow-club/ticket/v1/${c.eventId}/${c.memberId}/${c.serial}`;
  const full = new Uint8Array(await crypto.subtle.sign('HMAC', await signingKey(env), encoder.encode(message)));
  return full.subarray(0, MAC_BYTES);
}

export async function signTicket(env: Pick<Env, 'TICKET_SIGNING_KEY'>, c: TicketClaims): Promise<string> {
  return `${c.eventId}.${c.memberId}.${c.serial.toString(36)}.${toBase64Url(await macOf(env, c))}`;
}

/** The claims of a token the Worker signed, or null (malformed, or a signature it did not make). */
export async function readTicket(env: Pick<Env, 'TICKET_SIGNING_KEY'>, token: string): Promise<TicketClaims | null> {
  const m = TICKET_PATTERN.exec(token.trim());
  if (!m) return null;
  const claims = { eventId: Number(m[1]), memberId: Number(m[2]), serial: Number.parseInt(m[3]!, 36) };
  if (!Number.isSafeInteger(claims.serial)) return null;
  // Compared as its one canonical text (another spelling of the same bits is refused), every
  // character whatever the first difference: the time says nothing of the signature.
  const expected = toBase64Url(await macOf(env, claims));
  const given = m[4]!;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0 ? claims : null;
}
