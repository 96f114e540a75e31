// Issue 46 point 11: comments read like a conversation. A reply answers a top-level comment on the
// same commentable, one level deep (a reply to a reply joins the same thread); a list is a page of
// top-level comments with their replies, newest or oldest first; deleting a comment takes its
// replies; the top comment's author is told as for a comment on her thing.
import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../../src/shared/schemas/comments';
import { REPLY_PARENT_MESSAGE } from '../../../src/shared/schemas/comments';
import { images } from '../../../src/worker/db/schema/images';
import { createUser, deps, insertEvent, request, roles, unique, type TestUser } from '../helpers';
import { walkLinks } from '../pages';
import { listOf, settleNotifications } from '../notifications/notification-helpers';

async function post(as: TestUser, commentableId: string, content: string, parentId?: number) {
  const res = await request('/api/comments', { as, body: { content, commentableId, ...(parentId ? { parent_id: parentId } : {}) } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CommentView;
}

async function list(as: TestUser, commentableId: string, query = '') {
  const res = await request(`/api/comments?commentableId=${commentableId}${query}`, { as });
  expect(res.status).toBe(200);
  return (await res.json()) as CommentView[];
}

describe('replies', () => {
  it('thread one level deep under their top comment, oldest first; a reply to a reply joins the same thread', async () => {
    const [amara, sofia] = await Promise.all([roles.standard(), roles.standard()]);
    const ev = `event-${(await insertEvent({ title: unique('Replies') })).id}`;
    const top = await post(amara, ev, 'Who brings the tea?');
    const reply = await post(sofia, ev, 'I will', top.id);
    expect(reply).toMatchObject({ parent_id: top.id, replies: [], reply_count: 0 });
    const again = await post(amara, ev, 'Lovely', reply.id);
    expect(again.parent_id).toBe(top.id);
    const other = await post(sofia, ev, 'Another topic');

    const got = await list(amara, ev);
    expect(got.map((c) => c.content)).toEqual(['Another topic', 'Who brings the tea?']);
    expect(got[1]).toMatchObject({ parent_id: null, reply_count: 2 });
    expect(got[1]!.replies.map((r) => [r.content, r.parent_id, r.username])).toEqual([
      ['I will', top.id, sofia.name],
      ['Lovely', top.id, amara.name],
    ]);
    expect(got[1]!.replies[0]).toMatchObject({ can_edit: false, can_delete: false, like_count: 0 });
    expect(got[1]!.replies[1]).toMatchObject({ can_edit: true, can_delete: true });

    // A like on a reply shows on it.
    expect((await request(`/api/comments/${reply.id}/like`, { as: amara, method: 'POST' })).status).toBe(200);
    expect((await list(sofia, ev))[1]!.replies[0]).toMatchObject({ like_count: 1, user_liked: false });

    // Deleting the top comment takes its replies with it; the other comment stays.
    expect((await request(`/api/comments/${top.id}`, { as: amara, method: 'DELETE' })).status).toBe(200);
    expect((await list(sofia, ev)).map((c) => c.id)).toEqual([other.id]);
    expect((await request(`/api/comments/${reply.id}`, { as: sofia, method: 'DELETE' })).status).toBe(404);
  });

  it('answer only a comment on the same commentable (400 with a clear message)', async () => {
    const u = await roles.standard();
    const [a, b] = await Promise.all([insertEvent({ title: unique('A') }), insertEvent({ title: unique('B') })]);
    const onA = await post(u, `event-${a.id}`, 'On A');
    for (const parent_id of [onA.id, 999_999_999]) {
      const res = await request('/api/comments', { as: u, body: { content: 'Hi', commentableId: `event-${b.id}`, parent_id } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: REPLY_PARENT_MESSAGE, fieldErrors: { parent_id: [REPLY_PARENT_MESSAGE] } });
    }
    const bad = await request('/api/comments', { as: u, body: { content: 'Hi', commentableId: `event-${b.id}`, parent_id: 'x' } });
    expect(bad.status).toBe(400);
    // A missing event is still a 404, whatever the reply says.
    expect(
      (await request('/api/comments', { as: u, body: { content: 'Hi', commentableId: 'event-999999999', parent_id: onA.id } })).status,
    ).toBe(404);
  });

  it("toggle the order: 'oldest' pages forward through the top-level comments; an unknown order is a 400", async () => {
    const u = await roles.standard();
    const ev = `event-${(await insertEvent({ title: unique('Order') })).id}`;
    const posted: CommentView[] = [];
    for (const n of [1, 2, 3, 4, 5]) posted.push(await post(u, ev, `c${n}`));
    await post(u, ev, 'a reply', posted[0]!.id);
    const oldest = await walkLinks<CommentView>(u, `/api/comments?commentableId=${ev}&order=oldest&limit=2`);
    expect(oldest.items.map((c) => c.content)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(oldest.items[0]!.replies.map((r) => r.content)).toEqual(['a reply']);
    const newest = await walkLinks<CommentView>(u, `/api/comments?commentableId=${ev}&limit=2`);
    expect(newest.items.map((c) => c.content)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect((await request(`/api/comments?commentableId=${ev}&order=sideways`, { as: u })).status).toBe(400);
  });

  it("tell the top comment's author, as a comment on her thing does", async () => {
    const [uploader, author, replier] = await Promise.all([createUser(), createUser(), createUser({ name: 'Hana Sato' })]);
    const [image] = await deps()
      .db.insert(images)
      .values({ r2Key: unique('replies-img-'), contentType: 'image/jpeg', bytes: 1, uploadedBy: uploader.id, title: 'Harbour' })
      .returning();
    const top = await post(author, `image-${image!.id}`, 'What a light');
    await settleNotifications();
    await post(replier, `image-${image!.id}`, 'Thank you', top.id);
    await settleNotifications();
    const entries = (await listOf(author)).filter((e) => e.kind === 'comment');
    expect(entries.map((e) => e.text)).toEqual(['Hana Sato commented on the image “Harbour”']);
  });
});
