import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { circlePosts, circles } from '../../../src/worker/db/schema/circles';
import { comments } from '../../../src/worker/db/schema/comments';
import { eventParticipants, events } from '../../../src/worker/db/schema/events';
import { images } from '../../../src/worker/db/schema/images';
import { memberActiveMonths, memberActiveQuarterHours, memberActivity } from '../../../src/worker/db/schema/member-activity';
import { conversations, messages } from '../../../src/worker/db/schema/messages';
import { getInsights } from '../../../src/worker/modules/insights/insights';
import { resolveSession } from '../../../src/worker/modules/auth/sessions';
import { InsightsInputSchema } from '../../../src/shared/schemas/insights';
import { createUser, deps, roles, type TestUser } from '../helpers';

// The summaries Insights counts active members from (issue 42): triggers record every kind of
// activity, and a bucket is read from one month of UTC−12 and the quarter hours before it. The
// story is in Kolkata (UTC+5:30), whose midnight falls on the half hour: its March begins on
// 2026-02-28 at 18:30 UTC, before the summary month of March (2026-03-01 12:00 UTC). "Now" is
// 2026-06-15 12:00 UTC; the period is February to May 2026 (monthly buckets), the previous one the
// 120 days before it (2025-10-04 to 2026-01-31).
const NOW = Date.UTC(2026, 5, 15, 12);
const at = (iso: string) => Date.parse(iso);
const db = () => deps().db;

let admin: TestUser;
const m: Record<string, number> = {};
let eventId = 0;

async function join(member: string, when: string) {
  await db()
    .insert(eventParticipants)
    .values({ eventId, userId: m[member]!, joinedAt: at(when) });
}
async function comment(member: string, when: string) {
  await db()
    .insert(comments)
    .values({ eventId, userId: m[member]!, content: 'Hello', createdAt: at(when) });
}
async function upload(member: string, when: string) {
  await db()
    .insert(images)
    .values({ r2Key: `active-${member}-${when}`, contentType: 'image/webp', bytes: 10, uploadedBy: m[member]!, createdAt: at(when) });
}

beforeAll(async () => {
  admin = await roles.admin();
  for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) m[key] = (await createUser()).id;
  // Their sign-ins happened today (the test's real clock): not part of this story.
  await db().delete(memberActivity);
  await db().delete(memberActiveQuarterHours);
  await db().delete(memberActiveMonths);
  const [event] = await db()
    .insert(events)
    .values({
      slug: 'active-members',
      title: 'Gathering',
      type: 'golf',
      eventDate: '2026-03-01',
      startTime: '18:00',
      endTime: '20:00',
      startsAt: at('2026-03-01T12:30:00Z'),
      endsAt: at('2026-03-01T14:30:00Z'),
    })
    .returning({ id: events.id });
  eventId = event!.id;
});

describe('the activity summaries (issue 42)', () => {
  it('records every kind of activity, one row a member and quarter hour, its earliest moment', async () => {
    await comment('f', '2026-03-10T10:07:00Z');
    await join('f', '2026-03-10T10:12:00Z'); // the same quarter hour
    await upload('f', '2026-03-10T10:03:00Z'); // the same, earlier, written after
    const [conversation] = await db()
      .insert(conversations)
      .values({ key: `p:${m.e}:${m.f}`, isGroup: false, createdBy: m.f! })
      .returning({ id: conversations.id });
    await db()
      .insert(messages)
      .values({ conversationId: conversation!.id, authorId: m.f!, body: null, createdAt: at('2026-03-10T10:20:00Z') });
    const [circle] = await db()
      .insert(circles)
      .values({ slug: 'active-circle', name: 'Walkers', createdBy: m.f! })
      .returning({ id: circles.id });
    await db()
      .insert(circlePosts)
      .values({
        circleId: circle!.id,
        authorId: m.f!,
        title: 'Walk',
        body: 'Sunday?',
        createdAt: at('2026-04-02T09:00:00Z'),
        lastActivityAt: 0,
      });
    // A day of visits: its first moment, and its last once it moves.
    await db()
      .insert(memberActivity)
      .values({ userId: m.f!, day: '2026-04-03', firstAt: at('2026-04-03T08:00:00Z'), lastAt: at('2026-04-03T08:00:00Z') });
    await db()
      .update(memberActivity)
      .set({ lastAt: at('2026-04-03T09:30:00Z') })
      .where(eq(memberActivity.userId, m.f!));

    const quarters = await db()
      .select({ at: memberActiveQuarterHours.at })
      .from(memberActiveQuarterHours)
      .where(eq(memberActiveQuarterHours.userId, m.f!))
      .orderBy(memberActiveQuarterHours.quarterHour);
    expect(quarters.map((q) => new Date(q.at).toISOString())).toEqual([
      '2026-03-10T10:03:00.000Z',
      '2026-03-10T10:20:00.000Z',
      '2026-04-02T09:00:00.000Z',
      '2026-04-03T08:00:00.000Z',
      '2026-04-03T09:30:00.000Z',
    ]);
    const months = await db()
      .select({ month: memberActiveMonths.month, firstAt: memberActiveMonths.firstAt })
      .from(memberActiveMonths)
      .where(eq(memberActiveMonths.userId, m.f!))
      .orderBy(memberActiveMonths.month);
    expect(months).toEqual([
      { month: '2026-03', firstAt: at('2026-03-10T10:03:00Z') },
      { month: '2026-04', firstAt: at('2026-04-02T09:00:00Z') },
    ]);
    // The story below is about a to e.
    await db().delete(memberActiveQuarterHours).where(eq(memberActiveQuarterHours.userId, m.f!));
    await db().delete(memberActiveMonths).where(eq(memberActiveMonths.userId, m.f!));
  });

  it('counts each bucket exactly in a zone whose midnight is on the half hour', async () => {
    // a: 23:50 on 28 February and 00:10 on 1 March in Kolkata, in one UTC hour: both months.
    await comment('a', '2026-02-28T18:20:00Z');
    await join('a', '2026-02-28T18:40:00Z');
    // b: 01:30 on 1 April in Kolkata, still March in UTC−12: April only.
    await upload('b', '2026-03-31T20:00:00Z');
    // c: 10 March, and 1 April in Kolkata: March and April.
    await comment('c', '2026-03-10T12:00:00Z');
    await join('c', '2026-03-31T20:00:00Z');
    // d: a visit at 23:30 on 31 May in Kolkata, seen again at 00:30 on 1 June (after the period).
    await db()
      .insert(memberActivity)
      .values({ userId: m.d!, day: '2026-05-31', firstAt: at('2026-05-31T18:00:00Z'), lastAt: at('2026-05-31T19:00:00Z') });
    // e: 23:59 on 31 January in Kolkata: the previous period only.
    await join('e', '2026-01-31T18:29:00Z');

    const input = InsightsInputSchema.parse({ from: '2026-02-01', to: '2026-05-31', tz: 'Asia/Kolkata' });
    const actor = (await resolveSession(deps(), admin.cookie.split('=')[1]!))!;
    const { engagement } = await getInsights({ ...deps(), now: () => NOW }, actor, input);
    expect(engagement.active_series).toEqual([
      { bucket: '2026-02-01', value: 1 },
      { bucket: '2026-03-01', value: 2 },
      { bucket: '2026-04-01', value: 2 },
      { bucket: '2026-05-01', value: 1 },
    ]);
    expect(engagement.active).toEqual({ value: 4, previous: 1 });
    // The last 30 days (from 16 May 12:00 UTC): d's visit; all seven are members (admin included).
    expect(engagement.active_last_30_days).toEqual({ active: 1, members: 7, share: 14.3 });
  });
});
