// Issue 24, renewal reminders: an email 30 days and 7 days before renews_on, each once, through the
// queue; the nearer one only when she is already inside the earlier one's window; none to admins;
// a renewal starts the new term's reminders. The job runs as of a chosen day (deps.now).
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/shared/membership-term';
import { renewalRemindersJob } from '../../../src/worker/modules/membership/renewal-reminders-job';
import { scheduledJobs } from '../../../src/worker/scheduled';
import { createUser, deps, mailTo, request, roles, type TestUser } from '../helpers';
import { setTerm } from './terms-helpers';

/** The job, run at noon UTC of a day. */
function runOn(day: string) {
  const d = deps();
  d.now = () => Date.parse(`${day}T12:00:00Z`);
  return renewalRemindersJob.run(d);
}
const reminders = async (u: TestUser) => (await mailTo(u.email)).filter((m) => m.kind === 'membership_renewal');

describe('renewal reminders', () => {
  it('is one of the scheduled jobs', () => {
    expect(scheduledJobs).toContain(renewalRemindersJob);
  });

  it('emails 30 days and 7 days before renews_on, each once', async () => {
    const renewsOn = '2031-03-01';
    const u = await createUser({ name: 'Ada Renew' });
    await setTerm(u, { member_since: '2030-03-01', renews_on: renewsOn });

    await runOn(addDays(renewsOn, -31));
    expect(await reminders(u)).toHaveLength(0);

    await runOn(addDays(renewsOn, -30));
    const [first, ...none] = await reminders(u);
    expect(none).toHaveLength(0);
    expect(first!.subject).toBe('Your membership renews on Mar 01, 2031');
    expect(first!.status).toBe('queued');
    expect(first!.text).toContain('renews on Mar 01, 2031');
    // Account email: always sent, no unsubscribe link.
    expect(first!.text).not.toContain('unsubscribe');

    // Later runs in the 30-day window send nothing more.
    await runOn(addDays(renewsOn, -30));
    await runOn(addDays(renewsOn, -20));
    await runOn(addDays(renewsOn, -8));
    expect(await reminders(u)).toHaveLength(1);

    await runOn(addDays(renewsOn, -7));
    await runOn(addDays(renewsOn, -3));
    await runOn(addDays(renewsOn, -1));
    expect(await reminders(u)).toHaveLength(2);

    // Nothing on or after the day.
    await runOn(renewsOn);
    await runOn(addDays(renewsOn, 5));
    expect(await reminders(u)).toHaveLength(2);
  });

  it('sends only the 7-day reminder to a member who is already within 7 days, and none to admins', async () => {
    const renewsOn = '2031-06-10';
    const late = await createUser();
    const admin = await createUser({ admin: true });
    await setTerm(late, { member_since: '2030-06-10', renews_on: renewsOn });
    await setTerm(admin, { member_since: '2030-06-10', renews_on: renewsOn });
    await runOn(addDays(renewsOn, -5));
    await runOn(addDays(renewsOn, -4));
    expect(await reminders(late)).toHaveLength(1);
    expect(await reminders(admin)).toHaveLength(0);
  });

  it('starts again for the new term after a renewal', async () => {
    const renewsOn = '2031-09-15';
    const u = await createUser();
    await setTerm(u, { member_since: '2030-09-15', renews_on: renewsOn });
    await runOn(addDays(renewsOn, -10));
    expect(await reminders(u)).toHaveLength(1);

    const admin = await roles.admin();
    const next = '2032-09-15';
    expect((await request(`/api/users/${u.id}/membership`, { method: 'PUT', body: { renews_on: next }, as: admin })).status).toBe(200);
    await runOn(addDays(next, -29));
    const mails = await reminders(u);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Your membership renews on Sep 15, 2032');
  });

  it('sends two overlapping runs’ reminders once', async () => {
    const renewsOn = '2031-12-01';
    const members = await Promise.all([createUser(), createUser(), createUser()]);
    for (const m of members) await setTerm(m, { member_since: '2030-12-01', renews_on: renewsOn });
    await Promise.all([runOn(addDays(renewsOn, -6)), runOn(addDays(renewsOn, -6))]);
    for (const m of members) expect(await reminders(m)).toHaveLength(1);
  });
});
