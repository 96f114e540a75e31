import { sql } from 'drizzle-orm';
import { EMAIL_CATEGORIES, EMAIL_CATEGORY_LABELS } from '../../../shared/constants';
import type { Insights, MailStats } from '../../../shared/schemas/insights';
import type { Period } from './period';
import { lit, num, total, type PanelReads } from './sql';

const STATUS_COUNTS = sql`count(d."id") AS recipients,
  sum(CASE WHEN d."status" = 'sent' THEN 1 ELSE 0 END) AS sent,
  sum(CASE WHEN d."status" = 'failed' THEN 1 ELSE 0 END) AS failed,
  sum(CASE WHEN d."status" = 'skipped' THEN 1 ELSE 0 END) AS skipped,
  sum(CASE WHEN d."status" IN ('queued', 'sending') THEN 1 ELSE 0 END) AS pending`;

/**
 * The group mails sent in the period (email_messages_created_idx), each with its deliveries by
 * status (email_deliveries_message_idx): sent, failed, skipped (the member had turned group mail
 * off) and still on their way; and the opt-outs per email category, now and made in the period.
 */
export function mailPanel(p: Period): PanelReads<Insights['mail']> {
  const start = lit(p.start);
  const prevStart = lit(p.previous.start);
  const end = lit(p.end);
  return {
    queries: [
      sql`SELECT m."id" AS id, m."subject" AS subject, m."created_at" AS at, ${STATUS_COUNTS}
        FROM "email_messages" m LEFT JOIN "email_deliveries" d ON d."message_id" = m."id"
        WHERE m."created_at" >= ${prevStart} AND m."created_at" < ${end} AND m."kind" = 'group'
        GROUP BY m."id" ORDER BY m."created_at" DESC, m."id" DESC`,
      sql`SELECT "category" AS category, count(*) AS total,
          sum(CASE WHEN "created_at" >= ${start} AND "created_at" < ${end} THEN 1 ELSE 0 END) AS cur,
          sum(CASE WHEN "created_at" >= ${prevStart} AND "created_at" < ${start} THEN 1 ELSE 0 END) AS prev
        FROM "email_opt_outs" GROUP BY 1`,
    ],
    build([mails, optOuts]) {
      const all: (MailStats & { current: boolean })[] = mails!.map((r) => ({
        id: num(r.id),
        subject: String(r.subject),
        sent_at: new Date(num(r.at)).toISOString(),
        recipients: num(r.recipients),
        sent: num(r.sent),
        failed: num(r.failed),
        skipped: num(r.skipped),
        pending: num(r.pending),
        current: num(r.at) >= p.start,
      }));
      const sum = (key: 'sent' | 'failed' | 'skipped', current: boolean) =>
        all.filter((m) => m.current === current).reduce((a, m) => a + m[key], 0);
      const both = (key: 'sent' | 'failed' | 'skipped') => ({ value: sum(key, true), previous: sum(key, false) });
      return {
        group_mails: { value: all.filter((m) => m.current).length, previous: all.filter((m) => !m.current).length },
        sent: both('sent'),
        failed: both('failed'),
        skipped: both('skipped'),
        per_mail: all.filter((m) => m.current).map(({ current: _c, ...m }) => m),
        unsubscribes: EMAIL_CATEGORIES.map((category) => {
          const row = optOuts!.find((r) => r.category === category) ?? {};
          return { category, label: EMAIL_CATEGORY_LABELS[category], total: num(row.total), in_period: total(row.cur, row.prev) };
        }),
      };
    },
  };
}
