// An image's can_manage for each kind of viewer, on every surface the gallery and the event's
// Images tab read (list, by event, one image, the edit answer; REST and tRPC), and the flag
// agreeing with what the server then allows.
import { describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { images } from '../../../src/worker/db/schema/images';
import { createUser, deps, insertEvent, request, roles, trpc, unique, type TestUser } from '../helpers';

async function insertImage(uploadedBy: number, associatedEventId: number) {
  const [row] = await deps()
    .db.insert(images)
    .values({ r2Key: `${unique('img')}.jpg`, contentType: 'image/jpeg', bytes: 1234, uploadedBy, associatedEventId })
    .returning();
  return row!;
}

const data = async <T>(res: Response) => (await res.json<{ result: { data: T } }>()).result.data;

/** The image's can_manage as every read surface answers it to the viewer (they must agree). */
async function canManage(image: { id: number; associatedEventId: number | null }, as: TestUser): Promise<boolean> {
  const eventId = image.associatedEventId!;
  const answers = [
    (await (await request('/api/images', { as })).json<ImageDto[]>()).find((i) => i.id === image.id)!,
    (await (await request(`/api/images/event/${eventId}`, { as })).json<ImageDto[]>()).find((i) => i.id === image.id)!,
    await (await request(`/api/images/${image.id}`, { as })).json<ImageDto>(),
    (await data<{ items: ImageDto[] }>(await trpc('images.list', undefined, { as, type: 'query' }))).items.find((i) => i.id === image.id)!,
    (await data<{ items: ImageDto[] }>(await trpc('images.byEvent', { eventId }, { as, type: 'query' }))).items.find(
      (i) => i.id === image.id,
    )!,
    await data<ImageDto>(await trpc('images.byId', { id: image.id }, { as, type: 'query' })),
  ];
  const flags = answers.map((a) => a.can_manage);
  expect(new Set(flags).size).toBe(1);
  return flags[0]!;
}

describe('image flags', () => {
  it('the uploader and admins manage an image; other members of every type do not', async () => {
    const ev = await insertEvent();
    const uploader = await roles.standard();
    const img = await insertImage(uploader.id, ev.id);
    const [standard, founding, travelHost, admin, standardAdmin] = await Promise.all([
      roles.standard(),
      roles.founding(),
      roles.travelHost(),
      roles.admin(),
      createUser({ type: 'Standard', admin: true }),
    ]);
    expect(await canManage(img, uploader)).toBe(true);
    expect(await canManage(img, admin)).toBe(true);
    expect(await canManage(img, standardAdmin)).toBe(true);
    for (const other of [standard, founding, travelHost]) expect(await canManage(img, other)).toBe(false);
  });

  it('the edit answer carries the editor’s flag', async () => {
    const ev = await insertEvent();
    const uploader = await roles.founding();
    const img = await insertImage(uploader.id, ev.id);
    const admin = await roles.admin();
    const res = await request(`/api/images/${img.id}`, { method: 'PUT', as: admin, body: { title: 'Renamed by an admin' } });
    expect(res.status).toBe(200);
    expect((await res.json<ImageDto>()).can_manage).toBe(true);
    const viaTrpc = await data<ImageDto>(await trpc('images.update', { id: img.id, title: 'Renamed again' }, { as: uploader }));
    expect(viaTrpc.can_manage).toBe(true);
  });

  it('the flag says what the server then allows', async () => {
    const ev = await insertEvent();
    const uploader = await roles.travelHost();
    const viewers = [uploader, await roles.standard(), await roles.founding(), await roles.admin()];
    for (const as of viewers) {
      const img = await insertImage(uploader.id, ev.id);
      const flag = await canManage(img, as);
      const edit = await request(`/api/images/${img.id}`, { method: 'PUT', as, body: { title: 'Changed' } });
      expect(edit.status).toBe(flag ? 200 : 403);
      const remove = await request('/api/delete-images', { as, body: { images: [img.id] } });
      expect(remove.status).toBe(flag ? 200 : 403);
    }
  });
});
