import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PushSubscriptionView } from '../../../shared/push';
import type { PushSubscriptionInput } from '../../../shared/schemas/push';
import { pushSubscriptions } from '../../db/schema/push';
import { sessions } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { isLocal } from '../../platform/app-origin';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';
import { sessionPublicId } from '../auth/account-sessions';
import { vapidKeys } from './vapid';

/*
 * Issue 40: her devices' push subscriptions. One per device: a subscription belongs to the
 * session that sent it (a new endpoint from the same session replaces the old one), and goes with
 * it (sign-out, "Sign out" of that device in Settings, expiry, account deletion: the foreign key
 * cascades). The same endpoint sent again is updated, and moves to whoever sends it: a browser
 * has one endpoint, and it belongs to the member signed in there now.
 */

/** GET /api/push/key: the VAPID public key the browser subscribes with. */
export function pushPublicKey(deps: Deps, actor: Actor): { public_key: string } {
  requireMember(actor);
  return { public_key: vapidKeys(deps.env).publicKey };
}

/** Locally (npm start, the tests) the test push service is plain http on this machine. */
function endpointAllowed(deps: Deps, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return isLocal(deps.env) && (url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]');
}

/**
 * POST /api/push/subscriptions: this device's subscription, for her. Answers its id and whether it
 * is new (201) or an endpoint already known, updated (200).
 */
export async function savePushSubscription(
  deps: Deps,
  actor: Actor,
  input: PushSubscriptionInput,
): Promise<{ id: number; created: boolean }> {
  const me = requireMember(actor);
  if (!endpointAllowed(deps, input.endpoint)) {
    throw new AppError('BAD_REQUEST', /*i18n*/ 'endpoint must be an https URL.', {
      fieldErrors: { endpoint: ['endpoint must be an https URL.'] },
    });
  }
  const now = deps.now();
  const device = sql`coalesce("s"."browser", 'Unknown browser') || ' on ' || coalesce("s"."os", 'an unknown system')`;
  const expiresAt = input.expiration_time == null ? null : Date.parse(input.expiration_time);
  const [known, , saved] = await deps.db.batch([
    deps.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)),
    // One per device: this session's older subscription (another endpoint) goes.
    deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.sessionId, me.sessionId), ne(pushSubscriptions.endpoint, input.endpoint))),
    deps.db
      .insert(pushSubscriptions)
      .select(
        sql`SELECT NULL, ${me.id}, "s"."id", ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${expiresAt}, ${device}, ${now}, ${now}
          FROM ${sessions} AS "s" WHERE "s"."id" = ${me.sessionId}`,
      )
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: sql`excluded.user_id`,
          sessionId: sql`excluded.session_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          expiresAt: sql`excluded.expires_at`,
          userAgent: sql`excluded.user_agent`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ id: pushSubscriptions.id }),
  ]);
  const row = saved[0];
  // Her session ended between the check and the write: nothing was written.
  if (!row) throw new AppError('UNAUTHORIZED', /*i18n*/ 'Your session has ended. Sign in again.');
  return { id: row.id, created: known.length === 0 };
}

/** GET /api/push/subscriptions: her devices that receive push, oldest first. */
export async function listPushSubscriptions(deps: Deps, actor: Actor): Promise<PushSubscriptionView[]> {
  const me = requireMember(actor);
  const rows = await deps.db
    .select({
      id: pushSubscriptions.id,
      createdAt: pushSubscriptions.createdAt,
      userAgent: pushSubscriptions.userAgent,
      sessionId: pushSubscriptions.sessionId,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, me.id))
    .orderBy(asc(pushSubscriptions.id));
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      created_at: new Date(r.createdAt).toISOString(),
      user_agent: r.userAgent,
      session_id: await sessionPublicId(r.sessionId),
      current: r.sessionId === me.sessionId,
    })),
  );
}

/** DELETE /api/push/subscriptions/{id}: one of hers; another member's, or one gone, is 404. */
export async function deletePushSubscription(deps: Deps, actor: Actor, id: number): Promise<void> {
  const me = requireMember(actor);
  const gone = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, me.id)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND', /*i18n*/ 'This device does not receive push notifications.');
}
