// Issue 14, reminders: one email 24 hours before the start to the members who joined, through the
// queue, never twice (two runs, overlapping runs), none for members who turned reminders off nor
// for an event created less than 24 hours ahead. The job runs as of a chosen time (deps.now is the
// cron's scheduled time in production).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOptOuts } from '../../../src/worker/db/schema/email-preferences';
import { eventParticipants, eventReminders } from '../../../src/worker/db/schema/events';
import { eventRemindersJob, REMINDER_LEAD_MS } from '../../../src/worker/modules/events/reminders-job';
import { scheduledJobs } from '../../../src/worker/scheduled';
import { createUser, deps, mailTo, request, roles, type TestUser } from '../helpers';
import { createEventAs } from './events-helpers';
import { setTerm } from '../membership/terms-helpers';

const MINUTE = 60_000;

/** The job, run as of `now`. */
function runAt(now: number) {
  const d = deps();
  d.now = () => now;
  return eventRemindersJob.run(d);
}
/**
 * A member whose term runs past the events below (2031): the job runs as of then, and a member
 * whose term ended years before has lapsed by that day and is reminded of nothing.
 */
async function member(): Promise<TestUser> {
  const u = await createUser();
  await setTerm(u, { renews_on: '2036-01-01' });
  return u;
}
const reminders = async (u: TestUser) => (await mailTo(u.email)).filter((m) => m.kind === 'event_reminder');
const join = (e: { id: number }, as: TestUser) => request(`/api/events/${e.id}/join`, { method: 'POST', as });

async function eventWith(overrides: Record<string, unknown>) {
  const host = await roles.founding();
  const e = await createEventAs(host, overrides);
  return { host, e, startsAt: Date.parse(e.starts_at as string) };
}

describe('event reminders', () => {
  it('is one of the scheduled jobs', () => {
    expect(scheduledJobs).toContain(eventRemindersJob);
  });

  it('reminds each member who joined once, 24 hours before the start, in the event’s zone', async () => {
    const { e, startsAt } = await eventWith({
      title: 'Tea & <Talk>',
      event_date: '2031-06-10',
      start_time: '18:00',
      end_time: '20:00',
      time_zone: 'Europe/Paris',
      capacity: 2,
    });
    expect(startsAt).toBe(Date.UTC(2031, 5, 10, 16, 0));
    const [a, b, waiting, gone] = await Promise.all([member(), member(), member(), member()]);
    await join(e, a);
    await join(e, gone);
    await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: gone });
    await join(e, b);
    await join(e, waiting); // full: on the waitlist

    await runAt(startsAt - REMINDER_LEAD_MS - 10 * MINUTE);
    expect(await reminders(a)).toHaveLength(0);

    await runAt(startsAt - REMINDER_LEAD_MS + 5 * MINUTE);
    for (const u of [a, b]) {
      const [mail, ...more] = await reminders(u);
      expect(more).toHaveLength(0);
      // The zone's abbreviation (CEST; GMT+2 where the runtime knows no name for it).
      expect(mail).toMatchObject({
        status: 'queued',
        subject: expect.stringMatching(/^Reminder: Tea & <Talk>, Jun 10, 2031 at 6:00 PM (CEST|GMT\+2)$/),
      });
      // Greeted by name when the consumer sends it.
      expect(mail!.html).toContain('Dear {{name}},');
      expect(mail!.html).toContain('Tea &amp; &lt;Talk&gt;');
      expect(mail!.text).toContain('12 Rue de Bretagne');
      expect(mail!.text).toMatch(/6:00 PM - 8:00 PM (CEST|GMT\+2) \(Europe\/Paris\)/);
      expect(mail!.text).toContain(`/events/${e.id}`);
      // Optional: it carries the unsubscribe link.
      expect(mail!.html).toContain('{{unsubscribe_url}}');
    }
    expect(await reminders(waiting)).toHaveLength(0);
    expect(await reminders(gone)).toHaveLength(0);

    // Later runs (the next cron, one just before the start) send nothing again.
    await runAt(startsAt - REMINDER_LEAD_MS + 15 * MINUTE);
    await runAt(startsAt - 5 * MINUTE);
    for (const u of [a, b]) expect(await reminders(u)).toHaveLength(1);
    // Nor after the start.
    await runAt(startsAt + MINUTE);
    expect(await reminders(a)).toHaveLength(1);
  });

  it('two overlapping runs send each reminder once', async () => {
    const { e, startsAt } = await eventWith({
      event_date: '2031-06-12',
      start_time: '09:30',
      end_time: '11:00',
      time_zone: 'America/New_York',
    });
    const people = await Promise.all(Array.from({ length: 6 }, () => member()));
    for (const p of people) await join(e, p);
    const at = startsAt - REMINDER_LEAD_MS + MINUTE;
    await Promise.all([runAt(at), runAt(at), runAt(at)]);
    for (const p of people) expect(await reminders(p)).toHaveLength(1);
    const rows = await deps().db.select().from(eventReminders).where(eq(eventReminders.eventId, e.id));
    expect(rows).toHaveLength(6);
  });

  it('a member who turned event reminders off is skipped (recorded, never queued)', async () => {
    const { e, startsAt } = await eventWith({ event_date: '2031-06-14', start_time: '12:00', end_time: '13:00', time_zone: 'UTC' });
    const [on, off] = await Promise.all([member(), member()]);
    await deps().db.insert(emailOptOuts).values({ userId: off.id, category: 'reminders' });
    await join(e, on);
    await join(e, off);
    const counts = await runAt(startsAt - REMINDER_LEAD_MS);
    expect(counts.skipped).toBeGreaterThanOrEqual(1);
    expect(await reminders(on)).toMatchObject([{ status: 'queued' }]);
    expect(await reminders(off)).toMatchObject([{ status: 'skipped' }]);
    await runAt(startsAt - REMINDER_LEAD_MS + 10 * MINUTE);
    expect(await reminders(off)).toHaveLength(1);
  });

  it('a member whose membership has lapsed by then gets none (issue 45)', async () => {
    const { e, startsAt } = await eventWith({ event_date: '2031-06-15', start_time: '12:00', end_time: '13:00', time_zone: 'UTC' });
    const [active, lapsing] = await Promise.all([member(), member()]);
    await join(e, active);
    await join(e, lapsing);
    // Her term ends on 2031-05-01: 30 days of grace later, before the reminder is due, she has lapsed.
    await setTerm(lapsing, { renews_on: '2031-05-01' });
    await runAt(startsAt - REMINDER_LEAD_MS + MINUTE);
    expect(await reminders(active)).toHaveLength(1);
    expect(await reminders(lapsing)).toHaveLength(0);
  });

  it('counts 24 hours of elapsed time across a daylight-saving change', async () => {
    // Paris moves to summer time on 30 March 2031 at 02:00: 10:00 that day is 08:00 UTC, and
    // 24 hours earlier is 09:00 (not 10:00) on the 29th, Paris time.
    const { e, startsAt } = await eventWith({
      event_date: '2031-03-30',
      start_time: '10:00',
      end_time: '12:00',
      time_zone: 'Europe/Paris',
    });
    expect(startsAt).toBe(Date.UTC(2031, 2, 30, 8, 0));
    const a = await member();
    await join(e, a);
    await runAt(Date.UTC(2031, 2, 29, 7, 55));
    expect(await reminders(a)).toHaveLength(0);
    await runAt(Date.UTC(2031, 2, 29, 8, 5));
    expect(await reminders(a)).toMatchObject([{ subject: expect.stringMatching(/Mar 30, 2031 at 10:00 AM (CEST|GMT\+2)$/) }]);
  });

  it('an event created less than 24 hours ahead gets none; nor does a member who joined after the reminder was due', async () => {
    const soon = new Date(Date.now() + 10 * 60 * MINUTE);
    const iso = soon.toISOString();
    const { e, startsAt } = await eventWith({
      event_date: iso.slice(0, 10),
      start_time: iso.slice(11, 16),
      end_date: new Date(soon.getTime() + 2 * 60 * MINUTE).toISOString().slice(0, 10),
      end_time: new Date(soon.getTime() + 2 * 60 * MINUTE).toISOString().slice(11, 16),
      time_zone: 'UTC',
    });
    const a = await member();
    await join(e, a);
    await runAt(startsAt - 9 * 60 * MINUTE);
    expect(await reminders(a)).toHaveLength(0);

    const later = await eventWith({ event_date: '2031-06-16', start_time: '19:00', end_time: '21:00', time_zone: 'UTC' });
    const early = await member();
    const late = await member();
    await join(later.e, early);
    await runAt(later.startsAt - REMINDER_LEAD_MS + MINUTE);
    await join(later.e, late);
    // Her joining moved to after the reminder was due (the test cannot wait until 2031).
    await deps()
      .db.update(eventParticipants)
      .set({ joinedAt: later.startsAt - REMINDER_LEAD_MS + 2 * MINUTE })
      .where(and(eq(eventParticipants.eventId, later.e.id), eq(eventParticipants.userId, late.id)));
    await runAt(later.startsAt - REMINDER_LEAD_MS + 10 * MINUTE);
    expect(await reminders(early)).toHaveLength(1);
    expect(await reminders(late)).toHaveLength(0);
  });
});
