// Issue 13: an event's or an image's comments a page at a time, newest first ("Show older
// comments"), keyset-paged over [created_at, id], with the total for the widget's header counted in
// the same statement; REST keeps SPEC 7's array and tells the next page in Link rel="next".
import { describe, expect, it } from 'vitest';
import { parseCommentableId } from '../../../src/shared/commentable';
import type { CommentsPage, CommentView } from '../../../src/shared/schemas/comments';
import { comments } from '../../../src/worker/db/schema/comments';
import { images } from '../../../src/worker/db/schema/images';
import { commentPageQuery, listComments } from '../../../src/worker/modules/comments/comments';
import { countingDeps } from '../../../src/worker/platform/d1-round-trips';
import { encodeCursor } from '../../../src/worker/platform/keyset';
import { actorOf, deps, insertEvent, request, roles, trpc, unique, type TestUser } from '../helpers';
import { expectPageInputChecked, rowsRead, walkLinks } from '../pages';
import { expectIndexed, planOf } from '../query-plan';

async function parents() {
  const event = await insertEvent({ title: 'Comments evening' });
  const [image] = await deps()
    .db.insert(images)
    .values({ r2Key: unique('cp-img-'), contentType: 'image/jpeg', bytes: 1 })
    .returning();
  return { event: `event-${event.id}`, image: `image-${image!.id}` };
}

/** Comments stored directly on `on`, `minutesAgo` each; their ids in the order given. */
async function insertComments(on: string, by: TestUser, minutesAgo: number[]): Promise<number[]> {
  const target = parseCommentableId(on)!;
  const db = deps().db;
  const now = Date.now();
  const rows = minutesAgo.map((m, i) => ({
    eventId: target.kind === 'event' ? target.id : null,
    imageId: target.kind === 'image' ? target.id : null,
    userId: by.id,
    content: `comment ${i} of ${on}`,
    createdAt: now - m * 60_000,
  }));
  const ids: number[] = [];
  // At most 100 bound parameters a statement: a few rows at a time.
  for (let i = 0; i < rows.length; i += 10) {
    ids.push(
      ...(
        await db
          .insert(comments)
          .values(rows.slice(i, i + 10))
          .returning({ id: comments.id })
      ).map((r) => r.id),
    );
  }
  return ids;
}

/** The comments of a REST walk through Link rel="next" from `first`. */
const walk = async (as: TestUser, first: string, between?: (page: number) => Promise<void>) =>
  (await walkLinks<CommentView>(as, first, { between })).items;

describe('GET /api/comments, a page at a time', () => {
  it('pages newest first without skipping or repeating while comments are added between pages, on events and images', async () => {
    const [u, other] = [await roles.standard(), await roles.standard()];
    const on = await parents();
    for (const target of [on.event, on.image]) {
      // Three in the same minute: the id decides, the latest first.
      const ids = await insertComments(target, u, [1, 4, 4, 4, 10, 30, 31]);
      const added: number[] = [];
      const seen = await walk(u, `/api/comments?commentableId=${target}&limit=3`, async (page) => {
        // A new comment (above the walk: not in it) and an old one (below it: in it, once).
        if (page === 0) added.push(...(await insertComments(target, other, [0, 500])));
      });
      expect(seen.map((c) => c.id)).toEqual([ids[0], ids[3], ids[2], ids[1], ids[4], ids[5], ids[6], added[1]]);
    }
  });

  it('counts every comment of the parent on each page (tRPC), and the older ones follow the cursor', async () => {
    const u = await roles.standard();
    const on = await parents();
    const ids = await insertComments(on.event, u, [1, 2, 3, 4, 5]);
    await insertComments(on.image, u, [1]); // another parent's comment is not counted
    const page = async (cursor?: string | null) =>
      (
        await (
          await trpc('comments.list', { commentableId: on.event, limit: 2, cursor }, { as: u, type: 'query' })
        ).json<{
          result: { data: CommentsPage };
        }>()
      ).result.data;
    const first = await page();
    expect(first).toMatchObject({ total: 5 });
    expect(first.items.map((c) => c.id)).toEqual([ids[0], ids[1]]);
    const second = await page(first.nextCursor);
    expect(second.items.map((c) => c.id)).toEqual([ids[2], ids[3]]);
    const last = await page(second.nextCursor);
    expect(last).toMatchObject({ total: 5, nextCursor: null });
    expect(last.items.map((c) => c.id)).toEqual([ids[4]]);
  });

  it('answers an empty first page with its total of 0, and still 404 for a missing parent', async () => {
    const u = await roles.standard();
    const on = await parents();
    const empty = (await listComments(deps(), actorOf(u), { commentableId: on.image })) as CommentsPage;
    expect(empty).toEqual({ items: [], nextCursor: null, total: 0 });
    expect((await request('/api/comments?commentableId=event-999999999&limit=5', { as: u })).status).toBe(404);
  });

  it('takes 1 to 100 comments a page and refuses a malformed cursor', async () => {
    const u = await roles.standard();
    const on = await parents();
    await insertComments(on.event, u, [1, 2]);
    await expectPageInputChecked(u, `/api/comments?commentableId=${on.event}`, [encodeCursor(['a', 1]), encodeCursor([1, 2, 3])]);
    expect((await trpc('comments.list', { commentableId: on.event, cursor: 'nonsense' }, { as: u, type: 'query' })).status).toBe(400);
    const link = (await request(`/api/comments?commentableId=${on.event}&limit=1`, { as: u })).headers.get('Link');
    expect(link).toMatch(new RegExp(`^</api/comments\\?commentableId=${on.event}&limit=1&cursor=[\\w-]+>; rel="next"$`));
  });

  it('is one D1 round trip through the parent key and comments_event_idx / comments_image_idx (EXPLAIN QUERY PLAN)', async () => {
    const u = await roles.standard();
    const me = actorOf(u);
    const on = await parents();
    await insertComments(on.event, u, [1, 2, 3]);
    const counted = countingDeps(deps());
    const first = await listComments(counted.deps, me, { commentableId: on.event, limit: 2 });
    await listComments(counted.deps, me, { commentableId: on.event, limit: 2, cursor: first.nextCursor! });
    expect(counted.roundTrips()).toBe(2);

    const at: [number, number] = [Date.now(), 99];
    for (const [kind, idx] of [
      ['event', 'comments_event_idx'],
      ['image', 'comments_image_idx'],
    ] as const) {
      const target = { kind, id: 1 };
      const parent = new RegExp(`SEARCH ${kind}s USING INTEGER PRIMARY KEY`);
      expectIndexed(await planOf(commentPageQuery(deps(), me, target, undefined, 30)), [
        parent,
        new RegExp(`SEARCH comments USING INDEX ${idx} \\(${kind}_id=\\?\\)`),
        new RegExp(`SEARCH counted USING COVERING INDEX ${idx} \\(${kind}_id=\\?\\)`),
      ]);
      expectIndexed(await planOf(commentPageQuery(deps(), me, target, at, 30)), [
        parent,
        new RegExp(`SEARCH comments USING INDEX ${idx} \\(${kind}_id=\\? AND created_at<\\?\\)`),
      ]);
    }
  });

  it('counts the parent’s comments once a statement, not once a row of the page (issue 29)', async () => {
    const u = await roles.standard();
    const on = await parents();
    await insertComments(
      on.event,
      u,
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    const target = parseCommentableId(on.event)!;
    // The parent once, the count's walk of the 60 index entries once, and a few rows for each of
    // the page's 31 (the comment, its author, her profile, its likes): 185 here. Counted on every
    // row of the page, the count alone read 31 x 60.
    expect(await rowsRead(commentPageQuery(deps(), actorOf(u), target, undefined, 30))).toBeLessThanOrEqual(1 + 60 + 31 * 5);
    const page = await listComments(deps(), actorOf(u), { commentableId: on.event, limit: 30 });
    expect(page.total).toBe(60);
  });
});
