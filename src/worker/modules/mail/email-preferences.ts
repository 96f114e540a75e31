import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type * as z from 'zod';
import type { EmailPreferences, UnsubscribeParamsSchema } from '../../../shared/schemas/account';
import { DIGEST_CATEGORY, isNotificationKind, type UnsubscribeCategory } from '../../../shared/notifications';
import { EMAIL_CATEGORIES, emailOptOuts, type EmailCategory } from '../../db/schema/email-preferences';
import type { EMAIL_KINDS } from '../../db/schema/email';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import type { Deps } from '../../platform/deps';
import type { Env } from '../../platform/env';
import { requireMember } from '../../platform/guards';
import { linkMac, verifyLinkMac } from '../../platform/data-encryption';
import { appLink } from './layout';
import { turnOffEmailsOf } from '../notifications/preferences';

/*
 * DECISIONS "The member's own data": announcements, group mail and event reminders are optional;
 * account emails and invitations addressed to her are always sent. Every optional email carries a
 * one-click unsubscribe link (footer) and the RFC 8058 headers, added per recipient by the
 * consumer, with a token derived by HMAC from the Worker secret (nothing stored in D1).
 */

type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The optional category of a kind of email; null for emails that are always sent. A kind with a
 * category builds its recipients with optedOutSql(users.id, category): the footer, the headers
 * and the skipping then follow. Issue 23 made a waitlist place and a stay's steps notification
 * kinds with her own email choice (instant by default): their emails are those kinds' instant
 * emails, skipped when she chose otherwise (enqueue.ts asks her choice), and carry the kind's
 * one-click unsubscribe like every notification email.
 */
export function categoryOfKind(kind: EmailKind): UnsubscribeCategory | null {
  switch (kind) {
    case 'group':
      return 'group_mail';
    case 'event_announcement':
      return 'announcements';
    case 'event_reminder':
      return 'reminders';
    case 'event_waitlist_place':
      return 'waitlist_place';
    case 'home_stay':
      return 'stay';
    case 'notification_digest':
      return DIGEST_CATEGORY;
    default: {
      const notified = kind.startsWith('notification_') ? kind.slice('notification_'.length) : '';
      return isNotificationKind(notified) ? notified : null;
    }
  }
}

/** Where the body says the recipient's own unsubscribe URL (replaced per recipient when sent). */
export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}';

/** True when the member turned this category off: a column for the recipient queries. */
export function optedOutSql(userId: SQLiteColumn | SQL, category: EmailCategory): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${emailOptOuts} where ${emailOptOuts.userId} = ${userId} and ${emailOptOuts.category} = ${category})`.mapWith(
    Boolean,
  );
}

const macMessage = (userId: number, category: UnsubscribeCategory) => `unsubscribe:${userId}:${category}`;

/** A member's one-click unsubscribe URL for a category, on the configured APP_ORIGIN. */
export async function unsubscribeUrl(env: Pick<Env, 'DATA_ENCRYPTION_KEY' | 'APP_ORIGIN'>, userId: number, category: UnsubscribeCategory) {
  const token = await linkMac(env, 'unsubscribe', macMessage(userId, category));
  return appLink(env.APP_ORIGIN, `/unsubscribe/${userId}/${category}/${token}`);
}

/**
 * What an optional email carries for one recipient: the unsubscribe URL for the footer and the
 * List-Unsubscribe headers (RFC 2369 + RFC 8058). Null for emails that are always sent, and for a
 * delivery with no member behind it.
 */
export async function unsubscribeExtras(
  env: Pick<Env, 'DATA_ENCRYPTION_KEY' | 'APP_ORIGIN'>,
  kind: EmailKind,
  userId: number | null,
): Promise<{ url: string; headers: Record<string, string> } | null> {
  const category = categoryOfKind(kind);
  if (!category || userId === null) return null;
  const url = await unsubscribeUrl(env, userId, category);
  return { url, headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/** The footer link of a sent body: her own URL, or Settings when the delivery has no member. */
export function fillUnsubscribe(content: string, url: string | null, appOrigin: string): string {
  if (!content.includes(UNSUBSCRIBE_PLACEHOLDER)) return content;
  return content.split(UNSUBSCRIBE_PLACEHOLDER).join(url ?? appLink(appOrigin, '/settings'));
}

async function readPreferences(deps: Deps, userId: number): Promise<EmailPreferences> {
  const rows = await deps.db.select({ category: emailOptOuts.category }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  const off = new Set(rows.map((r) => r.category));
  return { announcements: !off.has('announcements'), group_mail: !off.has('group_mail'), reminders: !off.has('reminders') };
}

/** Settings > Email. */
export async function getEmailPreferences(deps: Deps, actor: Actor): Promise<EmailPreferences> {
  const me = requireMember(actor);
  return readPreferences(deps, me.id);
}

/** Saves all three at once, in one batch. */
export async function updateEmailPreferences(deps: Deps, actor: Actor, input: EmailPreferences): Promise<EmailPreferences> {
  const me = requireMember(actor);
  const now = deps.now();
  const off = EMAIL_CATEGORIES.filter((c) => !input[c]);
  const on = EMAIL_CATEGORIES.filter((c) => input[c]);
  const writes = [
    ...on.map((c) => deps.db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, me.id), eq(emailOptOuts.category, c)))),
    ...off.map((c) => deps.db.insert(emailOptOuts).values({ userId: me.id, category: c, createdAt: now }).onConflictDoNothing()),
  ];
  await deps.db.batch([writes[0]!, ...writes.slice(1)]);
  return readPreferences(deps, me.id);
}

export type UnsubscribeParams = z.output<typeof UnsubscribeParamsSchema>;

/** Checks an unsubscribe link's token; a wrong one is a 404 (it names no member). */
export async function checkUnsubscribeLink(env: Pick<Env, 'DATA_ENCRYPTION_KEY'>, p: UnsubscribeParams): Promise<void> {
  const ok = await verifyLinkMac(env, 'unsubscribe', macMessage(p.userId, p.category), p.token);
  if (!ok) throw new AppError('NOT_FOUND', /*i18n*/ 'This unsubscribe link is not valid.');
}

/**
 * One-click unsubscribe (the POST a mail client sends, or the page's button): no session, the
 * token is the proof. Idempotent; a member deleted since is simply nothing to do.
 */
export async function unsubscribe(deps: Deps, p: UnsubscribeParams): Promise<void> {
  await checkUnsubscribeLink(deps.env, p);
  // A notification kind, or the daily summary (every kind she gets daily): her choice becomes off.
  if (p.category === DIGEST_CATEGORY || isNotificationKind(p.category)) return turnOffEmailsOf(deps, p.userId, p.category);
  await deps.db.run(
    sql`insert or ignore into ${emailOptOuts} (user_id, category, created_at) select id, ${p.category}, ${deps.now()} from users where id = ${p.userId}`,
  );
}
