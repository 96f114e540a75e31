import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../../src/worker/db/schema/membership';
import { comments } from '../../../src/worker/db/schema/comments';
import { emailDeliveries, emailMessages } from '../../../src/worker/db/schema/email';
import { emailOptOuts } from '../../../src/worker/db/schema/email-preferences';
import { eventParticipants, events, eventWaitlist } from '../../../src/worker/db/schema/events';
import { homes, homeStays } from '../../../src/worker/db/schema/homes';
import { images } from '../../../src/worker/db/schema/images';
import { conversations, messages } from '../../../src/worker/db/schema/messages';
import { circlePosts, circles } from '../../../src/worker/db/schema/circles';
import { memberActiveMonths, memberActiveQuarterHours, memberActivity } from '../../../src/worker/db/schema/member-activity';
import { memberProfiles } from '../../../src/worker/db/schema/members';
import { sessions, users } from '../../../src/worker/db/schema/users';
import { getInsights } from '../../../src/worker/modules/insights/insights';
import { engagementPanel } from '../../../src/worker/modules/insights/engagement';
import { eventsPanel } from '../../../src/worker/modules/insights/events';
import { applicationsPanel } from '../../../src/worker/modules/insights/applications';
import { membershipPanel } from '../../../src/worker/modules/insights/membership';
import { mailPanel } from '../../../src/worker/modules/insights/mail';
import { homesPanel } from '../../../src/worker/modules/insights/homes';
import { resolvePeriod } from '../../../src/worker/modules/insights/period';
import { sqlText } from '../../../src/worker/modules/insights/sql';
import { recordActivityQuery } from '../../../src/worker/modules/insights/activity';
import { resolveSession } from '../../../src/worker/modules/auth/sessions';
import { InsightsInputSchema } from '../../../src/shared/schemas/insights';
import { createUser, deps, request, roles, type TestUser } from '../helpers';

// A small club whose every figure is worked out by hand below. "Now" is Monday 2026-06-15 12:00
// UTC; the period is the four weeks 2026-05-18 to 2026-06-14 in New York (UTC-4 in summer: a day
// starts at 04:00 UTC), the previous period 2026-04-20 to 2026-05-17. The weeks start 05-18,
// 05-25, 06-01 and 06-08 (buckets 0 to 3).
const NOW = Date.UTC(2026, 5, 15, 12);
const at = (iso: string) => Date.parse(iso);
const INPUT = InsightsInputSchema.parse({ from: '2026-05-18', to: '2026-06-14', tz: 'America/New_York' });
const clock = () => ({ ...deps(), now: () => NOW });

let admin: TestUser;
const id: Record<string, number> = {};

async function member(key: string, v: { type?: 'Standard' | 'Founding' | 'Travel Host'; since: string; renews: string; country?: string }) {
  const db = deps().db;
  const [row] = await db
    .insert(users)
    .values({
      email: `${key}@insights.example`,
      name: `Member ${key}`,
      type: v.type ?? 'Standard',
      passwordHash: 'x',
      memberSince: v.since,
      renewsOn: v.renews,
    })
    .returning({ id: users.id });
  id[key] = row!.id;
  if (v.country) await db.insert(memberProfiles).values({ userId: row!.id, country: v.country });
}

beforeAll(async () => {
  const db = deps().db;
  admin = await roles.admin();
  await db.update(users).set({ memberSince: '2025-01-01', renewsOn: '2026-01-01' }).where(eq(users.id, admin.id));
  await member('m1', { since: '2026-05-20', renews: '2027-05-20', country: 'FR' });
  await member('m2', { type: 'Founding', since: '2026-06-09', renews: '2027-06-09', country: 'FR' });
  await member('m3', { type: 'Travel Host', since: '2026-04-25', renews: '2027-04-25', country: 'JP' });
  await member('m4', { since: '2025-04-20', renews: '2026-04-20' }); // lapsed on 05-20 (in the period)
  await member('m5', { since: '2025-06-01', renews: '2026-06-01' }); // in grace
  await member('m6', { since: '2025-03-25', renews: '2026-03-25' }); // lapsed on 04-24 (previous period)
  await member('m7', { since: '2025-07-30', renews: '2026-07-30' }); // due within 60 days
  await member('m8', { since: '2025-06-25', renews: '2026-06-25' }); // due within 30 days
  // The admin's sign-in happened today (the test's real clock): not part of this story, nor the
  // summaries its triggers wrote.
  await db.delete(memberActivity);
  await db.delete(memberActiveQuarterHours);
  await db.delete(memberActiveMonths);

  const event = async (key: string, type: 'golf' | 'concert', startsAt: string, capacity: number | null) => {
    const [row] = await db
      .insert(events)
      .values({
        slug: `insights-${key}`,
        title: `Event ${key}`,
        type,
        eventDate: startsAt.slice(0, 10),
        startTime: '18:00',
        endTime: '20:00',
        startsAt: at(startsAt),
        endsAt: at(startsAt) + 7_200_000,
        capacity,
      })
      .returning({ id: events.id });
    id[key] = row!.id;
  };
  await event('e1', 'golf', '2026-06-10T23:00:00Z', 4);
  await event('e2', 'concert', '2026-05-20T18:00:00Z', 2);
  await event('e3', 'golf', '2026-06-01T16:00:00Z', null);
  await event('e5', 'concert', '2026-05-01T18:00:00Z', 10);
  await event('e9', 'golf', '2026-06-20T18:00:00Z', 5); // after now and the period: not held
  await db.insert(eventParticipants).values([
    { eventId: id.e1!, userId: id.m2!, joinedAt: at('2026-06-09T13:00:00Z') },
    { eventId: id.e2!, userId: id.m1!, joinedAt: at('2026-05-19T12:00:00Z') },
    { eventId: id.e2!, userId: id.m3!, joinedAt: at('2026-05-19T13:00:00Z') },
    { eventId: id.e3!, userId: id.m7!, joinedAt: at('2026-05-30T12:00:00Z') },
    { eventId: id.e5!, userId: id.m8!, joinedAt: at('2026-04-29T12:00:00Z') },
  ]);
  await db.insert(eventWaitlist).values({ eventId: id.e2!, userId: id.m7!, createdAt: at('2026-05-19T14:00:00Z') });
  await db.insert(memberActivity).values([
    // 02:00 UTC on the 25th is still the 24th in New York: the first week's.
    { userId: id.m1!, day: '2026-05-25', firstAt: at('2026-05-25T02:00:00Z'), lastAt: at('2026-05-25T03:00:00Z') },
    { userId: id.m1!, day: '2026-06-10', firstAt: at('2026-06-10T15:00:00Z'), lastAt: at('2026-06-10T15:00:00Z') },
    { userId: id.m8!, day: '2026-05-01', firstAt: at('2026-05-01T12:00:00Z'), lastAt: at('2026-05-01T12:00:00Z') },
  ]);
  await db.insert(comments).values([
    { eventId: id.e2!, userId: id.m3!, content: 'Lovely', createdAt: at('2026-05-26T12:00:00Z') },
    { eventId: id.e5!, userId: id.m3!, content: 'Coming', createdAt: at('2026-04-30T12:00:00Z') },
    { eventId: id.e5!, userId: id.m5!, content: 'Long ago', createdAt: at('2026-01-10T12:00:00Z') },
  ]);
  const [conversation] = await db
    .insert(conversations)
    .values({ key: `p:${id.m7}:${id.m8}`, isGroup: false, createdBy: id.m8! })
    .returning({ id: conversations.id });
  await db
    .insert(messages)
    .values({ conversationId: conversation!.id, authorId: id.m8!, body: null, createdAt: at('2026-06-03T12:00:00Z') });
  // m2 posts in a circle in the period's third week.
  const [circle] = await db
    .insert(circles)
    .values({ slug: 'insights-circle', name: 'Gardeners', createdBy: id.m2! })
    .returning({ id: circles.id });
  await db.insert(circlePosts).values({
    circleId: circle!.id,
    authorId: id.m2!,
    title: 'Seeds',
    body: 'Who has seeds?',
    createdAt: at('2026-06-05T12:00:00Z'),
    lastActivityAt: at('2026-06-05T12:00:00Z'),
  });
  await db.insert(images).values({
    r2Key: 'insights-test-key',
    contentType: 'image/webp',
    bytes: 10,
    uploadedBy: id.m7!,
    createdAt: at('2026-06-02T12:00:00Z'),
  });

  const application = (email: string, created: string, accepted: boolean | null, decided?: string) => ({
    fullName: email,
    email,
    phone: '1-4155550100',
    reason: 'To meet members',
    interests: ['Travel'],
    availability: 'Weekends',
    membershipType: 'Standard',
    accepted,
    createdAt: at(created),
    decidedAt: decided ? at(decided) : null,
  });
  await db
    .insert(applications)
    .values([
      application('m1@insights.example', '2026-05-19T12:00:00Z', true, '2026-05-21T12:00:00Z'),
      application('new@insights.example', '2026-05-27T12:00:00Z', true, '2026-06-01T12:00:00Z'),
      application('no@insights.example', '2026-06-03T12:00:00Z', false, '2026-06-04T00:00:00Z'),
      application('wait@insights.example', '2026-06-12T12:00:00Z', null),
      application('m3@insights.example', '2026-04-22T12:00:00Z', true, '2026-05-02T12:00:00Z'),
      application('late@insights.example', '2026-05-10T12:00:00Z', false, '2026-05-20T12:00:00Z'),
    ]);

  const mail = async (kind: 'group' | 'registration', created: string, statuses: ('sent' | 'failed' | 'skipped' | 'queued')[]) => {
    const [m] = await db
      .insert(emailMessages)
      .values({ kind, subject: `Mail ${created}`, createdAt: at(created) })
      .returning({ id: emailMessages.id });
    if (statuses.length) {
      await db
        .insert(emailDeliveries)
        .values(statuses.map((status, i) => ({ messageId: m!.id, toEmail: `r${i}@insights.example`, status })));
    }
    return m!.id;
  };
  id.g1 = await mail('group', '2026-05-22T12:00:00Z', ['sent', 'sent', 'failed', 'skipped']);
  id.g2 = await mail('group', '2026-06-05T12:00:00Z', ['sent', 'queued']);
  await mail('group', '2026-05-05T12:00:00Z', ['sent', 'sent', 'sent']);
  await mail('registration', '2026-05-23T12:00:00Z', ['sent']);
  await db.insert(emailOptOuts).values([
    { userId: id.m1!, category: 'group_mail', createdAt: at('2026-05-30T12:00:00Z') },
    { userId: id.m2!, category: 'group_mail', createdAt: at('2026-05-01T12:00:00Z') },
    { userId: id.m3!, category: 'reminders', createdAt: at('2025-12-01T12:00:00Z') },
  ]);

  const home = async (title: string, state: 'draft' | 'listed') => {
    const [h] = await db.insert(homes).values({ hostId: id.m3!, title, state }).returning({ id: homes.id });
    return h!.id;
  };
  id.h1 = await home('Ocean House', 'listed');
  await home('Draft Cottage', 'draft');
  id.h3 = await home('Tokyo Flat', 'listed');
  const stay = (guest: string, created: string, status: 'pending' | 'accepted' | 'declined', start: string, end: string) => ({
    homeId: id.h1!,
    hostId: id.m3!,
    guestId: id[guest]!,
    guests: 1,
    status,
    startDate: start,
    endDate: end,
    createdAt: at(created),
  });
  await db
    .insert(homeStays)
    .values([
      stay('m1', '2026-05-20T12:00:00Z', 'accepted', '2026-06-10', '2026-06-20'),
      stay('m2', '2026-06-01T12:00:00Z', 'declined', '2026-07-01', '2026-07-05'),
      stay('m7', '2026-04-25T12:00:00Z', 'accepted', '2026-05-10', '2026-05-20'),
      stay('m8', '2026-06-05T12:00:00Z', 'pending', '2026-08-01', '2026-08-03'),
    ]);
});

describe('Insights on a small club, each figure worked out by hand (issue 42)', () => {
  it('resolves the period in the admin’s zone: four weeks, the four before them', () => {
    const p = resolvePeriod(INPUT, NOW, null);
    expect(p.buckets.map((b) => b.date)).toEqual(['2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08']);
    expect(p.start).toBe(at('2026-05-18T04:00:00Z'));
    expect(p.end).toBe(at('2026-06-15T04:00:00Z'));
    expect(p.previous).toMatchObject({ from: '2026-04-20', to: '2026-05-17' });
    expect(resolvePeriod({ from: '2025-06-15', to: '2026-06-14', tz: 'UTC' }, NOW, null).bucket).toBe('month');
  });

  it('answers every panel', async () => {
    const got = await getInsights(clock(), await adminActor(), INPUT);
    const series = (...values: number[]) =>
      ['2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08'].map((bucket, i) => ({ bucket, value: values[i] }));
    expect(got.period).toEqual({
      from: '2026-05-18',
      to: '2026-06-14',
      tz: 'America/New_York',
      days: 28,
      bucket: 'week',
      previous: { from: '2026-04-20', to: '2026-05-17' },
    });

    expect(got.membership).toEqual({
      // Active: the admin, m1, m2, m3, m7, m8; grace: m5; lapsed: m4 and m6.
      status_now: { active: 6, grace: 1, lapsed: 2 },
      joined: { value: 2, previous: 1 },
      lapsed: { value: 1, previous: 1 },
      joined_series: series(1, 0, 0, 1),
      lapsed_series: series(1, 0, 0, 0),
      renewals_due: [
        { days: 30, value: 1 },
        { days: 60, value: 2 },
        { days: 90, value: 2 },
      ],
      by_type: [
        { label: 'Standard', value: 4 },
        { label: 'Founding', value: 2 },
        { label: 'Travel Host', value: 1 },
      ],
      by_country: [
        { label: 'FR', value: 2 },
        { label: 'JP', value: 1 },
        { label: 'Not given', value: 4 },
      ],
    });

    expect(got.applications).toEqual({
      applied: { value: 4, previous: 2 },
      accepted: { value: 2, previous: 1 },
      registered: { value: 1, previous: 1 },
      rejected: { value: 1, previous: 1 },
      pending: { value: 1, previous: 0 },
      // Decided in the period: 2, 5, 0.5 and 10 days; before it: 10.
      median_days_to_decision: { value: 3.5, previous: 10 },
      applied_series: series(1, 1, 1, 1),
    });

    const e2 = { id: id.e2, title: 'Event e2', date: '2026-05-20', type: 'concert', capacity: 2, taken: 2, waitlist: 1, fill_rate: 100 };
    const e3 = { id: id.e3, title: 'Event e3', date: '2026-06-01', type: 'golf', capacity: null, taken: 1, waitlist: 0, fill_rate: null };
    const e1 = { id: id.e1, title: 'Event e1', date: '2026-06-10', type: 'golf', capacity: 4, taken: 1, waitlist: 0, fill_rate: 25 };
    expect(got.events).toEqual({
      held: { value: 3, previous: 1 },
      places_offered: { value: 6, previous: 10 },
      places_taken: { value: 4, previous: 1 },
      waitlist_at_start: { value: 1, previous: 0 },
      fill_rate: { value: 50, previous: 10 },
      places_taken_series: series(2, 0, 1, 1),
      per_event: [e2, e3, e1],
      fullest: [e2, e1],
      emptiest: [e1, e2],
      by_type: [
        { label: 'Concert', value: 2 },
        { label: 'Golf', value: 2 },
      ],
    });

    expect(got.engagement).toEqual({
      // m1 (visit, join), m2 (join, circle post), m3 (comment, join), m7 (upload, join), m8 (message); before: m8 and m3.
      active: { value: 5, previous: 2 },
      active_series: series(2, 2, 3, 2),
      active_last_30_days: { active: 5, members: 7, share: 71.4 },
      inactive: {
        days: 90,
        count: 2,
        members: [
          { user_id: admin.id, name: admin.name, email: admin.email, member_since: '2025-01-01', last_active_at: null },
          {
            user_id: id.m5,
            name: 'Member m5',
            email: 'm5@insights.example',
            member_since: '2025-06-01',
            last_active_at: '2026-01-10T12:00:00.000Z',
          },
        ],
      },
    });

    expect(got.mail).toMatchObject({
      group_mails: { value: 2, previous: 1 },
      sent: { value: 3, previous: 3 },
      failed: { value: 1, previous: 0 },
      skipped: { value: 1, previous: 0 },
      per_mail: [
        { id: id.g2, recipients: 2, sent: 1, failed: 0, skipped: 0, pending: 1, sent_at: '2026-06-05T12:00:00.000Z' },
        { id: id.g1, recipients: 4, sent: 2, failed: 1, skipped: 1, pending: 0 },
      ],
      unsubscribes: [
        { category: 'announcements', total: 0, in_period: { value: 0, previous: 0 } },
        { category: 'group_mail', total: 2, in_period: { value: 1, previous: 1 } },
        { category: 'reminders', total: 1, in_period: { value: 0, previous: 0 } },
      ],
    });

    expect(got.homes).toEqual({
      requested: { value: 3, previous: 1 },
      accepted: { value: 1, previous: 1 },
      declined: { value: 1, previous: 0 },
      // Ocean House: 06-10 to 06-15 of m1's stay, 05-18 to 05-20 of m7's; before: 05-10 to 05-18.
      nights: { value: 7, previous: 8 },
      per_home: [
        { id: id.h1, title: 'Ocean House', host: 'Member m3', requested: 3, accepted: 1, declined: 1, nights: 7 },
        { id: id.h3, title: 'Tokyo Flat', host: 'Member m3', requested: 0, accepted: 0, declined: 0, nights: 0 },
      ],
    });
  });
});

const QUERY = 'from=2026-05-18&to=2026-06-14&tz=America/New_York';

describe('GET /api/admin/insights and insights.csv (issue 42)', () => {
  it('answers an admin the figures in at most 3 D1 round trips, also for all time', async () => {
    for (const query of [QUERY, 'tz=Europe/Paris']) {
      const res = await request(`/api/admin/insights?${query}`, { as: admin });
      expect(res.status).toBe(200);
      const trips = Number(/D1 round trips in all: (\d+)/.exec(res.headers.get('Server-Timing') ?? '')?.[1]);
      expect(trips).toBeLessThanOrEqual(3);
      const body = (await res.json()) as { period: { from: string }; applications: { applied: unknown } };
      if (query === QUERY) expect(body.applications.applied).toEqual({ value: 4, previous: 2 });
      // All time starts on the club's first day: the earliest member_since.
      else expect(body.period.from).toBe('2025-01-01');
    }
  });

  it('refuses a bad date, a to before from, a period over five years and an unknown zone (400)', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=yesterday', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2020-01-01&to=2025-01-01', 'to'],
      ['from=2026-01-01&to=2026-02-01&tz=Mars/Olympus', 'tz'],
    ];
    for (const [query, field] of cases) {
      const res = await request(`/api/admin/insights?${query}`, { as: admin });
      expect(res.status, query).toBe(400);
      expect(Object.keys(((await res.json()) as { fieldErrors: object }).fieldErrors)).toContain(field);
    }
    expect((await request('/api/admin/insights?from=2020-01-01&to=2024-12-31', { as: admin })).status).toBe(200);
    expect((await request(`/api/admin/insights.csv?panel=everything&${QUERY}`, { as: admin })).status).toBe(400);
  });

  it('is for admins with a second factor: 403 for members and admins without one, 401 for visitors', async () => {
    const member = await roles.standard();
    const noFactor = await createUser({ admin: true, twoFactor: false });
    for (const path of ['/api/admin/insights', '/api/admin/insights.csv?panel=mail']) {
      expect((await request(path)).status).toBe(401);
      expect((await request(path, { as: member })).status).toBe(403);
      const res = await request(path, { as: noFactor });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('TWO_FACTOR_REQUIRED');
    }
  });

  it('downloads a panel as Excel-safe CSV: the tables of the page', async () => {
    const res = await request(`/api/admin/insights.csv?panel=applications&${QUERY}`, { as: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="owow-insights-applications-2026-05-18-to-2026-06-14.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Figure,This period,Previous period\r\nApplied,4,2\r\n');
    expect(text).toContain('Week from,Applications\r\n2026-05-18,1\r\n');
  });
});

async function adminActor() {
  return (await resolveSession(deps(), admin.cookie.split('=')[1]!))!;
}

describe('activity recorded cheaply (issue 42)', () => {
  it('writes a member at most once an hour, and always on a sign-in', async () => {
    const db = deps().db;
    const t = at('2026-03-02T10:00:00Z');
    const write = async (when: number, signIn = false) =>
      (await db.batch([recordActivityQuery({ db }, id.m6!, when, { signIn })]))[0].meta.rows_written;
    expect(await write(t)).toBeGreaterThan(0);
    expect(await write(t + 30 * 60_000)).toBe(0);
    expect(await write(t + 59 * 60_000)).toBe(0);
    expect(await write(t + 61 * 60_000)).toBeGreaterThan(0);
    expect(await write(t + 62 * 60_000, true)).toBeGreaterThan(0);
    const [row] = await db.select().from(memberActivity).where(eq(memberActivity.userId, id.m6!));
    expect(row).toMatchObject({ day: '2026-03-02', firstAt: t, lastAt: t + 62 * 60_000, signedInAt: t + 62 * 60_000 });
  });

  it("records a member's day when her session is seen again after an hour", async () => {
    const member = await roles.standard();
    const db = deps().db;
    await db.delete(memberActivity).where(eq(memberActivity.userId, member.id));
    await db
      .update(sessions)
      .set({ lastSeenAt: Date.now() - 2 * 3_600_000 })
      .where(eq(sessions.userId, member.id));
    expect((await request('/user-details', { as: member })).status).toBe(200);
    await expect.poll(async () => (await db.select().from(memberActivity).where(eq(memberActivity.userId, member.id))).length).toBe(1);
  });
});

describe('the page’s statements read the big tables on their indexes', () => {
  it('never scans events, participations, comments, activity or deliveries whole', async () => {
    const p = resolvePeriod(INPUT, NOW, null);
    const queries = [membershipPanel, applicationsPanel, eventsPanel, engagementPanel, mailPanel, homesPanel].flatMap(
      (panel) => panel(p).queries,
    );
    for (const query of queries) {
      const { sql, params } = sqlText(query);
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const plan = results.map((r) => r.detail).join('\n');
      expect(plan, sql).not.toMatch(
        /\bSCAN (e|p|c|i|a|d|w|m|q|cp|events|event_participants|comments|member_activity|member_active_months|member_active_quarter_hours|email_deliveries|images|messages|circle_posts)\b(?! USING)/,
      );
    }
  });
});
