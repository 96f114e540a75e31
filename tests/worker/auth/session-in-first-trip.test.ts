import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../../src/shared/constants';
import { comments } from '../../../src/worker/db/schema/comments';
import { sessions, users } from '../../../src/worker/db/schema/users';
import { sha256Hex } from '../../../src/worker/platform/crypto';
import { withFirstTrip } from '../../../src/worker/platform/d1-first-trip';
import { createUser, deps, insertEvent, request, trpc, unique, type TestUser } from '../helpers';

// Issue 29 (ADR 0020): a member's read is one D1 round trip in all. Her session, checked once by
// this isolate, rides in the page's own batch; whatever D1 says of it there wins over the hint.

const tripsInAll = (res: Response) => Number(/D1 round trips in all: (\d+)/.exec(res.headers.get('Server-Timing') ?? '')?.[1]);
const sessionIdOf = (u: TestUser) => sha256Hex(u.cookie.split('=')[1]!);

/** A member whose session this isolate has checked once (her first read resolves it on its own). */
async function checkedMember(opts: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  const member = await createUser(opts);
  expect((await request('/auth-status', { as: member })).status).toBe(200);
  return member;
}

describe('the session check rides on the page’s round trip', () => {
  it('the first page of events, one event, the first page of images and a comment list: one D1 round trip each', async () => {
    const member = await checkedMember({ type: 'Founding' });
    const event = await insertEvent({ createdBy: member.id });
    await deps()
      .db.insert(comments)
      .values({ eventId: event.id, userId: member.id, content: `Hello ${unique()}`, createdAt: Date.now() });
    for (const path of [
      '/api/events?limit=30',
      `/api/events/${event.id}`,
      '/api/images?limit=30',
      `/api/comments?commentableId=event-${event.id}`,
    ]) {
      const res = await request(path, { as: member });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      expect(tripsInAll(res), path).toBe(1);
      // And the request's own time inside the Worker, which the load bench reads (ADR 0020).
      expect(res.headers.get('Server-Timing'), path).toMatch(/(^|, )app;dur=\d+(, |$)/);
    }
    // The tRPC twin of the event page too.
    const byId = await trpc('events.byId', { ref: event.id }, { as: member, type: 'query' });
    expect(byId.status).toBe(200);
    expect(tripsInAll(byId)).toBe(1);
  });

  it('a session this isolate has not checked yet costs its own round trip, as before', async () => {
    const member = await createUser();
    const res = await request('/api/events?limit=30', { as: member });
    expect(res.status).toBe(200);
    expect(tripsInAll(res)).toBe(2);
  });

  it('a session ended elsewhere is refused at once, and nothing of the page made for it is sent', async () => {
    const member = await checkedMember({ type: 'Founding' });
    const event = await insertEvent({ createdBy: member.id });
    // Another isolate signs her out: this one still holds her hint.
    await deps()
      .db.delete(sessions)
      .where(eq(sessions.id, await sessionIdOf(member)));
    const list = await request('/api/events?limit=1', { as: member });
    expect(list.status).toBe(401);
    expect(list.headers.get('Link')).toBeNull();
    const one = await request(`/api/events/${event.id}`, { as: member });
    expect(one.status).toBe(401);
    expect(await one.text()).not.toContain(event.title);
    expect(await (await request('/auth-status', { as: member })).json()).toMatchObject({ authenticated: false });
  });

  it('a session idle too long or past its expiry is refused, though this isolate checked it before', async () => {
    const idle = await checkedMember();
    await deps()
      .db.update(sessions)
      .set({ lastSeenAt: Date.now() - SESSION_IDLE_MS - 1000 })
      .where(eq(sessions.id, await sessionIdOf(idle)));
    expect((await request('/api/events?limit=30', { as: idle })).status).toBe(401);

    const expired = await checkedMember();
    await deps()
      .db.update(sessions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(sessions.id, await sessionIdOf(expired)));
    expect((await request('/api/images?limit=30', { as: expired })).status).toBe(401);
    // Refused sessions are deleted, as the check without a hint does.
    await new Promise((r) => setTimeout(r, 50));
    expect(
      await deps()
        .db.select()
        .from(sessions)
        .where(eq(sessions.id, await sessionIdOf(expired))),
    ).toHaveLength(0);
  });

  it('a member whose role changed is answered as she is now, not as the hint remembers her', async () => {
    const member = await checkedMember({ type: 'Standard' });
    expect(await (await request('/auth-status', { as: member })).json()).toMatchObject({ user: { type: 'Standard' } });
    await deps().db.update(users).set({ type: 'Founding' }).where(eq(users.id, member.id));
    const now = await request('/auth-status', { as: member });
    expect(await now.json()).toMatchObject({ user: { type: 'Founding' } });
  });
});

describe('withFirstTrip', () => {
  const rider = (ok: boolean) => ({
    sql: 'select 1 as one',
    params: [],
    check() {
      if (!ok) throw new Error('refused');
    },
  });

  it('never lets a write ride before the check, and refuses it when the check fails', async () => {
    const marker = unique('w');
    const { d1, firstTrip } = withFirstTrip(env.DB);
    firstTrip.ride(rider(false));
    const write = d1
      .prepare('insert into audit_log (actor_id, action, target_type, created_at) values (null, ?, ?, ?)')
      .bind(marker, 'test', Date.now());
    await expect(d1.batch([write])).rejects.toThrow('refused');
    await expect(firstTrip.settle()).rejects.toThrow('refused');
    const found = await env.DB.prepare('select count(*) as n from audit_log where action = ?').bind(marker).first<{ n: number }>();
    expect(found?.n).toBe(0);
  });

  it('answers a batch of reads as if the rider were not there, and checks alone when nothing carried it', async () => {
    const carried = withFirstTrip(env.DB);
    carried.firstTrip.ride(rider(true));
    const [a, b] = await carried.d1.batch([carried.d1.prepare('select 2 as two'), carried.d1.prepare('select 3 as three')]);
    expect(a!.results).toEqual([{ two: 2 }]);
    expect(b!.results).toEqual([{ three: 3 }]);
    await expect(carried.firstTrip.settle()).resolves.toBeUndefined();

    const alone = withFirstTrip(env.DB);
    alone.firstTrip.ride(rider(false));
    await expect(alone.firstTrip.settle()).rejects.toThrow('refused');
  });
});
