import * as z from 'zod';
import { SESSION_TOUCH_MS } from '../constants';
import './zod-config';

export { SESSION_TOUCH_MS };

/**
 * The public id of a session in Settings: derived one-way from the stored session id (itself the
 * SHA-256 of the cookie's token), so the list never carries the stored id or anything that signs in.
 */
export const SessionPublicIdSchema = z.string({ error: /*i18n*/ 'Invalid session.' }).regex(/^[0-9a-f]{32}$/, /*i18n*/ 'Invalid session.');

/** DELETE /api/account/sessions/{id} and auth.sessions.end. */
export const EndSessionInputSchema = z.object({ id: SessionPublicIdSchema });
export type EndSessionInput = z.input<typeof EndSessionInputSchema>;

/** One signed-in device of the member (GET /api/account/sessions). Times are ISO 8601 (UTC). */
export interface AccountSessionView {
  id: string;
  /** "Chrome 131", or null when the browser was not recognised. */
  browser: string | null;
  /** "macOS", or null when the system was not recognised. */
  os: string | null;
  created_at: string;
  /** Accurate to SESSION_TOUCH_MS. */
  last_seen_at: string;
  /** The session of the request that asked: "This device". */
  current: boolean;
  /** It began with a passkey sign-in (issue 25). */
  signed_in_with_passkey: boolean;
}

export interface AccountSessionList {
  sessions: AccountSessionView[];
}

export interface EndSessionResult {
  ok: true;
  /** The ended session was the caller's own: she is now signed out (the answer clears the cookie). */
  current: boolean;
}

export interface EndOtherSessionsResult {
  ended: number;
}
