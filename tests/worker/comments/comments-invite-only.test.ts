// Comments on an invite-only event and on its images are for those who see its details
// (eventPolicy.seeDetails); tests/worker/events/invite-only-visibility.test.ts holds the whole
// matrix, this file what happens to one comment when its reader loses access.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../../src/shared/schemas/comments';
import { comments } from '../../../src/worker/db/schema/comments';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { listComments } from '../../../src/worker/modules/comments/comments';
import { actorOf, deps, request, roles, trpc } from '../helpers';
import { createEventAs } from '../events/events-helpers';

async function privateEventWithGuest() {
  const host = await roles.founding();
  const e = await createEventAs(host, { exclusivity: 'invite-only' });
  const guest = await roles.standard();
  const invite = await request('/api/events/invite', { as: host, body: { eventId: e.id, userIds: [guest.id] } });
  expect(invite.status).toBe(200);
  expect((await request(`/api/events/${e.id}/join`, { method: 'POST', as: guest })).status).toBe(200);
  return { host, e, guest, commentableId: `event-${e.id}` };
}

describe('comments of an invite-only event', () => {
  it('a participant who leaves can no longer read, edit or like them, but may still delete her own', async () => {
    const { host, e, guest, commentableId } = await privateEventWithGuest();
    const mine = await (
      await request('/api/comments', { as: guest, body: { commentableId, content: 'See you there' } })
    ).json<CommentView>();
    const theirs = await (
      await request('/api/comments', { as: host, body: { commentableId, content: 'Dress warmly' } })
    ).json<CommentView>();
    expect((await request(`/api/comments?commentableId=${commentableId}`, { as: guest })).status).toBe(200);

    expect((await request(`/api/events/${e.id}/leave`, { method: 'DELETE', as: guest })).status).toBe(200);
    const refused = await request(`/api/comments?commentableId=${commentableId}`, { as: guest });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'The comments of this event are shared with its invited members.' });
    // A comment she may not see does not exist for her: 404, not 403.
    expect((await request(`/api/comments/${mine.id}`, { method: 'PUT', as: guest, body: { content: 'Changed' } })).status).toBe(404);
    expect((await trpc('comments.update', { id: mine.id, content: 'Changed' }, { as: guest })).status).toBe(404);
    expect((await request(`/api/comments/${theirs.id}/like`, { method: 'POST', as: guest })).status).toBe(404);
    expect((await request(`/api/comments/${theirs.id}`, { method: 'DELETE', as: guest })).status).toBe(404);
    const [kept] = await deps().db.select().from(comments).where(eq(comments.id, mine.id));
    expect(kept!.content).toBe('See you there');
    // Her own words are hers to remove.
    expect((await request(`/api/comments/${mine.id}`, { method: 'DELETE', as: guest })).status).toBe(200);
    expect(await deps().db.select().from(comments).where(eq(comments.id, mine.id))).toEqual([]);
    // The host and an admin still read, like and moderate.
    expect((await request(`/api/comments/${theirs.id}/like`, { method: 'POST', as: host })).status).toBe(200);
    const admin = await roles.admin();
    const listed = await (await request(`/api/comments?commentableId=${commentableId}`, { as: admin })).json<CommentView[]>();
    expect(listed.map((c) => c.id)).toEqual([theirs.id]);
    expect((await request(`/api/comments/${theirs.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
  });

  it('a refused list is still one D1 round trip; an unknown event is 404 before any access question', async () => {
    const { commentableId } = await privateEventWithGuest();
    const stranger = await roles.travelHost();
    const counted = countingDeps(deps());
    await expect(listComments(counted.deps, actorOf(stranger), { commentableId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(counted.roundTrips()).toBe(1);
    expect((await request('/api/comments?commentableId=event-999999999', { as: stranger })).status).toBe(404);
    expect((await request('/api/comments', { as: stranger, body: { commentableId: 'event-999999999', content: 'x' } })).status).toBe(404);
  });
});
