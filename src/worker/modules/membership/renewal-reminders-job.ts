import type { Language } from '../../../shared/preferences';
import { sql } from 'drizzle-orm';
import { addDays, REMINDER_DAYS, type ReminderDays } from '../../../shared/membership-term';
import { membershipReminders } from '../../db/schema/membership-terms';
import { users } from '../../db/schema/users';
import type { Deps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/scheduled-job';
import { enqueueRenderedEmail } from '../mail/enqueue';
import { appLink } from '../mail/layout';
import { renewalReminderEmail } from './emails/renewal-reminder-email';
import { todayOf } from './terms';

/** Reminders claimed per statement, and statements per run: a pile-up drains over a few runs. */
const CLAIMS_PER_STEP = 500;
const STEPS_PER_RUN = 4;

interface Claim {
  user_id: number;
  email: string;
  name: string;
  renews_on: string;
  days_before: ReminderDays;
  language: Language | null;
}

/**
 * The window of renews_on in which a reminder of `lead` days is due on `today`: the 30-day one
 * from 30 days before until the 7-day one is due, the 7-day one from 7 days before until the day.
 * A member whose renewal is already closer than a reminder's lead (imported, or renewed late)
 * gets only the nearer one; neither is sent on or after renews_on.
 */
function dueWindow(lead: ReminderDays, today: string): { after: string; upTo: string } {
  const nearer = REMINDER_DAYS.filter((d) => d < lead);
  const nextLead = nearer.length ? Math.max(...nearer) : 0;
  return { after: addDays(today, nextLead), upTo: addDays(today, lead) };
}

/**
 * Records due reminders not yet recorded and answers them, with the member's address: one
 * statement that writes only absent rows (overlapping runs each get their own). A reminder is
 * recorded before its email is queued, so it goes at most once. Admins never lapse and get none.
 * Served by users_renews_idx (a range of renews_on) and the reminders' primary key.
 */
function claimDueReminders(deps: Deps, lead: ReminderDays, today: string, now: number, limit: number) {
  const { after, upTo } = dueWindow(lead, today);
  return deps.db.all<Claim>(sql`
    INSERT INTO ${membershipReminders} (user_id, renews_on, days_before, sent_at)
    SELECT "u"."id", "u"."renews_on", ${lead}, ${now}
    FROM ${users} AS "u"
    WHERE "u"."renews_on" > ${after} AND "u"."renews_on" <= ${upTo} AND "u"."is_admin" = 0
      AND NOT EXISTS (SELECT 1 FROM ${membershipReminders} AS "r"
        WHERE "r"."user_id" = "u"."id" AND "r"."renews_on" = "u"."renews_on" AND "r"."days_before" = ${lead})
    ORDER BY "u"."renews_on"
    LIMIT ${limit}
    ON CONFLICT DO NOTHING
    RETURNING user_id, renews_on, days_before,
      (SELECT "m"."email" FROM ${users} AS "m" WHERE "m"."id" = "membership_reminders"."user_id") AS email,
      (SELECT "m"."name" FROM ${users} AS "m" WHERE "m"."id" = "membership_reminders"."user_id") AS name,
      (SELECT "m"."language" FROM ${users} AS "m" WHERE "m"."id" = "membership_reminders"."user_id") AS language`);
}

/** One email per renewal date: everyone renewing that day reads the same words, greeted by name. */
async function sendReminders(deps: Deps, claims: Claim[]): Promise<number> {
  const byDate = new Map<string, Claim[]>();
  for (const c of claims) byDate.set(c.renews_on, [...(byDate.get(c.renews_on) ?? []), c]);
  const settingsLink = appLink(deps.env.APP_ORIGIN, '/settings');
  for (const [renewsOn, members] of byDate) {
    await enqueueRenderedEmail(deps, {
      kind: 'membership_renewal',
      render: () => renewalReminderEmail({ renewsOn, settingsLink }),
      recipients: members.map((m) => ({ email: m.email, name: m.name, userId: m.user_id, language: m.language })),
    });
  }
  return claims.length;
}

/** One run: each lead in turn, claimed and sent in steps of 500 while more are due. */
export async function sendRenewalReminders(deps: Deps): Promise<Record<string, number>> {
  const today = todayOf(deps);
  const now = deps.now();
  const totals: Record<string, number> = {};
  for (const lead of REMINDER_DAYS) {
    let sent = 0;
    for (let step = 0; step < STEPS_PER_RUN; step++) {
      const claims = await claimDueReminders(deps, lead, today, now, CLAIMS_PER_STEP);
      if (claims.length === 0) break;
      sent += await sendReminders(deps, claims);
      if (claims.length < CLAIMS_PER_STEP) break;
    }
    totals[`days${lead}`] = sent;
  }
  return totals;
}

/** Issue 24: reminders 30 and 7 days before renews_on, each once, through the mail queue. */
export const renewalRemindersJob: ScheduledJob = { name: 'renewal-reminders', run: sendRenewalReminders };
