// Issue 39, the board: who reads and posts in open and request circles, posts' order and pages,
// the hosts' powers (pin three, close, remove posts and comments, audited, the author still seeing
// hers as removed), an admin's in every circle, and posts commented through the comments API.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../../src/shared/schemas/comments';
import type { CirclePostDto } from '../../../src/shared/schemas/circles';
import { circlePosts } from '../../../src/worker/db/schema/circles';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { listPosts } from '../../../src/worker/modules/circles/posts';
import { actorOf, deps, request, roles } from '../helpers';
import { nextLink, planOf, expectIndexed } from '../query-plan';
import { circleWith, makeCircle, post } from './circles-helpers';

const postsOf = async (slug: string, as: NonNullable<Parameters<typeof request>[1]>['as'], query = '') =>
  request(`/api/circles/${slug}/posts${query}`, { as });

describe('who reads and posts', () => {
  it('an open circle: every member reads its board; only its members post (403 otherwise)', async () => {
    const { circle, members } = await circleWith(1);
    const outsider = await roles.standard();
    const created = await request(`/api/circles/${circle.slug}/posts`, {
      as: members[0],
      body: { title: 'Spring tasting', body: 'Line one\nLine two' },
    });
    expect(created.status).toBe(201);
    const p = await created.json<CirclePostDto>();
    expect(p).toMatchObject({
      title: 'Spring tasting',
      body: 'Line one\nLine two',
      author: { id: members[0]!.id },
      images: [],
      pinned: false,
      closed: false,
    });
    const read = await postsOf(circle.slug, outsider);
    expect(read.status).toBe(200);
    expect((await read.json<CirclePostDto[]>()).map((x) => x.id)).toEqual([p.id]);
    expect((await request(`/api/circles/${circle.slug}/posts`, { as: outsider, body: { title: 'Hi', body: 'x' } })).status).toBe(403);
    // Commenting through the comments API: members of the circle only.
    const commentableId = `post-${p.id}`;
    expect((await request('/api/comments', { as: outsider, body: { commentableId, content: 'Lovely' } })).status).toBe(403);
    const mine = await request('/api/comments', { as: members[0], body: { commentableId, content: 'See you there' } });
    expect(mine.status).toBe(201);
    const comments = await (await request(`/api/comments?commentableId=${commentableId}`, { as: outsider })).json<CommentView[]>();
    expect(comments.map((c) => c.content)).toEqual(['See you there']);
    const [again] = await (await postsOf(circle.slug, outsider)).json<CirclePostDto[]>();
    expect(again!.comment_count).toBe(1);
  });

  it('a request circle: its board is for its members (403 for others, who still see the circle)', async () => {
    const { circle, members } = await circleWith(1, { join: 'request' });
    const outsider = await roles.standard();
    const p = await post(circle, members[0]!);
    expect((await postsOf(circle.slug, outsider)).status).toBe(403);
    expect((await request(`/api/comments?commentableId=post-${p.id}`, { as: outsider })).status).toBe(403);
    const page = await (
      await request(`/api/circles/${circle.slug}`, { as: outsider })
    ).json<{ can_see_board: boolean; member_count: number }>();
    expect(page).toMatchObject({ can_see_board: false, member_count: 2 });
    expect((await postsOf(circle.slug, members[0])).status).toBe(200);
  });
});

describe('the board’s order and pages', () => {
  it('pinned posts first, then the newest activity (a comment moves a post up), 20 a page with Link', async () => {
    const { admin, circle, members } = await circleWith(1);
    const author = members[0]!;
    const made: CirclePostDto[] = [];
    for (let i = 0; i < 22; i++) made.push(await post(circle, author, `Post ${i}`));
    const pin = await request(`/api/posts/${made[3]!.id}/pin`, { as: admin, body: { pinned: true } });
    expect((await pin.json<CirclePostDto>()).pinned).toBe(true);
    await request('/api/comments', { as: author, body: { commentableId: `post-${made[0]!.id}`, content: 'Up you go' } });
    const first = await postsOf(circle.slug, author);
    expect(first.headers.get('Server-Timing')).toContain('D1 round trips: 1');
    const page1 = await first.json<CirclePostDto[]>();
    expect(page1.map((p) => p.title).slice(0, 3)).toEqual(['Post 3', 'Post 0', 'Post 21']);
    expect(page1).toHaveLength(21);
    const page2 = await (await request(nextLink(first)!, { as: author })).json<CirclePostDto[]>();
    expect(page1.at(-1)!.title).toBe('Post 2');
    expect(page2.map((p) => p.title)).toEqual(['Post 1']);
  });

  it('reads a page through circle_posts_activity_idx (no table scan, no sort), however long the board', async () => {
    const { circle, members } = await circleWith(1);
    const { db } = deps();
    const me = actorOf(members[0]!);
    const query = db
      .select({ id: circlePosts.id })
      .from(circlePosts)
      .where(eq(circlePosts.circleId, circle.id))
      .orderBy(circlePosts.lastActivityAt)
      .limit(21);
    expectIndexed(await planOf(query), [/circle_posts_activity_idx/]);
    // The service's own page answers through it too (checked above by its round trips and order).
    expect((await listPosts(deps(), me, { slug: circle.slug })).items).toEqual([]);
  });
});

describe('hosts’ powers', () => {
  it('pin at most three (409 for a fourth); members may not pin (403)', async () => {
    const { admin, circle, members } = await circleWith(1);
    const posts = [];
    for (let i = 0; i < 4; i++) posts.push(await post(circle, members[0]!));
    expect((await request(`/api/posts/${posts[0]!.id}/pin`, { as: members[0], body: { pinned: true } })).status).toBe(403);
    for (const p of posts.slice(0, 3))
      expect((await request(`/api/posts/${p.id}/pin`, { as: admin, body: { pinned: true } })).status).toBe(200);
    expect((await request(`/api/posts/${posts[3]!.id}/pin`, { as: admin, body: { pinned: true } })).status).toBe(409);
  });

  it('a closed post takes no new comment; a removed post and comment stay their authors’ alone, marked, and audited', async () => {
    const { circle, members } = await circleWith(2);
    const admin = await roles.admin();
    const [author, host] = members as [NonNullable<(typeof members)[0]>, NonNullable<(typeof members)[0]>];
    // An admin names a host among the members: her powers are in this circle only.
    await request(`/api/circles/${circle.slug}/hosts`, { as: admin, body: { member_id: host.id } });
    const p = await post(circle, author, 'To be closed');
    const commentableId = `post-${p.id}`;
    const first = await (await request('/api/comments', { as: author, body: { commentableId, content: 'First' } })).json<CommentView>();
    expect((await request(`/api/posts/${p.id}/close`, { as: author, body: { closed: true } })).status).toBe(403);
    const closed = await request(`/api/posts/${p.id}/close`, { as: host, body: { closed: true } });
    expect((await closed.json<CirclePostDto>()).closed).toBe(true);
    const refused = await request('/api/comments', { as: author, body: { commentableId, content: 'Late' } });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ error: string }>()).error).toBe('This post is closed to new comments.');
    // The host removes the comment: its author sees it marked, others no longer see it.
    const seenByHost = await (await request(`/api/comments?commentableId=${commentableId}`, { as: host })).json<CommentView[]>();
    expect(seenByHost[0]).toMatchObject({ id: first.id, can_delete: true, can_edit: false });
    expect((await request(`/api/comments/${first.id}`, { method: 'DELETE', as: host })).status).toBe(200);
    const hers = await (await request(`/api/comments?commentableId=${commentableId}`, { as: author })).json<CommentView[]>();
    expect(hers).toMatchObject([{ id: first.id, removed: true }]);
    expect(await (await request(`/api/comments?commentableId=${commentableId}`, { as: host })).json()).toEqual([]);
    // The host removes the post.
    expect((await request(`/api/posts/${p.id}`, { method: 'DELETE', as: host })).status).toBe(204);
    const authorsBoard = await (await postsOf(circle.slug, author)).json<CirclePostDto[]>();
    expect(authorsBoard).toMatchObject([{ id: p.id, removed: true, comment_count: 0 }]);
    const othersBoard = await (await postsOf(circle.slug, admin)).json<CirclePostDto[]>();
    expect(othersBoard.map((x) => x.id)).not.toContain(p.id);
    const audit = await deps().db.select().from(auditLog).where(eq(auditLog.actorId, host.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['circle_post.remove', 'comment.remove']);
  });

  it('an admin does what a host does in every circle; a member edits and deletes only her own post', async () => {
    const owner = await roles.admin();
    const circle = await makeCircle(owner);
    const [author, other] = [await roles.standard(), await roles.standard()];
    for (const m of [author, other]) await request(`/api/circles/${circle.slug}/join`, { as: m, body: {} });
    const p = await post(circle, author);
    const anotherAdmin = await roles.admin();
    expect((await request(`/api/posts/${p.id}/pin`, { as: anotherAdmin, body: { pinned: true } })).status).toBe(200);
    expect((await request(`/api/posts/${p.id}`, { method: 'PATCH', as: other, body: { title: 'Mine' } })).status).toBe(403);
    expect((await request(`/api/posts/${p.id}`, { method: 'DELETE', as: other })).status).toBe(403);
    const edited = await request(`/api/posts/${p.id}`, { method: 'PATCH', as: author, body: { body: 'Edited' } });
    expect((await edited.json<CirclePostDto>()).body).toBe('Edited');
    expect((await request(`/api/posts/${p.id}`, { method: 'DELETE', as: author })).status).toBe(204);
    expect(await deps().db.select().from(circlePosts).where(eq(circlePosts.id, p.id))).toEqual([]);
  });
});
