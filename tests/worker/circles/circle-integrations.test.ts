// Issue 39 beside the other modules: events in a circle (circle_id, `circle`, the calendar's
// filter), the directory's `circle=` filter and her page's circles, her export and her account's
// deletion, the public Activities page's counts, and a new club's seven circles.
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../src/shared/members';
import { STARTER_CIRCLES, type CircleCount, type CircleDetail, type CirclePostDto } from '../../../src/shared/schemas/circles';
import type { EventDto } from '../../../src/shared/schemas/events';
import { circles } from '../../../src/worker/db/schema/circles';
import { events } from '../../../src/worker/db/schema/events';
import { ensureStarterCircles } from '../../../src/worker/modules/circles/circles';
import { createUser, deps, request, roles, TEST_PASSWORD } from '../helpers';
import { circleWith, joined, makeCircle, post } from './circles-helpers';

const eventFields = (over: Record<string, unknown> = {}) => ({
  title: 'Circle supper',
  event_date: '2031-03-03',
  start_time: '18:00',
  end_time: '21:00',
  time_zone: 'UTC',
  ...over,
});

describe('events in a circle', () => {
  it('takes a circle she belongs to (400 for another), names it on the event, and filters the list by it', async () => {
    const { admin, circle } = await circleWith(0);
    const other = await makeCircle(admin);
    const host = await roles.founding();
    await joined(circle, host);
    const refused = await request('/api/events', { as: host, body: eventFields({ circle_id: other.id }) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'Choose one of your circles.' });
    const created = await request('/api/events', { as: host, body: eventFields({ circle_id: circle.id }) });
    expect(created.status).toBe(201);
    const { event } = await created.json<{ event: EventDto }>();
    expect(event.circle).toEqual({ id: circle.id, slug: circle.slug, name: circle.name });
    const { event: elsewhere } = await (
      await request('/api/events', { as: host, body: eventFields({ title: 'Not in it' }) })
    ).json<{
      event: EventDto;
    }>();
    for (const q of [circle.slug, String(circle.id), 'mine']) {
      const list = await (await request(`/api/events?circle=${q}`, { as: host })).json<EventDto[]>();
      expect(
        list.map((e) => e.id),
        q,
      ).toEqual([event.id]);
    }
    const all = await (await request('/api/events', { as: host })).json<EventDto[]>();
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining([event.id, elsewhere.id]));
    // Out of its circle again, and on the circle's page while in it.
    const page = await (await request(`/api/circles/${circle.slug}`, { as: host })).json<CircleDetail>();
    expect(page.upcoming_events.map((e) => e.id)).toEqual([event.id]);
    const moved = await request(`/api/events/${event.id}`, { method: 'PUT', as: host, body: { circle_id: null } });
    expect((await moved.json<EventDto>()).circle).toBeNull();
  });
});

describe('the directory and her page', () => {
  it('filters by circle (slug or id) and lists her circles on her page', async () => {
    const { circle, members } = await circleWith(2);
    const viewer = await roles.standard();
    for (const q of [circle.slug, String(circle.id)]) {
      const cards = await (await request(`/api/members?circle=${q}&limit=100`, { as: viewer })).json<MemberCard[]>();
      expect(cards.map((c) => c.id).sort(), q).toEqual(expect.arrayContaining(members.map((m) => m.id)));
      expect(cards.map((c) => c.id)).not.toContain(viewer.id);
    }
    const page = await (await request(`/api/members/${members[0]!.id}`, { as: viewer })).json<{ circles: unknown[] }>();
    expect(page.circles).toEqual([{ id: circle.id, slug: circle.slug, name: circle.name }]);
  });
});

describe('her data', () => {
  it('her export holds her circles, posts and proposals; her comments on posts are among her comments', async () => {
    const { circle, members } = await circleWith(1);
    const her = members[0]!;
    const p = await post(circle, her, 'My exported post');
    await request('/api/comments', { as: her, body: { commentableId: `post-${p.id}`, content: 'My exported comment' } });
    await request('/api/circle-proposals', { as: her, body: { name: 'Knitting', description: 'Yarn', reason: 'Winter' } });
    const res = await request('/api/account/export', { as: her });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json']!)) as Record<string, { [k: string]: unknown }[]>;
    expect(data.circles).toMatchObject([{ circle: circle.name, slug: circle.slug, role: 'member', status: 'member' }]);
    expect(data.circlePosts).toMatchObject([{ id: p.id, title: 'My exported post', circle: circle.name }]);
    expect(data.circleProposals).toMatchObject([{ name: 'Knitting', status: 'pending' }]);
    expect(data.comments).toMatchObject([{ postId: p.id, content: 'My exported comment' }]);
  });

  it('deleting her account keeps her posts by a former member, drops her comments, and corrects the counts', async () => {
    const { circle, members } = await circleWith(2);
    const [her, other] = members as [NonNullable<(typeof members)[0]>, NonNullable<(typeof members)[0]>];
    const hers = await post(circle, her, 'Stays');
    const others = await post(circle, other, 'Commented');
    await request('/api/comments', { as: her, body: { commentableId: `post-${others.id}`, content: 'Goes' } });
    await request(`/api/posts/${others.id}/like`, { as: her, body: {} });
    expect((await request('/api/account', { method: 'DELETE', as: her, body: { password: TEST_PASSWORD } })).status).toBe(200);
    const board = await (await request(`/api/circles/${circle.slug}/posts`, { as: other })).json<CirclePostDto[]>();
    expect(board.find((x) => x.id === hers.id)!.author).toEqual({ id: null, name: 'Former member', photo_url: null });
    expect(board.find((x) => x.id === others.id)).toMatchObject({ comment_count: 0, like_count: 0 });
    const [row] = await deps().db.select().from(circles).where(eq(circles.id, circle.id));
    expect(row!.memberCount).toBe(2);
  });
});

describe('the public Activities page and a new club', () => {
  it('tells visitors each circle’s name and member count, nothing more', async () => {
    const { circle } = await circleWith(3);
    const res = await request('/api/activities/circles');
    expect(res.status).toBe(200);
    const counts = await res.json<CircleCount[]>();
    expect(counts.find((c) => c.name === circle.name)).toEqual({ name: circle.name, member_count: 4 });
  });

  it('a new club starts with the seven Gatherings, open, hosted by its first admin (once)', async () => {
    await deps().db.update(events).set({ circleId: null });
    await deps().db.delete(circles);
    const admin = await createUser({ admin: true, type: 'Founding' });
    await ensureStarterCircles(deps(), admin.id);
    await ensureStarterCircles(deps(), admin.id);
    const list = await (await request('/api/circles', { as: admin })).json<CircleDetail[]>();
    expect(list.map((c) => c.name).sort()).toEqual([...STARTER_CIRCLES].sort());
    expect(list.every((c) => c.join === 'open' && c.joined && c.member_count === 1)).toBe(true);
  });
});
