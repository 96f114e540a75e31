// Issue 39, circles and their members over REST (the contract): the list and a circle's page,
// who creates, edits, deletes and names hosts, joining open and request circles, the hosts'
// requests, the members' pages, and proposals.
import { describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../src/shared/members';
import type { CircleDetail, CircleProposalDto, CircleSummary } from '../../../src/shared/schemas/circles';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { circleMembers } from '../../../src/worker/db/schema/circles';
import { deps, insertEvent, request, roles, unique } from '../helpers';
import { nextLink } from '../query-plan';
import { circleWith, joined, makeCircle } from './circles-helpers';
import { eq } from 'drizzle-orm';

describe('GET /api/circles and /api/circles/{slug}', () => {
  it('lists every circle with the contract’s fields, hers first, and its next event', async () => {
    const admin = await roles.admin();
    const her = await roles.standard();
    const a = await makeCircle(admin, { name: `Aaa ${unique()}` });
    const z = await makeCircle(admin, { name: `Zzz ${unique()}` });
    await joined(z, her);
    const ev = await insertEvent({ circleId: a.id, title: 'Next one', endsAt: Date.now() + 86_400_000, startsAt: Date.now() + 3_600_000 });
    const res = await request('/api/circles', { as: her });
    expect(res.status).toBe(200);
    const list = await res.json<CircleSummary[]>();
    const slugs = list.map((c) => c.slug);
    expect(slugs.indexOf(z.slug)).toBeLessThan(slugs.indexOf(a.slug));
    const first = list.find((c) => c.slug === a.slug)!;
    expect(Object.keys(first).sort()).toEqual(
      ['archived', 'cover_url', 'description', 'id', 'join', 'joined', 'member_count', 'name', 'next_event', 'requested', 'slug'].sort(),
    );
    expect(first).toMatchObject({ joined: false, requested: false, member_count: 1, next_event: { id: ev.id, title: 'Next one' } });
    expect(list.find((c) => c.slug === z.slug)).toMatchObject({ joined: true, member_count: 2 });
  });

  it('answers a circle with its hosts and her flags; 404 {"error": "Circle not found."} for an unknown slug', async () => {
    const { admin, circle, members } = await circleWith(1);
    const res = await request(`/api/circles/${circle.slug}`, { as: members[0] });
    const detail = await res.json<CircleDetail>();
    expect(detail).toMatchObject({
      slug: circle.slug,
      hosts: [{ id: admin.id, name: admin.name, photo_url: null }],
      can_post: true,
      can_host: false,
      joined: true,
    });
    const missing = await request('/api/circles/no-such-circle', { as: members[0] });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'Circle not found.' });
    expect((await request('/api/circles/Not%20a%20slug!', { as: members[0] })).status).toBe(404);
    expect((await request('/api/circles', {})).status).toBe(401);
  });
});

describe('creating, editing and deleting circles', () => {
  it('admins create (201, hosting it); members may not (403); a name is unique whatever its case (409)', async () => {
    const admin = await roles.admin();
    const member = await roles.founding();
    const name = `Pottery ${unique()}`;
    const created = await request('/api/circles', { as: admin, body: { name, description: 'Wheels and kilns', join: 'request' } });
    expect(created.status).toBe(201);
    const circle = await created.json<CircleDetail>();
    expect(circle).toMatchObject({ name, join: 'request', member_count: 1, can_host: true, hosts: [{ id: admin.id }] });
    expect((await request('/api/circles', { as: member, body: { name: `${name} 2`, description: '', join: 'open' } })).status).toBe(403);
    const again = await request('/api/circles', { as: admin, body: { name: name.toUpperCase(), description: '', join: 'open' } });
    expect(again.status).toBe(409);
    const bad = await request('/api/circles', { as: admin, body: { name: 'x'.repeat(61), join: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  it('its hosts and admins edit it, the slug stays; others get 403; admins delete it and its events stay', async () => {
    const { admin, circle, members } = await circleWith(2);
    const [host, other] = members as [NonNullable<(typeof members)[0]>, NonNullable<(typeof members)[0]>];
    expect((await request(`/api/circles/${circle.slug}/hosts`, { as: host, body: { member_id: host.id } })).status).toBe(403);
    const named = await request(`/api/circles/${circle.slug}/hosts`, { as: admin, body: { member_id: host.id } });
    expect(named.status).toBe(200);
    expect((await named.json<CircleDetail>()).hosts.map((h) => h.id)).toEqual([admin.id, host.id]);
    const renamed = await request(`/api/circles/${circle.slug}`, { method: 'PATCH', as: host, body: { name: `Renamed ${unique()}` } });
    expect(renamed.status).toBe(200);
    expect((await renamed.json<CircleDetail>()).slug).toBe(circle.slug);
    expect((await request(`/api/circles/${circle.slug}`, { method: 'PATCH', as: other, body: { description: 'mine now' } })).status).toBe(
      403,
    );
    const ev = await insertEvent({ circleId: circle.id });
    expect((await request(`/api/circles/${circle.slug}`, { method: 'DELETE', as: host })).status).toBe(403);
    expect((await request(`/api/circles/${circle.slug}`, { method: 'DELETE', as: admin })).status).toBe(204);
    expect((await request(`/api/circles/${circle.slug}`, { as: admin })).status).toBe(404);
    const event = await request(`/api/events/${ev.id}`, { as: other });
    expect(await event.json()).toMatchObject({ id: ev.id, circle: null });
    const entries = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(circle.id)));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['circle.create', 'circle.host', 'circle.update', 'circle.delete']),
    );
  });

  it('an archived circle takes no one and no post (409), and leaves the members’ list', async () => {
    const { admin, circle, members } = await circleWith(1);
    await request(`/api/circles/${circle.slug}`, { method: 'PATCH', as: admin, body: { archived: true } });
    const outsider = await roles.standard();
    expect((await request(`/api/circles/${circle.slug}/join`, { as: outsider, body: {} })).status).toBe(409);
    expect((await request(`/api/circles/${circle.slug}/posts`, { as: members[0], body: { title: 'Hi', body: 'x' } })).status).toBe(409);
    const list = await (await request('/api/circles', { as: outsider })).json<CircleSummary[]>();
    expect(list.map((c) => c.slug)).not.toContain(circle.slug);
  });
});

describe('joining and leaving', () => {
  it('an open circle: 200 {joined: true} at once, counted; leave answers 204', async () => {
    const admin = await roles.admin();
    const circle = await makeCircle(admin);
    const her = await roles.standard();
    const res = await request(`/api/circles/${circle.slug}/join`, { as: her, body: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ joined: true });
    expect((await (await request(`/api/circles/${circle.slug}`, { as: her })).json<CircleDetail>()).member_count).toBe(2);
    expect((await request(`/api/circles/${circle.slug}/leave`, { as: her, body: {} })).status).toBe(204);
    expect((await (await request(`/api/circles/${circle.slug}`, { as: her })).json<CircleDetail>()).member_count).toBe(1);
  });

  it('a request circle: 202 {requested: true}; its hosts list and answer requests, others get 403', async () => {
    const admin = await roles.admin();
    const circle = await makeCircle(admin, { join: 'request' });
    const [asker, declined, stranger] = [await roles.standard(), await roles.standard(), await roles.standard()];
    const res = await request(`/api/circles/${circle.slug}/join`, { as: asker, body: {} });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ requested: true });
    await request(`/api/circles/${circle.slug}/join`, { as: declined, body: {} });
    const mine = await (await request(`/api/circles/${circle.slug}`, { as: asker })).json<CircleDetail>();
    expect(mine).toMatchObject({ requested: true, joined: false, member_count: 1, can_post: false });
    expect((await request(`/api/circles/${circle.slug}/requests`, { as: stranger })).status).toBe(403);
    const requests = await (await request(`/api/circles/${circle.slug}/requests`, { as: admin })).json<{ id: number }[]>();
    expect(requests.map((r) => r.id)).toEqual([asker.id, declined.id]);
    expect((await request(`/api/circles/${circle.slug}/requests/${asker.id}`, { as: stranger, body: { accept: true } })).status).toBe(403);
    const accepted = await request(`/api/circles/${circle.slug}/requests/${asker.id}`, { as: admin, body: { accept: true } });
    expect(accepted.status).toBe(200);
    await request(`/api/circles/${circle.slug}/requests/${declined.id}`, { as: admin, body: { accept: false } });
    expect((await request(`/api/circles/${circle.slug}/requests/${declined.id}`, { as: admin, body: { accept: true } })).status).toBe(404);
    const after = await (await request(`/api/circles/${circle.slug}`, { as: asker })).json<CircleDetail>();
    expect(after).toMatchObject({ joined: true, member_count: 2, can_post: true });
    const rows = await deps().db.select().from(circleMembers).where(eq(circleMembers.circleId, circle.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([admin.id, asker.id].sort());
  });

  it('its only host cannot leave (409)', async () => {
    const admin = await roles.admin();
    const circle = await makeCircle(admin);
    expect((await request(`/api/circles/${circle.slug}/leave`, { as: admin, body: {} })).status).toBe(409);
  });
});

describe('GET /api/circles/{slug}/members', () => {
  it('pages member cards in the order they joined, the next page in Link, one D1 round trip', async () => {
    const { admin, circle, members } = await circleWith(4);
    const viewer = await roles.standard();
    const first = await request(`/api/circles/${circle.slug}/members?limit=3`, { as: viewer });
    expect(first.status).toBe(200);
    expect(first.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const page1 = await first.json<MemberCard[]>();
    expect(page1.map((c) => c.id)).toEqual([admin.id, members[0]!.id, members[1]!.id]);
    expect(Object.keys(page1[0]!)).toContain('industry');
    const next = nextLink(first)!;
    const page2 = await (await request(next, { as: viewer })).json<MemberCard[]>();
    expect(page2.map((c) => c.id)).toEqual([members[2]!.id, members[3]!.id]);
  });
});

describe('proposals', () => {
  it('a member proposes (201); admins list and accept it: the circle is made, open, hosted by her; decided once', async () => {
    const admin = await roles.admin();
    const her = await roles.standard();
    const name = `Birding ${unique()}`;
    const made = await request('/api/circle-proposals', { as: her, body: { name, description: 'Dawn walks', reason: 'We are many' } });
    expect(made.status).toBe(201);
    const proposal = await made.json<CircleProposalDto>();
    expect(proposal).toMatchObject({ status: 'pending', proposed_by: { id: her.id }, circle: null });
    expect((await request('/api/admin/circle-proposals', { as: her })).status).toBe(403);
    const listed = await (await request('/api/admin/circle-proposals?status=pending', { as: admin })).json<CircleProposalDto[]>();
    expect(listed.map((p) => p.id)).toContain(proposal.id);
    const decided = await request(`/api/admin/circle-proposals/${proposal.id}`, { as: admin, body: { accept: true } });
    expect(decided.status).toBe(200);
    const accepted = await decided.json<CircleProposalDto>();
    expect(accepted).toMatchObject({ status: 'accepted', circle: { name } });
    const circle = await (await request(`/api/circles/${accepted.circle!.slug}`, { as: her })).json<CircleDetail>();
    expect(circle).toMatchObject({ join: 'open', joined: true, can_host: true, hosts: [{ id: her.id }] });
    expect((await request(`/api/admin/circle-proposals/${proposal.id}`, { as: admin, body: { accept: false } })).status).toBe(409);
  });
});
