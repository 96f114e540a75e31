import { and, eq, sql, type SQL } from 'drizzle-orm';
import { todayInZone, zonedTimeToUtc } from '../../../shared/date-format';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIGEST_CATEGORY,
  DIGEST_HOUR,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  type EmailMode,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../shared/notifications';
import type { NotificationPreferencesInput, NotificationSettings, NotificationSettingsInput } from '../../../shared/schemas/notifications';
import { defaultPushPreferences, pushByDefault, type PushPreferences } from '../../../shared/push';
import { notificationPreferences, notificationSettings } from '../../db/schema/notifications';
import { pushPreferences } from '../../db/schema/push';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { requireMember } from '../../platform/guards';

/*
 * Her email choice per kind (off, instant, daily) and her time zone (issue 23). Only the choices
 * that differ from a kind's default are stored, so a member who never opened Settings costs no
 * row. This file imports nothing of the mail module: mail's unsubscribe and enqueue use it.
 */

/** Her email choice for a kind, as SQL on a member id expression (the default when she made none). */
export function emailModeSql(memberId: SQL, kind: NotificationKind): SQL<EmailMode> {
  return sql<EmailMode>`coalesce((SELECT "pref"."mode" FROM ${notificationPreferences} AS "pref"
    WHERE "pref"."user_id" = ${memberId} AND "pref"."kind" = ${kind}), ${NOTIFICATION_KIND_INFO[kind].defaultEmail})`;
}

/** Her email choice for the kind of a row (both named by SQL expressions), as above. */
export function emailModeOfRowSql(memberId: SQL, kind: SQL): SQL<EmailMode> {
  const defaults = sql.join(
    NOTIFICATION_KINDS.map((k) => sql`WHEN ${k} THEN ${NOTIFICATION_KIND_INFO[k].defaultEmail}`),
    sql` `,
  );
  return sql<EmailMode>`coalesce((SELECT "pref"."mode" FROM ${notificationPreferences} AS "pref"
    WHERE "pref"."user_id" = ${memberId} AND "pref"."kind" = ${kind}), CASE ${kind} ${defaults} END)`;
}

/**
 * She does not want this kind by email at once (off, or daily): for the modules that send a
 * kind's instant email themselves (a stay's steps, a waitlist place), through mail/enqueue.ts.
 */
export function instantEmailOffSql(memberId: SQL, kind: NotificationKind): SQL<boolean> {
  return sql<boolean>`(${emailModeSql(memberId, kind)} <> 'instant')`;
}

async function readPreferences(deps: Deps, userId: number): Promise<NotificationPreferences> {
  const rows = await deps.db
    .select({ kind: notificationPreferences.kind, mode: notificationPreferences.mode })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...Object.fromEntries(rows.map((r) => [r.kind, r.mode])) };
}

/** Her push choice per kind (issue 40), the defaults where she made none. */
async function readPushPreferences(deps: Deps, userId: number): Promise<PushPreferences> {
  const rows = await deps.db
    .select({ kind: pushPreferences.kind, enabled: pushPreferences.enabled })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return { ...defaultPushPreferences(), ...Object.fromEntries(rows.map((r) => [r.kind, r.enabled])) };
}

/** She wants this kind pushed, as SQL on a member id expression (the kind's default when she made no choice). */
export function pushEnabledSql(memberId: SQL, kind: SQL): SQL<boolean> {
  const defaults = sql.join(
    NOTIFICATION_KINDS.map((k) => sql`WHEN ${k} THEN ${pushByDefault(k) ? 1 : 0}`),
    sql` `,
  );
  return sql<boolean>`coalesce((SELECT "pp"."enabled" FROM ${pushPreferences} AS "pp"
    WHERE "pp"."user_id" = ${memberId} AND "pp"."kind" = ${kind}), CASE ${kind} ${defaults} ELSE 0 END)`;
}

/** Every kind's email choice, and `push`: every kind on or off (GET /api/notification-preferences). */
export type NotificationChoices = NotificationPreferences & { push: PushPreferences };

async function readChoices(deps: Deps, userId: number): Promise<NotificationChoices> {
  const [email, push] = await Promise.all([readPreferences(deps, userId), readPushPreferences(deps, userId)]);
  return { ...email, push };
}

/** GET /api/notification-preferences: every kind. */
export async function getNotificationPreferences(deps: Deps, actor: Actor): Promise<NotificationChoices> {
  const me = requireMember(actor);
  return readChoices(deps, me.id);
}

/** Writes the choices given (any subset) in one batch; a default chosen again removes its row. */
function writeChoices(deps: Deps, userId: number, choices: Partial<NotificationPreferences>) {
  const now = deps.now();
  return (Object.entries(choices) as [NotificationKind, EmailMode][]).map(([kind, mode]) =>
    mode === NOTIFICATION_KIND_INFO[kind].defaultEmail
      ? deps.db
          .delete(notificationPreferences)
          .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
      : deps.db
          .insert(notificationPreferences)
          .values({ userId, kind, mode, updatedAt: now })
          .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { mode, updatedAt: now } }),
  );
}

/** The push choices given, as writeChoices does the email ones. */
function writePushChoices(deps: Deps, userId: number, choices: Partial<PushPreferences>) {
  const now = deps.now();
  return (Object.entries(choices) as [NotificationKind, boolean | undefined][])
    .filter((entry): entry is [NotificationKind, boolean] => entry[1] !== undefined)
    .map(([kind, enabled]) =>
      enabled === pushByDefault(kind)
        ? deps.db.delete(pushPreferences).where(and(eq(pushPreferences.userId, userId), eq(pushPreferences.kind, kind)))
        : deps.db
            .insert(pushPreferences)
            .values({ userId, kind, enabled, updatedAt: now })
            .onConflictDoUpdate({ target: [pushPreferences.userId, pushPreferences.kind], set: { enabled, updatedAt: now } }),
    );
}

/** PUT /api/notification-preferences: any subset (of the email choices and of `push`); answers the whole object. */
export async function updateNotificationPreferences(
  deps: Deps,
  actor: Actor,
  input: NotificationPreferencesInput,
): Promise<NotificationChoices> {
  const me = requireMember(actor);
  const { push, ...email } = input;
  const given = Object.fromEntries(Object.entries(email).filter(([, v]) => v !== undefined)) as Partial<NotificationPreferences>;
  const writes = [...writeChoices(deps, me.id, given), ...writePushChoices(deps, me.id, push ?? {})];
  if (writes.length > 0) await deps.db.batch([writes[0]!, ...writes.slice(1)]);
  return readChoices(deps, me.id);
}

/**
 * A one-click unsubscribe of a kind (or of the daily summary: every kind she gets daily) from an
 * email's link: no session, the link's token is the proof (mail/unsubscribe-routes.ts).
 */
export async function turnOffEmailsOf(deps: Deps, userId: number, category: NotificationKind | typeof DIGEST_CATEGORY): Promise<void> {
  const current = await readPreferences(deps, userId);
  const kinds = category === DIGEST_CATEGORY ? NOTIFICATION_KINDS.filter((k) => current[k] === 'daily') : [category];
  const writes = writeChoices(deps, userId, Object.fromEntries(kinds.map((k) => [k, 'off'])));
  // A member deleted since has no rows to write (the foreign key would refuse them): nothing to do.
  const [exists] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (writes.length > 0 && exists) await deps.db.batch([writes[0]!, ...writes.slice(1)]);
}

/** The next time it is 07:00 in the zone after `now` (the daily summary's hour). */
export function nextDigestAt(now: number, timeZone: string): number {
  const today = todayInZone(now, timeZone);
  const hour = `${String(DIGEST_HOUR).padStart(2, '0')}:00`;
  const at = zonedTimeToUtc(today, hour, timeZone);
  if (at > now) return at;
  const [y, m, d] = today.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
  return zonedTimeToUtc(tomorrow, hour, timeZone);
}

/** Her zone (UTC until her browser told it). */
export async function getNotificationSettings(deps: Deps, actor: Actor): Promise<NotificationSettings> {
  const me = requireMember(actor);
  const [row] = await deps.db
    .select({ timeZone: notificationSettings.timeZone })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, me.id));
  return { timeZone: row?.timeZone ?? 'UTC' };
}

/** Her browser's zone, sent by the app: the next daily summary moves to 07:00 there. */
export async function updateNotificationSettings(
  deps: Deps,
  actor: Actor,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const me = requireMember(actor);
  const now = deps.now();
  const next = nextDigestAt(now, input.timeZone);
  await deps.db
    .insert(notificationSettings)
    .values({ userId: me.id, timeZone: input.timeZone, nextDigestAt: next, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      // A summary already sent today (last_digest_at) is not sent again: the next is tomorrow's.
      set: { timeZone: input.timeZone, nextDigestAt: next, updatedAt: now },
    });
  return { timeZone: input.timeZone };
}

/**
 * Makes sure the members named by `memberIds` (a SELECT of "user_id") have a settings row, so the
 * daily summary finds them: UTC and 07:00 UTC until their browser tells their zone.
 */
export function ensureSettingsQuery(deps: Deps, memberIds: SQL, now: number) {
  return deps.db
    .insert(notificationSettings)
    .select(sql`SELECT "m"."user_id", 'UTC', ${nextDigestAt(now, 'UTC')}, NULL, ${now} FROM (${memberIds}) AS "m" WHERE true`)
    .onConflictDoNothing();
}

/** What her export (issue 12) carries of this module: her choices and her zone. */
export async function notificationDataOf(deps: Deps, userId: number) {
  const [prefs, push, settings] = await Promise.all([
    readPreferences(deps, userId),
    readPushPreferences(deps, userId),
    deps.db.select({ timeZone: notificationSettings.timeZone }).from(notificationSettings).where(eq(notificationSettings.userId, userId)),
  ]);
  return { notificationEmails: prefs, notificationPush: push, timeZone: settings[0]?.timeZone ?? 'UTC' };
}
