import { asc, eq, gt } from 'drizzle-orm';
import { CSV_BOM, csvRecord } from '../../../shared/csv';
import { membershipStatus } from '../../../shared/membership-term';
import { memberProfiles } from '../../db/schema/members';
import { users } from '../../db/schema/users';
import type { Actor } from '../../platform/actor';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { requireAdmin } from '../../platform/guards';
import { todayOf } from '../membership/terms';

/** GET /api/admin/members.csv's columns (issue 24), in this order. */
export const ROSTER_COLUMNS = ['email', 'name', 'type', 'admin', 'member_since', 'renews_on', 'status', 'city', 'country'] as const;

/** Members read per D1 query while the file streams: memory holds one page, never the roster. */
export const ROSTER_PAGE = 500;

function rosterPage(deps: Deps, afterId: number) {
  return deps.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      type: users.type,
      admin: users.isAdmin,
      memberSince: users.memberSince,
      renewsOn: users.renewsOn,
      city: memberProfiles.city,
      country: memberProfiles.country,
    })
    .from(users)
    .leftJoin(memberProfiles, eq(memberProfiles.userId, users.id))
    .where(gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(ROSTER_PAGE);
}

/**
 * The roster as CSV for Excel and Numbers: a BOM, CRLF line ends, dates YYYY-MM-DD, no cell that
 * runs as a formula (src/shared/csv.ts). A ReadableStream that reads the members a page at a
 * time by id (the primary key) as the client takes the bytes. City and country come from her
 * profile (issue 22). The download is audited.
 */
export async function exportRoster(deps: Deps, actor: Actor): Promise<{ filename: string; stream: ReadableStream<Uint8Array> }> {
  const admin = requireAdmin(actor);
  const today = todayOf(deps);
  await auditEntry(deps, admin, 'roster.export', { type: 'roster', id: today }).run();
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRecord([...ROSTER_COLUMNS])));
        return;
      }
      const rows = await rosterPage(deps, afterId);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      afterId = rows.at(-1)!.id;
      const text = rows
        .map((u) =>
          csvRecord([
            u.email,
            u.name,
            u.type,
            u.admin ? 'yes' : 'no',
            u.memberSince,
            u.renewsOn,
            membershipStatus({ renews_on: u.renewsOn, admin: u.admin }, today),
            // Her profile's (issue 22), whoever may see them: the roster is the admins'.
            u.city ?? '',
            u.country ?? '',
          ]),
        )
        .join('');
      controller.enqueue(encoder.encode(text));
      if (rows.length < ROSTER_PAGE) controller.close();
    },
  });
  return { filename: `owow-roster-${today}.csv`, stream };
}
