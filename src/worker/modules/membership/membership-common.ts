import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { MemberActor } from '../../platform/actor';
import { auditLog } from '../../db/schema/membership';
import type { AuditAction } from '../../../shared/audit-actions';
import type { RequestMeta } from '../../platform/request-actor';
import type { Deps } from '../../platform/deps';

/**
 * The PUBLIC_FORM_LIMITER key of one public form for one client IP: each form has its own
 * budget, so filling in the application does not use up the forgot-password allowance.
 */
export function publicFormLimit(form: string, meta: RequestMeta): string {
  return `${form}:${meta.ip}`;
}

export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/**
 * An audit entry written only if `guard` matches a row of `table` when the batch reaches it. Put
 * after a conditional UPDATE in the same db.batch, with a guard that matches only the row that
 * UPDATE wrote (its actor and instant), it records the change exactly when the change happened.
 */
export function guardedAuditQuery(
  deps: Deps,
  actor: MemberActor,
  entry: { action: AuditAction; target: { type: string; id: string | number }; details: Record<string, unknown>; at: number },
  table: SQLiteTable,
  guard: SQL | undefined,
) {
  return deps.db.insert(auditLog).select((qb) =>
    qb
      .select({
        id: sql<number>`NULL`.as('id'),
        actorId: sql<number>`${actor.id}`.as('actor_id'),
        action: sql<string>`${entry.action}`.as('action'),
        targetType: sql<string>`${entry.target.type}`.as('target_type'),
        targetId: sql<string>`${String(entry.target.id)}`.as('target_id'),
        details: sql<string>`${JSON.stringify(entry.details)}`.as('details'),
        createdAt: sql<number>`${entry.at}`.as('created_at'),
      })
      .from(table)
      .where(guard)
      .limit(1),
  );
}
