// A home's photos (issue 16): uploaded in the home editor with context 'home', they are never the
// Gallery's, before the home is saved as after; the housekeeping deletes those no home took.
import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HomeView } from '../../../src/shared/schemas/homes';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { images } from '../../../src/worker/db/schema/images';
import { HOME_PHOTO_GRACE_MS, homePhotosJob } from '../../../src/worker/modules/homes/home-photos-job';
import { createUser, deps, request, roles, type TestUser } from '../helpers';
import { JPEG_16x12, WEBP_10x6 } from '../images/image-fixtures';
import { createHome, homeFields } from './homes-helpers';

/** An upload as the home editor sends it (the gallery's pipeline): original, display and thumbnail. */
function uploadForm(context: string | null, extra: Record<string, string> = {}): FormData {
  const fd = new FormData();
  fd.append('image', new File([new Uint8Array(JPEG_16x12)], 'porch.jpg', { type: 'image/jpeg' }));
  fd.append('display', new File([new Uint8Array(JPEG_16x12)], 'porch-display.jpg', { type: 'image/jpeg' }));
  fd.append('thumbnail', new File([new Uint8Array(WEBP_10x6)], 'porch-thumb.webp', { type: 'image/webp' }));
  if (context !== null) fd.append('context', context);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  return fd;
}

async function uploaded(as: TestUser, context: 'home' | 'gallery' = 'home'): Promise<ImageDto> {
  const res = await request('/upload-image', { method: 'POST', as, body: uploadForm(context) });
  expect(res.status).toBe(201);
  return res.json<ImageDto>();
}

const galleryIds = async (as: TestUser) => (await (await request('/api/images?limit=100', { as })).json<ImageDto[]>()).map((i) => i.id);
const keysOf = (i: ImageDto) => [i.url, i.display_url, i.thumb_url].map((u) => u.replace('/images/', ''));

describe("a home's photos", () => {
  it('are never in the Gallery: not while the editor is open, not on the home, not once taken off it', async () => {
    const host = await createUser({ type: 'Travel Host' });
    const member = await createUser({ type: 'Standard' });
    const photo = await uploaded(host);
    const loose = await uploaded(host, 'gallery');
    // Uploaded in the editor, before any home is saved: not in the list, nor by its id.
    expect(await galleryIds(member)).not.toContain(photo.id);
    expect(await galleryIds(member)).toContain(loose.id);
    expect((await request(`/api/images/${photo.id}`, { as: member })).status).toBe(404);
    expect((await request(`/api/images/${photo.id}`, { method: 'PUT', as: host, body: { title: 'x' } })).status).toBe(404);

    const home = await createHome(host, { image_ids: [photo.id] });
    expect(home.photos.map((p) => p.id)).toEqual([photo.id]);
    expect(await galleryIds(member)).not.toContain(photo.id);

    const seen = await (await request(`/api/homes/${home.id}`, { as: member })).json<HomeView>();
    const p = seen.photos[0]!;
    expect((await request(p.url, { as: member })).status).toBe(200);
    expect((await request(p.thumb_url, { as: member })).status).toBe(200);
    expect((await request(p.url)).status).toBe(401);

    // Taken off the home, it is still not the Gallery's (the housekeeping deletes it later).
    const put = await request(`/api/homes/${home.id}`, {
      method: 'PUT',
      as: host,
      body: { ...stripView(home), image_ids: [] },
    });
    expect(put.status).toBe(200);
    expect(await galleryIds(member)).not.toContain(photo.id);
  });

  it('are uploaded by Travel Hosts and admins, linked to no event; a home takes only home photos', async () => {
    const [host, standard, founding, admin] = await Promise.all([roles.travelHost(), roles.standard(), roles.founding(), roles.admin()]);
    for (const [name, as, status] of [
      ['standard', standard, 403],
      ['founding', founding, 403],
      ['travel host', host, 201],
      ['admin', admin, 201],
    ] as const) {
      const res = await request('/upload-image', { method: 'POST', as, body: uploadForm('home') });
      expect(res.status, name).toBe(status);
    }
    expect((await request('/upload-image', { method: 'POST', as: host, body: uploadForm('garage') })).status).toBe(400);
    const withEvent = await request('/upload-image', { method: 'POST', as: host, body: uploadForm('home', { associated_event_id: '1' }) });
    expect(withEvent.status).toBe(400);
    expect(await withEvent.json()).toMatchObject({ message: 'A photo of a home cannot be linked to an event.' });
    // A gallery image, or another host's home photo, cannot become a home's photo.
    const gallery = await uploaded(host, 'gallery');
    const othersPhoto = await uploaded(await roles.travelHost());
    for (const id of [gallery.id, othersPhoto.id]) {
      const res = await request('/api/homes', { as: host, body: homeFields({ image_ids: [id] }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'A photo must be one you uploaded for a home.' });
    }
    // An admin editing a host's home may add that host's home photos.
    const home = await createHome(host);
    const mine = await uploaded(host);
    const byAdmin = await request(`/api/homes/${home.id}`, {
      method: 'PUT',
      as: admin,
      body: homeFields({ country: home.country, image_ids: [mine.id] }),
    });
    expect(byAdmin.status).toBe(200);
  });
});

describe('the home-photos housekeeping job', () => {
  it('deletes, rows and bytes, the home photos no home took a day after their upload, and nothing else', async () => {
    const host = await createUser({ type: 'Travel Host' });
    const [abandoned, removed, kept, young, galleryOld] = [
      await uploaded(host),
      await uploaded(host),
      await uploaded(host),
      await uploaded(host),
      await uploaded(host, 'gallery'),
    ];
    // `removed` was on a home and taken off; `kept` is on it still.
    const home = await createHome(host, { image_ids: [removed.id, kept.id] });
    const put = await request(`/api/homes/${home.id}`, {
      method: 'PUT',
      as: host,
      body: { ...stripView(home), image_ids: [kept.id] },
    });
    expect(put.status).toBe(200);

    const d = deps();
    const now = Date.now();
    const old = now - HOME_PHOTO_GRACE_MS - 60_000;
    await d.db
      .update(images)
      .set({ createdAt: old })
      .where(inArray(images.id, [abandoned.id, removed.id, kept.id, galleryOld.id]));
    for (const i of [abandoned, removed]) for (const k of keysOf(i)) expect(await env.IMAGES.head(k)).not.toBeNull();

    const counts = await homePhotosJob.run({ ...d, now: () => now });
    expect(counts.deleted).toBeGreaterThanOrEqual(2);

    const left = await d.db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [abandoned.id, removed.id, kept.id, young.id, galleryOld.id]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([kept.id, young.id, galleryOld.id].sort((a, b) => a - b));
    for (const i of [abandoned, removed]) for (const k of keysOf(i)) expect(await env.IMAGES.head(k)).toBeNull();
    for (const k of keysOf(kept)) expect(await env.IMAGES.head(k)).not.toBeNull();
    const view = await (await request(`/api/homes/${home.id}`, { as: host })).json<HomeView>();
    expect(view.photos.map((p) => p.id)).toEqual([kept.id]);

    // A second run finds nothing more of these.
    await homePhotosJob.run({ ...d, now: () => now });
    expect((await d.db.select({ id: images.id }).from(images).where(eq(images.id, kept.id))).length).toBe(1);
  });
});

function stripView(h: HomeView) {
  return {
    title: h.title,
    description: h.description,
    city: h.city,
    region: h.region,
    country: h.country,
    address: h.address ?? '',
    bedrooms: h.bedrooms,
    max_guests: h.max_guests,
    amenities: h.amenities,
    house_rules: h.house_rules,
    availability: h.availability,
  };
}
