import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { addDays, earliestRenewsOn, GRACE_DAYS, termOf, utcDate, type MembershipTerm } from '../../../shared/membership-term';
import {
  termTooShortMessage,
  type RenewalsOverview,
  type RenewalView,
  type RenewMembershipInput,
} from '../../../shared/schemas/membership-terms';
import { DUE_FILTER_DAYS, type UserStatusFilter } from '../../../shared/schemas/membership';
import { columnRef } from '../../db/column-ref';
import { membershipRenewals } from '../../db/schema/membership-terms';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { requireAdmin } from '../../platform/guards';
import type { Deps } from '../../platform/deps';
import { guardedAuditQuery } from './membership-common';
import { recheckLiveSockets } from '../notifications/live-publish';

/** Today's date in UTC, the day every term is read on (DECISIONS "Membership terms"). */
export const todayOf = (deps: Pick<Deps, 'now'>): string => utcDate(deps.now());

/**
 * The members of a status on `today`, as a condition on users (src/shared/membership-term.ts in
 * SQL: YYYY-MM-DD compares as the calendar does). Admins never lapse: they are always active.
 * `indexed: false` writes renews_on as +renews_on, which keeps SQLite on the caller's index (User
 * Management walks names in order and tests each member, as its search does). `tableAlias`: the
 * users row under another name.
 */
export function memberStatusCondition(status: UserStatusFilter, today: string, opts: { indexed?: boolean; tableAlias?: string } = {}): SQL {
  const renewsOn =
    opts.indexed === false ? sql`+${columnRef(users.renewsOn, opts.tableAlias)}` : columnRef(users.renewsOn, opts.tableAlias);
  const admin = columnRef(users.isAdmin, opts.tableAlias);
  const graceFrom = addDays(today, -GRACE_DAYS);
  switch (status) {
    case 'active':
      return sql`(${admin} = 1 OR ${renewsOn} > ${today})`;
    case 'grace':
      return sql`(${admin} = 0 AND ${renewsOn} <= ${today} AND ${renewsOn} > ${graceFrom})`;
    case 'lapsed':
      return sql`(${admin} = 0 AND ${renewsOn} <= ${graceFrom})`;
    case 'due':
    case 'due_60':
    case 'due_90':
      return sql`(${admin} = 0 AND ${renewsOn} > ${today} AND ${renewsOn} <= ${addDays(today, DUE_FILTER_DAYS[status])})`;
  }
}

/**
 * PUT /api/users/{id}/membership and admin.users.renew: an admin records a renewal. The new
 * renews_on is any date at least six months after member_since (SPEC 9); the change, her history
 * row and the audit entry are one batch, and the history row and audit entry are written only if
 * the UPDATE found her term as it was read (two admins renewing at once: one wins, the other 409).
 */
export async function renewMembership(deps: Deps, actor: Actor, input: RenewMembershipInput): Promise<MembershipTerm> {
  const admin = requireAdmin(actor);
  const [member] = await deps.db
    .select({ id: users.id, email: users.email, memberSince: users.memberSince, renewsOn: users.renewsOn, admin: users.isAdmin })
    .from(users)
    .where(eq(users.id, input.id))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND', /*i18n*/ 'Member not found.');
  if (input.renews_on < earliestRenewsOn(member.memberSince)) {
    const message = termTooShortMessage(member.memberSince);
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { renews_on: [message] } });
  }
  const now = deps.now();
  const renewed = and(eq(users.id, member.id), eq(users.renewsOn, input.renews_on), eq(users.updatedAt, now));
  const [[changed]] = await deps.db.batch([
    deps.db
      .update(users)
      .set({ renewsOn: input.renews_on, updatedAt: now })
      .where(and(eq(users.id, member.id), eq(users.renewsOn, member.renewsOn)))
      .returning({ id: users.id }),
    deps.db
      .insert(membershipRenewals)
      .select(
        sql`SELECT NULL, ${member.id}, ${member.renewsOn}, ${input.renews_on}, ${input.note}, ${admin.id}, ${now} FROM ${users} WHERE ${renewed} LIMIT 1`,
      ),
    guardedAuditQuery(
      deps,
      admin,
      {
        action: 'user.renew',
        target: { type: 'user', id: member.id },
        details: { email: member.email, from: member.renewsOn, to: input.renews_on },
        at: now,
      },
      users,
      renewed,
    ),
  ]);
  if (!changed) throw new AppError('CONFLICT', /*i18n*/ 'Her membership was changed meanwhile. Please look again.');
  // A term set in the past may lapse her: her open pages stop following the club.
  recheckLiveSockets(deps, member.id);
  return termOf({ member_since: member.memberSince, renews_on: input.renews_on, admin: member.admin }, todayOf(deps));
}

/**
 * Who may receive the club's news and its email about an event (an announcement, the reminder, a
 * waitlist place, a confirmation, an invitation, and every notification): any member but a lapsed
 * one, who keeps her own data and nothing else (DECISIONS "Membership terms") until an admin
 * renews her. A condition on the member id `memberId` (an SQL expression, qualified), on `today`.
 */
export function receivesClubNewsSql(memberId: SQL, today: string): SQL {
  const lapsed = memberStatusCondition('lapsed', today, { tableAlias: 'news_recipient' });
  return sql`NOT EXISTS (SELECT 1 FROM ${users} AS "news_recipient" WHERE "news_recipient"."id" = ${memberId} AND ${lapsed})`;
}

const recorder = alias(users, 'recorder');

/** Her renewals, newest first (the Profile dialog shows the last RENEWALS_SHOWN). */
export function renewalHistoryQuery(deps: Deps, userId: number, limit: number) {
  return deps.db
    .select({
      id: membershipRenewals.id,
      previousRenewsOn: membershipRenewals.previousRenewsOn,
      renewsOn: membershipRenewals.renewsOn,
      note: membershipRenewals.note,
      recordedBy: recorder.name,
      recordedById: membershipRenewals.recordedBy,
      createdAt: membershipRenewals.createdAt,
    })
    .from(membershipRenewals)
    .leftJoin(recorder, eq(recorder.id, membershipRenewals.recordedBy))
    .where(eq(membershipRenewals.userId, userId))
    .orderBy(desc(membershipRenewals.id))
    .limit(limit);
}

export function toRenewalView(r: Awaited<ReturnType<typeof renewalHistoryQuery>>[number]): RenewalView {
  return {
    id: r.id,
    previous_renews_on: r.previousRenewsOn,
    renews_on: r.renewsOn,
    note: r.note,
    recorded_by: r.recordedBy,
    recorded_by_id: r.recordedById,
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** The admin dashboard: renewals due in the next 30 days and members in grace, two ranges of users_renews_idx. */
export async function renewalsOverview(deps: Deps, actor: Actor): Promise<RenewalsOverview> {
  requireAdmin(actor);
  const today = todayOf(deps);
  const count = (status: UserStatusFilter, name: string) =>
    sql<number>`(SELECT count(*) FROM ${users} WHERE ${memberStatusCondition(status, today)})`.mapWith(Number).as(name);
  const [row] = await deps.db.select({ due_soon: count('due', 'due_count'), grace: count('grace', 'grace_count') }).from(sql`(SELECT 1)`);
  return row ?? { due_soon: 0, grace: 0 };
}
