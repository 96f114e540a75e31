import { sql } from 'drizzle-orm';
import { utcDate } from '../../../shared/membership-term';
import { memberActivity } from '../../db/schema/member-activity';
import type { Deps } from '../../platform/deps';

/** A visit moves her day's last_at at most this often: at most one write a member an hour. */
export const ACTIVITY_WRITE_EVERY_MS = 60 * 60 * 1000;

/**
 * Records that a member used the club at `at` (issue 42): her day's row is created the first time,
 * and later moves only on a sign-in or when its last_at is an hour old, so the statement writes
 * nothing the rest of the time (the conflict's WHERE). The session's hourly touch and each
 * sign-in run it beside their own write (auth/sessions.ts).
 */
export function recordActivityQuery(deps: Pick<Deps, 'db'>, userId: number, at: number, opts: { signIn?: boolean } = {}) {
  const signedInAt = opts.signIn ? at : null;
  return deps.db
    .insert(memberActivity)
    .values({ userId, day: utcDate(at), firstAt: at, lastAt: at, signedInAt })
    .onConflictDoUpdate({
      target: [memberActivity.userId, memberActivity.day],
      set: {
        lastAt: sql`max(${memberActivity.lastAt}, excluded.last_at)`,
        signedInAt: sql`coalesce(excluded.signed_in_at, ${memberActivity.signedInAt})`,
      },
      setWhere: sql`excluded.signed_in_at IS NOT NULL OR ${memberActivity.lastAt} <= excluded.last_at - ${ACTIVITY_WRITE_EVERY_MS}`,
    });
}
