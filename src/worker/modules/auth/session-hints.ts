import type { MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import type { Rider } from '../../platform/d1-first-trip';
import { readSessionRow, sessionRowStatement, touchSession } from './sessions';

/**
 * Who each session was the last time this isolate checked it (issue 29, ADR 0020): a hint, never
 * an answer. A read that finds its session here runs with that member at once, and the session's
 * row rides in the same D1 batch as the page's reads (platform/d1-first-trip.ts); the answer is
 * kept only when the row still says the same member, so a session ended elsewhere, idle too long
 * or past its expiry, or a member whose role changed, is never served from the hint. Keyed by the
 * session's id (the token's SHA-256, as D1 keys it), never the token. Bounded: the oldest goes.
 */
const MAX_HINTS = 2000;
const hints = new Map<string, MemberActor>();

/** A copy: a request may extend its actor (lapsed-gate.ts), never the hint of the next one. */
export function hintFor(sessionId: string): MemberActor | undefined {
  const hint = hints.get(sessionId);
  return hint && { ...hint, membership: { ...hint.membership } };
}

export function rememberHint(actor: MemberActor): void {
  hints.delete(actor.sessionId);
  hints.set(actor.sessionId, { ...actor, membership: { ...actor.membership }, keepsLapsedAccess: undefined });
  if (hints.size > MAX_HINTS) hints.delete(hints.keys().next().value!);
}

export function forgetHint(sessionId: string): void {
  hints.delete(sessionId);
}

/** The hint proved wrong: the request runs again with the session as D1 has it. */
export class StaleSessionHint extends AppError {
  constructor() {
    super('UNAUTHORIZED', /*i18n*/ 'Your session has changed. Please try again.');
  }
}

const same = (a: MemberActor, b: MemberActor) =>
  a.id === b.id &&
  a.name === b.name &&
  a.email === b.email &&
  a.type === b.type &&
  a.isAdmin === b.isAdmin &&
  a.hasAdminFlag === b.hasAdminFlag &&
  a.mustChangePassword === b.mustChangePassword &&
  a.twoFactorEnabled === b.twoFactorEnabled &&
  a.sessionId === b.sessionId &&
  a.language === b.language &&
  a.theme === b.theme &&
  a.membership.member_since === b.membership.member_since &&
  a.membership.renews_on === b.membership.renews_on &&
  a.membership.status === b.membership.status;

/** The session check of a hinted request, to ride on its first D1 round trip. */
export function hintCheck(deps: Deps, hint: MemberActor): Rider {
  const { sql, params } = sessionRowStatement(hint.sessionId);
  return {
    sql,
    params,
    check(row) {
      const { actor, touch } = readSessionRow(row, deps.now());
      if (!actor || !same(actor, hint)) {
        // The request runs again without the hint, and that run deletes an ended session.
        forgetHint(hint.sessionId);
        throw new StaleSessionHint();
      }
      if (touch) touchSession(deps, actor);
      rememberHint(actor);
    },
  };
}
