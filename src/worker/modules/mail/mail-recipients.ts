import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type * as z from 'zod';
import type { MailMember, RecipientsInputSchema } from '../../../shared/schemas/mail';
import type { Actor, MemberActor } from '../../platform/actor';
import { users } from '../../db/schema/users';
import { chunk, type EmailRecipient } from './enqueue';
import { requireAdmin } from '../../platform/guards';
import type { Deps } from '../../platform/deps';
import { optedOutSql } from './email-preferences';

export type RecipientsData = z.output<typeof RecipientsInputSchema>;

// Ids bound per IN list (D1 binds at most 100 parameters per statement).
const IDS_PER_QUERY = 99;

/**
 * The WHERE clauses that pick a group's members: one clause, or one per chunk of chosen ids.
 * DECISIONS: 'testing' is only the sending admin; 'selected' only the chosen ids.
 */
function groupFilters(admin: MemberActor, input: RecipientsData): SQL[] {
  switch (input.recipientGroup) {
    case 'all':
      return [];
    case 'founding':
      return [eq(users.type, 'Founding')];
    case 'standard':
      return [eq(users.type, 'Standard')];
    case 'travel':
      return [eq(users.type, 'Travel Host')];
    case 'admins':
      return [eq(users.isAdmin, true)];
    case 'testing':
      return [eq(users.id, admin.id)];
    case 'selected':
      return chunk([...new Set(input.selectedMemberIds)], IDS_PER_QUERY).map((ids) => inArray(users.id, ids));
  }
}

/**
 * Whether a member of the group turned group mail off. The 'testing' group is the sending admin
 * checking her own message: it always reaches her.
 */
const optedOutOfGroupMail = (input: RecipientsData) =>
  input.recipientGroup === 'testing' ? sql<boolean>`0`.mapWith(Boolean) : optedOutSql(users.id, 'group_mail');

/** The members a group mail goes to (optedOut: recorded as skipped), in one D1 round trip whatever the group. */
export async function resolveRecipients(
  deps: Deps,
  admin: MemberActor,
  input: RecipientsData,
): Promise<(EmailRecipient & { userId: number; optedOut: boolean })[]> {
  const base = () =>
    deps.db.select({ userId: users.id, email: users.email, name: users.name, optedOut: optedOutOfGroupMail(input) }).from(users);
  const filters = groupFilters(admin, input);
  if (filters.length === 0) return input.recipientGroup === 'selected' ? [] : base().orderBy(asc(users.id));
  if (filters.length === 1) return base().where(filters[0]);
  const [first, ...rest] = filters.map((f) => base().where(f));
  return (await deps.db.batch([first!, ...rest])).flat();
}

/**
 * How many members a send would reach (the compose page shows it before sending): count is the
 * group's size, optedOut how many of them turned group mail off (skipped when sent).
 */
export async function countRecipients(deps: Deps, actor: Actor, input: RecipientsData): Promise<{ count: number; optedOut: number }> {
  const admin = requireAdmin(actor);
  const filters = groupFilters(admin, input);
  const optedOut = sql<number>`coalesce(sum(${optedOutOfGroupMail(input)}), 0)`.mapWith(Number);
  const counted = (where?: SQL) => deps.db.select({ n: count(), off: optedOut }).from(users).where(where);
  if (filters.length === 0) {
    if (input.recipientGroup === 'selected') return { count: 0, optedOut: 0 };
    const row = (await counted())[0];
    return { count: row?.n ?? 0, optedOut: row?.off ?? 0 };
  }
  const [first, ...rest] = filters.map((f) => counted(f));
  const results = await deps.db.batch([first!, ...rest]);
  return {
    count: results.reduce((sum, rows) => sum + (rows[0]?.n ?? 0), 0),
    optedOut: results.reduce((sum, rows) => sum + (rows[0]?.off ?? 0), 0),
  };
}

/** GET /api/admin/get-members: every member for the 'selected' picker, by name. */
export async function listMailMembers(deps: Deps, actor: Actor): Promise<MailMember[]> {
  requireAdmin(actor);
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type, isAdmin: users.isAdmin })
    .from(users)
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ user_id: r.id, name: r.name, email: r.email, type: r.type, admin: r.isAdmin }));
}
