import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '../../shared/audit-actions';
import { auditLog } from '../db/schema/membership';
import type { Deps } from './deps';
import type { MemberActor } from './actor';

/** The insert of one audit entry, to put in the same db.batch as the change it records. */
export function auditEntry(
  deps: Deps,
  actor: MemberActor,
  /** One of shared/audit-actions.ts, so the Audit log screen has a label for it. */
  action: AuditAction,
  target: { type: string; id: string | number },
  details?: Record<string, unknown>,
) {
  return deps.db.insert(auditLog).values({
    actorId: actor.id,
    action,
    targetType: target.type,
    targetId: String(target.id),
    details: details ?? null,
    createdAt: deps.now(),
  });
}

/**
 * auditEntry written only while `condition` (SQL) holds: for a change guarded by the same
 * condition in the same batch, so a refused change leaves no entry behind.
 */
export function auditEntryIf(
  deps: Deps,
  actor: MemberActor,
  action: AuditAction,
  target: { type: string; id: string | number },
  details: Record<string, unknown> | undefined,
  condition: SQL,
) {
  // Every column in table order (id left to SQLite); a builder, so it can go in a db.batch.
  return deps.db.insert(auditLog).select(
    sql`SELECT NULL, ${actor.id}, ${action}, ${target.type}, ${String(target.id)}, ${details ? JSON.stringify(details) : null}, ${deps.now()}
    WHERE ${condition}`,
  );
}
