// The seed tells its story file by file, not day by day (ADR 0015): mail.ts sends the gala mail
// of twenty days ago after admin.ts resent an invitation three days ago. Rows carry the story's
// times, but their ids come out in the order the files ran. The app lists a few logs by id, newest
// first (the Audit log, Sent mail's All email, the dev mailbox), as it may: in the app an id never
// runs ahead of time. So once the story is told, those logs' ids are renumbered in the order of
// their times, as the app would have numbered them (ties keep the order they were written in).
import { sql } from 'drizzle-orm';
import type { Seed } from './context';

/** New ids, 1..n in (created_at, id) order: first moved out of the way (negated), then numbered. */
function renumber(table: string, children: { table: string; column: string }[] = []) {
  const moved = (t: string, c: string) => sql.raw(`UPDATE ${t} SET ${c} = -${c}`);
  const numbered = (t: string, c: string) =>
    sql.raw(
      `UPDATE ${t} SET ${c} = r.n FROM (SELECT id AS old, row_number() OVER (ORDER BY created_at, -id) AS n FROM ${table}) AS r WHERE ${t}.${c} = r.old`,
    );
  return [
    moved(table, 'id'),
    ...children.map((child) => moved(child.table, child.column)),
    ...children.map((child) => numbered(child.table, child.column)),
    numbered(table, 'id'),
  ];
}

export async function seedInTimeOrder(seed: Seed): Promise<void> {
  const { db } = seed.at(seed.now);
  const statements = [
    // The deliveries point at their message: they follow it within the same transaction.
    sql.raw('PRAGMA defer_foreign_keys = on'),
    ...renumber('email_messages', [{ table: 'email_deliveries', column: 'message_id' }]),
    ...renumber('email_deliveries'),
    ...renumber('audit_log'),
  ];
  await db.batch(statements.map((s) => db.run(s)) as [ReturnType<typeof db.run>, ...ReturnType<typeof db.run>[]]);
}
