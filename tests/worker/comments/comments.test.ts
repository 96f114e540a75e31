import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommentLikeState, CommentView } from '../../../src/shared/schemas/comments';
import { commentLikes, comments } from '../../../src/worker/db/schema/comments';
import { events } from '../../../src/worker/db/schema/events';
import { images } from '../../../src/worker/db/schema/images';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { users } from '../../../src/worker/db/schema/users';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { listComments } from '../../../src/worker/modules/comments/comments';
import { actorOf, createUser, deps, insertEvent, request, roles, type TestUser, trpc, unique } from '../helpers';

async function insertImage(uploadedBy?: number) {
  const [row] = await deps()
    .db.insert(images)
    .values({ r2Key: unique('img-'), contentType: 'image/jpeg', bytes: 1234, uploadedBy })
    .returning();
  return row!;
}

async function post(commentableId: string, content: string, as: TestUser | null) {
  return request('/api/comments', { body: { content, commentableId }, as });
}

async function postOk(commentableId: string, content: string, as: TestUser): Promise<CommentView> {
  const res = await post(commentableId, content, as);
  expect(res.status).toBe(201);
  return res.json<CommentView>();
}

let readerUser: Promise<TestUser> | undefined;
/** Some member who only reads: comments are members-only (a visitor's 401 has tests of its own). */
const reader = () => (readerUser ??= createUser());

async function list(commentableId: string, as?: TestUser): Promise<CommentView[]> {
  const res = await request(`/api/comments?commentableId=${encodeURIComponent(commentableId)}`, { as: as ?? (await reader()) });
  expect(res.status).toBe(200);
  return res.json<CommentView[]>();
}

const like = (id: number, as: TestUser | null) => request(`/api/comments/${id}/like`, { method: 'POST', as });
const unlike = (id: number, as: TestUser | null) => request(`/api/comments/${id}/unlike`, { method: 'DELETE', as });
const edit = (id: number, content: string, as: TestUser | null) => request(`/api/comments/${id}`, { method: 'PUT', body: { content }, as });
const remove = (id: number, as: TestUser | null) => request(`/api/comments/${id}`, { method: 'DELETE', as });

async function commentRow(id: number) {
  const [row] = await deps().db.select().from(comments).where(eq(comments.id, id));
  return row;
}

describe('GET /api/comments', () => {
  it('lists a commentable newest first with the documented shape, readable by any member', async () => {
    const author = await createUser();
    const ev = await insertEvent({ createdBy: author.id });
    const first = await postOk(`event-${ev.id}`, 'First comment', author);
    const second = await postOk(`event-${ev.id}`, 'Second comment', author);
    const body = await list(`event-${ev.id}`);
    expect(body.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(body[0]).toEqual({
      id: second.id,
      content: 'Second comment',
      commentableId: `event-${ev.id}`,
      user_id: author.id,
      username: author.name,
      // Her photo when she has one she shows (issue 22).
      user_photo_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: null,
      like_count: 0,
      user_liked: false,
      removed: false,
      // Another member reads this list: she may neither edit nor delete.
      can_edit: false,
      can_delete: false,
      // Issue 46 point 11: a top-level comment, without replies yet.
      parent_id: null,
      replies: [],
      reply_count: 0,
    });
  });

  it('orders by created_at, newest first, whatever the insertion order', async () => {
    const author = await createUser();
    const ev = await insertEvent();
    const now = Date.now();
    const rows = await deps()
      .db.insert(comments)
      .values([
        { eventId: ev.id, userId: author.id, content: 'middle', createdAt: now - 60_000 },
        { eventId: ev.id, userId: author.id, content: 'newest', createdAt: now },
        { eventId: ev.id, userId: author.id, content: 'oldest', createdAt: now - 3_600_000 },
      ])
      .returning();
    expect(rows).toHaveLength(3);
    expect((await list(`event-${ev.id}`)).map((c) => c.content)).toEqual(['newest', 'middle', 'oldest']);
  });

  it('answers an empty array for an event or image without comments', async () => {
    const ev = await insertEvent();
    const img = await insertImage();
    expect(await list(`event-${ev.id}`)).toEqual([]);
    expect(await list(`image-${img.id}`)).toEqual([]);
  });

  it('answers 404 for an event or image that does not exist', async () => {
    const member = await createUser();
    const missingEvent = await request('/api/comments?commentableId=event-999999999', { as: member });
    expect(missingEvent.status).toBe(404);
    expect(await missingEvent.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Event not found' });
    expect((await request('/api/comments?commentableId=image-999999999', { as: member })).status).toBe(404);
  });

  it('refuses a visitor with 401, over REST and tRPC (DECISIONS: comments are members-only)', async () => {
    const author = await createUser();
    const ev = await insertEvent();
    const img = await insertImage();
    await postOk(`event-${ev.id}`, 'members only', author);
    for (const commentableId of [`event-${ev.id}`, `image-${img.id}`]) {
      const res = await request(`/api/comments?commentableId=${commentableId}`);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('members only');
      const viaTrpc = await trpc('comments.list', { commentableId }, { type: 'query' });
      expect(viaTrpc.status).toBe(401);
      expect(await viaTrpc.text()).not.toContain('members only');
    }
    // Not even whether an event exists.
    expect((await trpc('comments.list', { commentableId: 'event-999999999' }, { type: 'query' })).status).toBe(401);
  });

  it('answers a member 400 for a missing or malformed commentableId', async () => {
    const member = await createUser();
    for (const q of [
      '',
      '?commentableId=',
      '?commentableId=12',
      '?commentableId=story-3',
      '?commentableId=event-0',
      '?commentableId=event-1x',
    ]) {
      const res = await request(`/api/comments${q}`, { as: member });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('keeps the comments of an event and an image with the same numeric id apart', async () => {
    const author = await createUser();
    // Make an event and an image share a numeric id.
    let ev = await insertEvent();
    let img = await insertImage();
    while (ev.id !== img.id) {
      if (ev.id < img.id) ev = await insertEvent();
      else img = await insertImage();
    }
    await postOk(`event-${ev.id}`, 'on the event', author);
    await postOk(`image-${img.id}`, 'on the image', author);
    expect((await list(`event-${ev.id}`)).map((c) => c.content)).toEqual(['on the event']);
    const onImage = await list(`image-${img.id}`);
    expect(onImage.map((c) => [c.content, c.commentableId])).toEqual([['on the image', `image-${img.id}`]]);
  });

  it('reports like counts and the viewer’s own likes', async () => {
    const [author, a, b] = await Promise.all([createUser(), createUser(), createUser()]);
    const ev = await insertEvent();
    const c1 = await postOk(`event-${ev.id}`, 'liked by two', author);
    const c2 = await postOk(`event-${ev.id}`, 'liked by none', author);
    expect((await like(c1.id, a)).status).toBe(200);
    expect((await like(c1.id, b)).status).toBe(200);
    const asA = await list(`event-${ev.id}`, a);
    expect(asA.map((c) => [c.id, c.like_count, c.user_liked])).toEqual([
      [c2.id, 0, false],
      [c1.id, 2, true],
    ]);
    const asAuthor = await list(`event-${ev.id}`, author);
    expect(asAuthor.find((c) => c.id === c1.id)).toMatchObject({ like_count: 2, user_liked: false });
    const asOther = await list(`event-${ev.id}`);
    expect(asOther.find((c) => c.id === c1.id)).toMatchObject({ like_count: 2, user_liked: false });
  });

  it('is one D1 round trip whatever the number of comments and likes', async () => {
    const [author, viewer, other] = await Promise.all([createUser(), createUser(), createUser()]);
    const ev = await insertEvent();
    const now = Date.now();
    // D1 allows 100 bound parameters per statement: insert in chunks, in one batch.
    const db = deps().db;
    const all = Array.from({ length: 40 }, (_, i) => ({
      eventId: ev.id,
      userId: author.id,
      content: `bulk ${i}`,
      createdAt: now - i * 1000,
    }));
    const inserted = await db.batch([
      db.insert(comments).values(all.slice(0, 20)).returning({ id: comments.id }),
      db.insert(comments).values(all.slice(20)).returning({ id: comments.id }),
    ]);
    const rows = inserted.flat();
    const likes = rows.flatMap((r, i) =>
      i % 2
        ? [
            { commentId: r.id, userId: viewer.id },
            { commentId: r.id, userId: other.id },
          ]
        : [{ commentId: r.id, userId: other.id }],
    );
    await db.batch([db.insert(commentLikes).values(likes.slice(0, 30)), db.insert(commentLikes).values(likes.slice(30))]);

    const actor = actorOf(viewer);
    const counted = countingDeps(deps());
    const result = await listComments(counted.deps, actor, { commentableId: `event-${ev.id}`, limit: 40 });
    expect(counted.roundTrips()).toBe(1);
    expect(result.items).toHaveLength(40);
    expect(result.total).toBe(40);
    expect(result.items[0]).toMatchObject({ content: 'bulk 0', like_count: 1, user_liked: false });
    expect(result.items[1]).toMatchObject({ content: 'bulk 1', like_count: 2, user_liked: true });
    // The REST route reports the same in Server-Timing; its first page is the default 30.
    const res = await request(`/api/comments?commentableId=event-${ev.id}`, { as: viewer });
    expect(res.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    expect(await res.json()).toHaveLength(30);
  });

  it('shows a comment whose author was deleted, without a name', async () => {
    const author = await createUser();
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'orphaned', author);
    await deps().db.delete(users).where(eq(users.id, author.id));
    expect((await list(`event-${ev.id}`)).find((x) => x.id === c.id)).toMatchObject({ user_id: null, username: null, content: 'orphaned' });
  });
});

describe('POST /api/comments', () => {
  it('creates a comment and answers it with the documented shape', async () => {
    const member = await createUser({ type: 'Travel Host' });
    const ev = await insertEvent();
    const res = await post(`event-${ev.id}`, 'Looking forward to it', member);
    expect(res.status).toBe(201);
    const body = await res.json<CommentView>();
    expect(body).toMatchObject({
      content: 'Looking forward to it',
      commentableId: `event-${ev.id}`,
      user_id: member.id,
      username: member.name,
      like_count: 0,
      user_liked: false,
    });
    expect(Date.now() - Date.parse(body.created_at)).toBeLessThan(60_000);
    expect(await commentRow(body.id)).toMatchObject({ eventId: ev.id, imageId: null, userId: member.id, content: 'Looking forward to it' });
  });

  it('refuses a visitor with 401 and writes nothing', async () => {
    const ev = await insertEvent();
    const res = await post(`event-${ev.id}`, 'anonymous', null);
    expect(res.status).toBe(401);
    expect(await list(`event-${ev.id}`)).toEqual([]);
  });

  it('refuses a member who must first change the password', async () => {
    const member = await createUser({ mustChangePassword: true });
    const ev = await insertEvent();
    expect((await post(`event-${ev.id}`, 'hello', member)).status).toBe(403);
  });

  it('trims the content and keeps inner line breaks', async () => {
    const member = await createUser();
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, '  \n line one\nline two \t ', member);
    expect(c.content).toBe('line one\nline two');
    expect((await commentRow(c.id))!.content).toBe('line one\nline two');
  });

  it('refuses empty, blank and over-long content with 400 and a clear message', async () => {
    const member = await createUser();
    const ev = await insertEvent();
    for (const [content, message] of [
      ['', 'Comment cannot be empty.'],
      ['   \n\t ', 'Comment cannot be empty.'],
      ['x'.repeat(5001), 'Comment must be at most 5,000 characters.'],
    ] as const) {
      const res = await post(`event-${ev.id}`, content, member);
      expect(res.status).toBe(400);
      const body = await res.json<{ error: string; fieldErrors: Record<string, string[]> }>();
      expect(body.error).toContain(message);
      expect(body.fieldErrors.content).toEqual([message]);
    }
    const missing = await request('/api/comments', { body: { commentableId: `event-${ev.id}` }, as: member });
    expect(missing.status).toBe(400);
    expect(await list(`event-${ev.id}`)).toEqual([]);
  });

  it('accepts exactly 5,000 characters, counted after the trim', async () => {
    const member = await createUser();
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, `  ${'y'.repeat(5000)}  `, member);
    expect(c.content).toHaveLength(5000);
  });

  it('answers 404 on an event or image that does not exist, and 400 on a malformed id', async () => {
    const member = await createUser();
    expect((await post('event-999999999', 'hello', member)).status).toBe(404);
    expect((await post('image-999999999', 'hello', member)).status).toBe(404);
    expect((await post('nonsense', 'hello', member)).status).toBe(400);
  });

  it('stores text that looks like HTML exactly as typed (it is plain text)', async () => {
    const member = await createUser();
    const img = await insertImage();
    const content = '<img src=x onerror=alert(1)> & <script>alert("x")</script>';
    const c = await postOk(`image-${img.id}`, content, member);
    expect(c.content).toBe(content);
    expect((await list(`image-${img.id}`))[0]!.content).toBe(content);
  });
});

describe('PUT /api/comments/{id}', () => {
  it('lets the author edit, trimmed, and marks the edit', async () => {
    const author = await createUser();
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'before', author);
    const res = await edit(c.id, '  after  ', author);
    expect(res.status).toBe(200);
    const body = await res.json<CommentView>();
    expect(body).toMatchObject({ id: c.id, content: 'after', user_id: author.id, username: author.name });
    expect(body.updated_at).not.toBeNull();
    expect((await commentRow(c.id))!.content).toBe('after');
    expect((await list(`event-${ev.id}`))[0]).toMatchObject({ content: 'after', created_at: c.created_at });
  });

  it('refuses another member and an admin with 403, a visitor with 401', async () => {
    const [author, other, admin] = await Promise.all([createUser(), createUser({ type: 'Founding' }), roles.admin()]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'mine', author);
    expect((await edit(c.id, 'theirs', other)).status).toBe(403);
    const byAdmin = await edit(c.id, 'admin rewrite', admin);
    expect(byAdmin.status).toBe(403);
    expect(await byAdmin.json()).toMatchObject({ code: 'FORBIDDEN', error: 'Only the author can edit this comment.' });
    expect((await edit(c.id, 'visitor', null)).status).toBe(401);
    expect((await commentRow(c.id))!.content).toBe('mine');
  });

  it('refuses empty content with 400 and an unknown comment with 404', async () => {
    const author = await createUser();
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'keep me', author);
    expect((await edit(c.id, '   ', author)).status).toBe(400);
    expect((await edit(c.id, 'z'.repeat(5001), author)).status).toBe(400);
    expect((await commentRow(c.id))!.content).toBe('keep me');
    expect((await edit(999999999, 'hello', author)).status).toBe(404);
    expect((await edit(0, 'hello', author)).status).toBe(400);
  });
});

describe('DELETE /api/comments/{id}', () => {
  it('lets the author delete, with its likes', async () => {
    const [author, fan] = await Promise.all([createUser(), createUser()]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'short-lived', author);
    await like(c.id, fan);
    const res = await remove(c.id, author);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: c.id });
    expect(await commentRow(c.id)).toBeUndefined();
    expect(await deps().db.select().from(commentLikes).where(eq(commentLikes.commentId, c.id))).toEqual([]);
    expect((await remove(c.id, author)).status).toBe(404);
  });

  it('lets an admin delete anyone’s comment, and audits it', async () => {
    const [author, admin] = await Promise.all([createUser(), roles.admin()]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'moderated', author);
    expect((await remove(c.id, admin)).status).toBe(200);
    expect(await commentRow(c.id)).toBeUndefined();
    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(c.id)));
    expect(audit.filter((a) => a.targetType === 'comment')).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'comment.delete',
        details: expect.objectContaining({ authorId: author.id, commentableId: `event-${ev.id}` }),
      }),
    ]);
  });

  it('refuses another member with 403 and a visitor with 401', async () => {
    const [author, other] = await Promise.all([createUser(), createUser({ type: 'Travel Host' })]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'stays', author);
    const res = await remove(c.id, other);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'Only the author or an administrator can delete this comment.' });
    expect((await remove(c.id, null)).status).toBe(401);
    expect(await commentRow(c.id)).toBeDefined();
  });
});

describe('likes', () => {
  it('adds one like per member; liking twice changes nothing; unlike removes it', async () => {
    const [author, a, b] = await Promise.all([createUser(), createUser(), createUser()]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'likeable', author);
    const first = await like(c.id, a);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual<CommentLikeState>({ id: c.id, like_count: 1, user_liked: true });
    expect(await (await like(c.id, a)).json()).toEqual({ id: c.id, like_count: 1, user_liked: true });
    expect(await (await like(c.id, b)).json()).toEqual({ id: c.id, like_count: 2, user_liked: true });
    const rows = await deps().db.select().from(commentLikes).where(eq(commentLikes.commentId, c.id));
    expect(rows).toHaveLength(2);
    expect(await (await unlike(c.id, a)).json()).toEqual({ id: c.id, like_count: 1, user_liked: false });
    expect(await (await unlike(c.id, a)).json()).toEqual({ id: c.id, like_count: 1, user_liked: false });
    expect((await list(`event-${ev.id}`, b))[0]).toMatchObject({ like_count: 1, user_liked: true });
  });

  it('lets the author like their own comment', async () => {
    const author = await createUser();
    const img = await insertImage();
    const c = await postOk(`image-${img.id}`, 'self-love', author);
    expect(await (await like(c.id, author)).json()).toMatchObject({ like_count: 1, user_liked: true });
  });

  it('refuses a visitor with 401 and an unknown comment with 404', async () => {
    const [author, member] = await Promise.all([createUser(), createUser()]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'no anonymous likes', author);
    expect((await like(c.id, null)).status).toBe(401);
    expect((await unlike(c.id, null)).status).toBe(401);
    expect((await like(999999999, member)).status).toBe(404);
    expect((await unlike(999999999, member)).status).toBe(404);
    expect((await list(`event-${ev.id}`))[0]!.like_count).toBe(0);
  });
});

describe('deleting the commentable', () => {
  it('deletes the comments of a deleted event and of a deleted image, with their likes', async () => {
    const [author, fan] = await Promise.all([createUser(), createUser()]);
    const ev = await insertEvent();
    const img = await insertImage();
    const onEvent = await postOk(`event-${ev.id}`, 'event comment', author);
    const onImage = await postOk(`image-${img.id}`, 'image comment', author);
    await like(onEvent.id, fan);
    await like(onImage.id, fan);
    await deps().db.delete(events).where(eq(events.id, ev.id));
    await deps().db.delete(images).where(eq(images.id, img.id));
    expect(await commentRow(onEvent.id)).toBeUndefined();
    expect(await commentRow(onImage.id)).toBeUndefined();
    expect(await deps().db.select().from(commentLikes).where(eq(commentLikes.userId, fan.id))).toEqual([]);
    expect((await request(`/api/comments?commentableId=event-${ev.id}`, { as: author })).status).toBe(404);
  });
});

describe('POST /api/images/{id}/comments {text}', () => {
  it('creates a comment on image-{id} through the same rules', async () => {
    const member = await createUser();
    const img = await insertImage();
    const res = await request(`/api/images/${img.id}/comments`, { body: { text: '  Lovely light  ' }, as: member });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ content: 'Lovely light', commentableId: `image-${img.id}`, user_id: member.id });
    expect((await list(`image-${img.id}`)).map((c) => c.content)).toEqual(['Lovely light']);
    expect((await request(`/api/images/${img.id}/comments`, { body: { text: 'hi' } })).status).toBe(401);
    expect((await request(`/api/images/${img.id}/comments`, { body: { text: ' ' }, as: member })).status).toBe(400);
    expect((await request('/api/images/999999999/comments', { body: { text: 'hi' }, as: member })).status).toBe(404);
  });
});

describe('tRPC comments procedures use the same services', () => {
  it('list, create, update, like, unlike and delete', async () => {
    const member = await createUser();
    const ev = await insertEvent();
    const commentableId = `event-${ev.id}`;
    const created = await trpc('comments.create', { content: ' via tRPC ', commentableId }, { as: member });
    expect(created.status).toBe(200);
    const c = (await created.json<{ result: { data: CommentView } }>()).result.data;
    expect(c).toMatchObject({ content: 'via tRPC', commentableId, username: member.name });
    const listed = await trpc('comments.list', { commentableId }, { as: member, type: 'query' });
    expect((await listed.json<{ result: { data: { items: CommentView[] } } }>()).result.data.items.map((x) => x.id)).toEqual([c.id]);
    const updated = await trpc('comments.update', { id: c.id, content: 'edited' }, { as: member });
    expect((await updated.json<{ result: { data: CommentView } }>()).result.data.content).toBe('edited');
    const liked = await trpc('comments.like', { id: c.id }, { as: member });
    expect((await liked.json<{ result: { data: CommentLikeState } }>()).result.data).toEqual({ id: c.id, like_count: 1, user_liked: true });
    const unliked = await trpc('comments.unlike', { id: c.id }, { as: member });
    expect((await unliked.json<{ result: { data: CommentLikeState } }>()).result.data).toEqual({
      id: c.id,
      like_count: 0,
      user_liked: false,
    });
    expect((await trpc('comments.delete', { id: c.id }, { as: member })).status).toBe(200);
    expect(await commentRow(c.id)).toBeUndefined();
  });

  it('maps refusals to the same statuses', async () => {
    const [author, other] = await Promise.all([createUser(), createUser()]);
    const ev = await insertEvent();
    const c = await postOk(`event-${ev.id}`, 'guarded', author);
    expect((await trpc('comments.create', { content: 'x', commentableId: `event-${ev.id}` })).status).toBe(401);
    expect((await trpc('comments.update', { id: c.id, content: 'x' }, { as: other })).status).toBe(403);
    expect((await trpc('comments.create', { content: ' ', commentableId: `event-${ev.id}` }, { as: author })).status).toBe(400);
    expect((await trpc('comments.list', { commentableId: 'event-999999999' }, { as: other, type: 'query' })).status).toBe(404);
    expect((await trpc('comments.list', { commentableId: `event-${ev.id}` }, { type: 'query' })).status).toBe(401);
  });
});

describe('authorization matrix', () => {
  const matrix = [
    // role, list, create, like, edit someone else's, delete someone else's
    { role: 'visitor', list: 401, create: 401, like: 401, editOthers: 401, deleteOthers: 401 },
    { role: 'standard', list: 200, create: 201, like: 200, editOthers: 403, deleteOthers: 403 },
    { role: 'founding', list: 200, create: 201, like: 200, editOthers: 403, deleteOthers: 403 },
    { role: 'travelHost', list: 200, create: 201, like: 200, editOthers: 403, deleteOthers: 403 },
    { role: 'admin', list: 200, create: 201, like: 200, editOthers: 403, deleteOthers: 200 },
  ] as const;

  for (const row of matrix) {
    it(`${row.role}`, async () => {
      const author = await createUser();
      const actor = await roles[row.role]();
      const ev = await insertEvent();
      const target = await postOk(`event-${ev.id}`, 'someone else’s', author);
      expect((await request(`/api/comments?commentableId=event-${ev.id}`, { as: actor })).status, 'list').toBe(row.list);
      expect((await post(`event-${ev.id}`, 'my own', actor)).status, 'create').toBe(row.create);
      expect((await like(target.id, actor)).status, 'like').toBe(row.like);
      expect((await unlike(target.id, actor)).status, 'unlike').toBe(row.like);
      expect((await edit(target.id, 'changed', actor)).status, 'edit others').toBe(row.editOthers);
      if (actor) {
        const own = await postOk(`event-${ev.id}`, 'own', actor);
        expect((await edit(own.id, 'own, edited', actor)).status, 'edit own').toBe(200);
        expect((await remove(own.id, actor)).status, 'delete own').toBe(200);
      }
      expect((await remove(target.id, actor)).status, 'delete others').toBe(row.deleteOthers);
    });
  }
});
