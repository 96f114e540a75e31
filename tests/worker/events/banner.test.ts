import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images } from '../../../src/worker/db/schema/images';
import { BANNER_NOT_OF_EVENT } from '../../../src/worker/modules/events/events';
import { deps, request, roles, trpc, type TestUser } from '../helpers';
import { createEventAs, eventPayload, uploadImageAs, type Json } from './events-helpers';

// Issue 14 "Banner image": the creator or an admin chooses the banner from the event's own
// images, or clears it; anything else is refused with 400 and a clear message, decided in the
// events service, so REST and tRPC answer alike.

const putBanner = (as: TestUser, eventId: number, banner: number | null) =>
  request(`/api/events/${eventId}`, { method: 'PUT', as, body: { banner_image_id: banner } });
const trpcBanner = (as: TestUser, eventId: number, banner: number | null) =>
  trpc('events.update', { id: eventId, banner_image_id: banner }, { as });
const page = async (as: TestUser, eventId: number) => (await request(`/api/events/${eventId}`, { as })).json<Json>();

async function eventWithImage() {
  const creator = await roles.founding();
  const event = await createEventAs(creator);
  const image = await uploadImageAs(creator, { associated_event_id: String(event.id), title: 'The garden' });
  return { creator, event, image };
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(400);
  const body = await res.json<Json>();
  if (body.error?.data) {
    expect(body.error.message).toBe(BANNER_NOT_OF_EVENT);
    expect(body.error.data.fieldErrors).toEqual({ banner_image_id: [BANNER_NOT_OF_EVENT] });
  } else {
    expect(body).toMatchObject({ error: BANNER_NOT_OF_EVENT, fieldErrors: { banner_image_id: [BANNER_NOT_OF_EVENT] } });
  }
}

describe('banner image', () => {
  it('the creator chooses one of the event’s images (REST and tRPC) and clears it', async () => {
    const { creator, event, image } = await eventWithImage();
    const other = await uploadImageAs(creator, { associated_event_id: String(event.id) });

    const res = await putBanner(creator, event.id, image.id);
    expect(res.status).toBe(200);
    expect(await res.json<Json>()).toMatchObject({ banner_image_id: image.id, image_url: image.display_url });
    expect(await page(creator, event.id)).toMatchObject({
      bannerImage: { id: image.id, url: image.display_url },
      banner_image_id: image.id,
      image_url: image.display_url,
    });

    const viaTrpc = await trpcBanner(creator, event.id, other.id);
    expect(viaTrpc.status).toBe(200);
    expect((await viaTrpc.json<Json>()).result.data).toMatchObject({ banner_image_id: other.id, image_url: other.display_url });

    // An edit that leaves the field out keeps the banner.
    expect((await request(`/api/events/${event.id}`, { method: 'PUT', as: creator, body: { title: 'Renamed' } })).status).toBe(200);
    expect(await page(creator, event.id)).toMatchObject({ title: 'Renamed', banner_image_id: other.id });

    expect((await putBanner(creator, event.id, null)).status).toBe(200);
    expect(await page(creator, event.id)).toMatchObject({ bannerImage: null, banner_image_id: null, image_url: null });
  });

  it('refuses an image of another event, an untagged one, a video, a home photo and an unknown id', async () => {
    const { creator, event } = await eventWithImage();
    const elsewhere = await createEventAs(creator);
    const ofOther = await uploadImageAs(creator, { associated_event_id: String(elsewhere.id) });
    const untagged = await uploadImageAs(creator);
    const video = await uploadImageAs(creator, { associated_event_id: String(event.id) });
    await deps().db.update(images).set({ kind: 'video' }).where(eq(images.id, video.id));
    const homePhoto = await uploadImageAs(creator, { associated_event_id: String(event.id) });
    await deps().db.update(images).set({ context: 'home' }).where(eq(images.id, homePhoto.id));

    for (const id of [ofOther.id, untagged.id, video.id, homePhoto.id, 99_999_999]) {
      await expectRefused(await putBanner(creator, event.id, id));
      await expectRefused(await trpcBanner(creator, event.id, id));
    }
    expect(await page(creator, event.id)).toMatchObject({ banner_image_id: null });
  });

  it('refuses a banner on create: a new event has no images yet', async () => {
    const creator = await roles.founding();
    const image = await uploadImageAs(creator);
    await expectRefused(await request('/api/events', { as: creator, body: eventPayload({ banner_image_id: image.id }) }));
    await expectRefused(await trpc('events.create', eventPayload({ banner_image_id: image.id }), { as: creator }));
  });

  it('the creator and admins may change it, and the DTO says so; other members get 403', async () => {
    const { creator, event, image } = await eventWithImage();
    const [admin, member] = await Promise.all([roles.admin(), roles.founding()]);
    expect((await page(creator, event.id)).viewer.can_change_banner).toBe(true);
    expect((await page(admin, event.id)).viewer.can_change_banner).toBe(true);
    expect((await page(member, event.id)).viewer.can_change_banner).toBe(false);

    expect((await putBanner(member, event.id, image.id)).status).toBe(403);
    expect((await trpcBanner(member, event.id, image.id)).status).toBe(403);
    expect(await page(creator, event.id)).toMatchObject({ banner_image_id: null });
    expect((await putBanner(admin, event.id, image.id)).status).toBe(200);
    expect(await page(member, event.id)).toMatchObject({ banner_image_id: image.id });
  });

  it('stops being the banner when its image moves to another event', async () => {
    const { creator, event, image } = await eventWithImage();
    const elsewhere = await createEventAs(creator);
    expect((await putBanner(creator, event.id, image.id)).status).toBe(200);
    const list = async () =>
      ((await (await request('/api/events?when=upcoming&limit=100', { as: creator })).json()) as Json[]).find((e) => e.id === event.id)!;
    expect(await list()).toMatchObject({ banner_image_id: image.id, image_url: image.display_url });

    const moved = await request(`/api/images/${image.id}`, { method: 'PUT', as: creator, body: { associated_event_id: elsewhere.id } });
    expect(moved.status).toBe(200);
    expect(await page(creator, event.id)).toMatchObject({ banner_image_id: null, image_url: null });
    expect(await list()).toMatchObject({ banner_image_id: null, image_url: null });
  });
});
