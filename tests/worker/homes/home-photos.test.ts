import { describe, expect, it } from 'vitest';
import type { HomeView } from '../../../src/shared/schemas/homes';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { createUser, request, type TestUser } from '../helpers';
import { JPEG_16x12, WEBP_10x6 } from '../images/image-fixtures';
import { createHome } from './homes-helpers';

/** An upload as the home editor sends it (the gallery's pipeline): original, display and thumbnail. */
async function uploaded(as: TestUser): Promise<ImageDto> {
  const fd = new FormData();
  fd.append('image', new File([new Uint8Array(JPEG_16x12)], 'porch.jpg', { type: 'image/jpeg' }));
  fd.append('display', new File([new Uint8Array(JPEG_16x12)], 'porch-display.jpg', { type: 'image/jpeg' }));
  fd.append('thumbnail', new File([new Uint8Array(WEBP_10x6)], 'porch-thumb.webp', { type: 'image/webp' }));
  const res = await request('/upload-image', { method: 'POST', as, body: fd });
  expect(res.status).toBe(201);
  return res.json<ImageDto>();
}

describe("a home's photos", () => {
  it('stay out of the Gallery list, show on the home, and their bytes are for members only', async () => {
    const host = await createUser({ type: 'Travel Host' });
    const member = await createUser({ type: 'Standard' });
    const photo = await uploaded(host);
    const loose = await uploaded(host);
    // Before it is linked to a home, an upload is an ordinary gallery image.
    const before = await (await request('/api/images', { as: member })).json<ImageDto[]>();
    expect(before.map((i) => i.id)).toContain(photo.id);

    const home = await createHome(host, { imageIds: [photo.id] });
    expect(home.photos.map((p) => p.id)).toEqual([photo.id]);

    const after = await (await request('/api/images', { as: member })).json<ImageDto[]>();
    const ids = after.map((i) => i.id);
    expect(ids).not.toContain(photo.id);
    expect(ids).toContain(loose.id);

    const seen = await (await request(`/api/homes/${home.id}`, { as: member })).json<HomeView>();
    const p = seen.photos[0]!;
    expect((await request(p.url, { as: member })).status).toBe(200);
    expect((await request(p.thumbUrl, { as: member })).status).toBe(200);
    expect((await request(p.url)).status).toBe(401);

    // Taken off the home, it is a gallery image again.
    const put = await request(`/api/homes/${home.id}`, {
      method: 'PUT',
      as: host,
      body: { ...stripView(home), imageIds: [] },
    });
    expect(put.status).toBe(200);
    const again = await (await request('/api/images', { as: member })).json<ImageDto[]>();
    expect(again.map((i) => i.id)).toContain(photo.id);
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
    maxGuests: h.maxGuests,
    amenities: h.amenities,
    houseRules: h.houseRules,
    availability: h.availability,
  };
}
