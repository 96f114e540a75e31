// A comment's can_edit and can_delete for each kind of viewer, in every answer the widget reads
// (list, create, update; REST and tRPC), and each flag agreeing with what the server then allows.
import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../../src/shared/schemas/comments';
import { images } from '../../../src/worker/db/schema/images';
import { createUser, deps, insertEvent, request, roles, trpc, unique, type TestUser } from '../helpers';

const eventTarget = async () => `event-${(await insertEvent()).id}`;

async function insertImage() {
  const [row] = await deps()
    .db.insert(images)
    .values({ r2Key: unique('img-'), contentType: 'image/jpeg', bytes: 1234 })
    .returning();
  return `image-${row!.id}`;
}

type Flags = Pick<CommentView, 'can_edit' | 'can_delete'>;
const flagsOf = (c: CommentView): Flags => ({ can_edit: c.can_edit, can_delete: c.can_delete });

/** The comment's flags as the viewer's list answers them over REST and tRPC (they must agree). */
async function listedFlags(commentableId: string, id: number, as: TestUser | null): Promise<Flags> {
  const rest = await (await request(`/api/comments?commentableId=${encodeURIComponent(commentableId)}`, { as })).json<CommentView[]>();
  const viaTrpc = (
    await (await trpc('comments.list', { commentableId }, { as, type: 'query' })).json<{ result: { data: { items: CommentView[] } } }>()
  ).result.data.items;
  const flags = flagsOf(rest.find((c) => c.id === id)!);
  expect(flagsOf(viaTrpc.find((c) => c.id === id)!)).toEqual(flags);
  return flags;
}

describe('comment flags', () => {
  for (const target of ['event', 'image'] as const) {
    it(`on an ${target}: the author edits and deletes, an admin deletes, other members neither, visitors read nothing`, async () => {
      const commentableId = target === 'event' ? await eventTarget() : await insertImage();
      const author = await roles.standard();
      const created = await request('/api/comments', { as: author, body: { content: 'Mine', commentableId } });
      expect(created.status).toBe(201);
      const c = await created.json<CommentView>();
      expect(flagsOf(c)).toEqual({ can_edit: true, can_delete: true });

      const [standard, founding, travelHost, admin] = await Promise.all([
        roles.standard(),
        roles.founding(),
        roles.travelHost(),
        roles.admin(),
      ]);
      expect(await listedFlags(commentableId, c.id, author)).toEqual({ can_edit: true, can_delete: true });
      expect(await listedFlags(commentableId, c.id, admin)).toEqual({ can_edit: false, can_delete: true });
      for (const other of [standard, founding, travelHost]) {
        expect(await listedFlags(commentableId, c.id, other)).toEqual({ can_edit: false, can_delete: false });
      }
      // Comments are members-only: a visitor reads no list, so holds no flags.
      expect((await request(`/api/comments?commentableId=${commentableId}`)).status).toBe(401);
      expect((await trpc('comments.list', { commentableId }, { type: 'query' })).status).toBe(401);
    });
  }

  it('an admin author edits and deletes her own comment', async () => {
    const commentableId = await eventTarget();
    const admin = await createUser({ type: 'Standard', admin: true });
    const c = await (await request('/api/comments', { as: admin, body: { content: 'Admin note', commentableId } })).json<CommentView>();
    expect(await listedFlags(commentableId, c.id, admin)).toEqual({ can_edit: true, can_delete: true });
  });

  it('create and update answer the flags too, over both transports', async () => {
    const commentableId = await insertImage();
    const author = await roles.founding();
    const created = (
      await (
        await trpc('comments.create', { content: 'Via tRPC', commentableId }, { as: author })
      ).json<{ result: { data: CommentView } }>()
    ).result.data;
    expect(flagsOf(created)).toEqual({ can_edit: true, can_delete: true });
    const rest = await request(`/api/comments/${created.id}`, { method: 'PUT', as: author, body: { content: 'Edited' } });
    expect(flagsOf(await rest.json<CommentView>())).toEqual({ can_edit: true, can_delete: true });
    const updated = (
      await (
        await trpc('comments.update', { id: created.id, content: 'Edited again' }, { as: author })
      ).json<{
        result: { data: CommentView };
      }>()
    ).result.data;
    expect(flagsOf(updated)).toEqual({ can_edit: true, can_delete: true });
  });

  it('each flag says what the server then allows', async () => {
    const commentableId = await eventTarget();
    const author = await roles.travelHost();
    const viewers = [author, await roles.standard(), await roles.founding(), await roles.admin()];
    // One comment per viewer, so a delete does not take the comment from the next check.
    for (const as of viewers) {
      const c = await (await request('/api/comments', { as: author, body: { content: 'Check', commentableId } })).json<CommentView>();
      const flags = await listedFlags(commentableId, c.id, as);
      const edit = await request(`/api/comments/${c.id}`, { method: 'PUT', as, body: { content: 'Changed' } });
      expect(edit.status).toBe(flags.can_edit ? 200 : 403);
      const remove = await request(`/api/comments/${c.id}`, { method: 'DELETE', as });
      expect(remove.status).toBe(flags.can_delete ? 200 : 403);
    }
  });
});
