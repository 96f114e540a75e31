import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { comments } from '../../../src/worker/db/schema/comments';
import { images } from '../../../src/worker/db/schema/images';
import { auditLog } from '../../../src/worker/db/schema/membership';
import { createUser, deps, insertEvent, request, trpc, unique, type TestUser } from '../helpers';
import { containsText, JPEG_16x12, jpegWithMetadata, PNG_4x3, pngWithExif, WEBP_10x6 } from './image-fixtures';
import { XMP_WITH_GPS } from './metadata-blocks';

type Part = { bytes: Uint8Array; name: string; type?: string };

function form(parts: { image?: Part; display?: Part; thumbnail?: Part }, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, p] of Object.entries(parts))
    if (p) fd.append(k, new File([new Uint8Array(p.bytes)], p.name, { type: p.type ?? 'image/jpeg' }));
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

/** An upload as the gallery sends it: original, display and thumbnail. */
async function upload(as: TestUser | null, fields: Record<string, string> = {}, image: Part = { bytes: JPEG_16x12, name: 'sunset.jpg' }) {
  return request('/upload-image', {
    method: 'POST',
    as,
    body: form(
      {
        image,
        display: { bytes: JPEG_16x12, name: 'display.jpg' },
        thumbnail: { bytes: WEBP_10x6, name: 'thumb.webp', type: 'image/webp' },
      },
      fields,
    ),
  });
}

async function uploaded(as: TestUser, fields: Record<string, string> = {}): Promise<ImageDto> {
  const res = await upload(as, fields);
  expect(res.status).toBe(201);
  return res.json<ImageDto>();
}

const makeEvent = (title = `Event ${unique()}`) => insertEvent({ title });

const keyOf = (url: string) => url.replace('/images/', '');
async function allKeys(): Promise<Set<string>> {
  const keys = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor, limit: 1000 });
    for (const o of page.objects) keys.add(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

describe('POST /upload-image', () => {
  it('stores a member’s image with its thumbnail and display size, and returns it', async () => {
    const u = await createUser();
    const ev = await makeEvent();
    const img = await uploaded(u, {
      title: 'Sunset',
      description: 'Over the bay',
      tags: 'Beach, sea,beach',
      associated_event_id: String(ev.id),
    });
    expect(img).toMatchObject({
      title: 'Sunset',
      description: 'Over the bay',
      tags: ['Beach', 'sea'],
      name: 'sunset.jpg',
      associated_event_id: ev.id,
      associated_event_title: ev.title,
      author_name: u.name,
      author: u.name,
      uploaded_by: u.id,
      width: 16,
      height: 12,
      thumb_width: 10,
      thumb_height: 6,
      content_type: 'image/jpeg',
      can_manage: true,
      comments: 0,
      comment_count: 0,
    });
    expect(img.image_id).toBe(img.id);
    expect(new Date(img.upload_date).toISOString()).toBe(img.upload_date);
    // Three different random keys, all in R2.
    const keys = [img.url, img.display_url, img.thumb_url].map(keyOf);
    expect(new Set(keys).size).toBe(3);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{32}\.(jpg|webp)$/);
    expect(await env.IMAGES.head(keyOf(img.thumb_url))).toMatchObject({ httpMetadata: { contentType: 'image/webp' } });
  });

  it('accepts event_id as the legacy name of associated_event_id, and only an image part', async () => {
    const u = await createUser();
    const ev = await makeEvent();
    const res = await request('/upload-image', {
      method: 'POST',
      as: u,
      body: form({ image: { bytes: PNG_4x3, name: 'dot.png', type: 'image/png' } }, { event_id: String(ev.id) }),
    });
    expect(res.status).toBe(201);
    const img = await res.json<ImageDto>();
    expect(img).toMatchObject({ associated_event_id: ev.id, content_type: 'image/png', title: 'dot', width: 4, height: 3 });
    expect(img.thumb_url).toBe(img.url);
  });

  it('refuses a visitor with 401 and stores nothing', async () => {
    const before = await allKeys();
    const res = await upload(null);
    expect(res.status).toBe(401);
    expect(await allKeys()).toEqual(before);
  });

  it('refuses a file that is not an image by its bytes, whatever its name and type say (415)', async () => {
    const u = await createUser();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(u, {}, { bytes: svg, name: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect((await res.json<{ message: string }>()).message).toBe('Only JPEG, PNG or WebP images can be uploaded.');
    const gif = await upload(u, {}, { bytes: new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), name: 'cat.png', type: 'image/png' });
    expect(gif.status).toBe(415);
  });

  it('refuses a file over 15 MB with 413', async () => {
    const u = await createUser();
    const big = new Uint8Array(15 * 1024 * 1024 + 1);
    big.set(JPEG_16x12);
    const res = await request('/upload-image', { method: 'POST', as: u, body: form({ image: { bytes: big, name: 'big.jpg' } }) });
    expect(res.status).toBe(413);
    expect((await res.json<{ message: string }>()).message).toBe('The image is larger than 15 MB. Please choose a smaller file.');
  });

  it('refuses a request without an image and bad fields with 400', async () => {
    const u = await createUser();
    expect((await request('/upload-image', { method: 'POST', as: u, body: form({}, { title: 'x' }) })).status).toBe(400);
    const long = await upload(u, { title: 'x'.repeat(201) });
    expect(long.status).toBe(400);
  });

  it('leaves no object behind when the row cannot be written (unknown event)', async () => {
    const u = await createUser();
    const before = await allKeys();
    const res = await upload(u, { associated_event_id: '987654321' });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toBe('That event does not exist.');
    expect(await allKeys()).toEqual(before);
  });
});

describe('location and camera metadata', () => {
  it('a JPEG with an EXIF GPS block and XMP location is stored without them', async () => {
    const u = await createUser();
    const dirty = jpegWithMetadata({ gps: true, xmp: XMP_WITH_GPS });
    expect(containsText(dirty, 'Exif')).toBe(true);
    const res = await request('/upload-image', { method: 'POST', as: u, body: form({ image: { bytes: dirty, name: 'paris.jpg' } }) });
    expect(res.status).toBe(201);
    const img = await res.json<ImageDto>();
    const back = new Uint8Array(await (await request(img.url, { as: u })).arrayBuffer());
    expect(back).toEqual(JPEG_16x12);
    for (const t of ['Exif', 'GPS', 'xmpmeta', 'Canon', 'Paris']) expect(containsText(back, t)).toBe(false);
    expect(img.bytes).toBe(JPEG_16x12.length);
  });

  it('a PNG eXIf chunk is removed from the stored bytes', async () => {
    const u = await createUser();
    const res = await request('/upload-image', {
      method: 'POST',
      as: u,
      body: form({ image: { bytes: pngWithExif(), name: 'map.png', type: 'image/png' } }),
    });
    expect(res.status).toBe(201);
    const img = await res.json<ImageDto>();
    const back = new Uint8Array(await (await request(img.url, { as: u })).arrayBuffer());
    expect(back).toEqual(PNG_4x3);
    expect(containsText(back, 'eXIf')).toBe(false);
  });
});

describe('GET /images/:key (members-only bytes)', () => {
  it('answers 401 to a visitor and 200 with the caching and safety headers to a member', async () => {
    const u = await createUser();
    const img = await uploaded(u);
    const other = await createUser();
    expect((await request(img.url)).status).toBe(401);
    const res = await request(img.url, { as: other });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="sunset\.jpg"/);
    expect(res.headers.get('ETag')).toBeTruthy();
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(JPEG_16x12);
  });

  it('answers 304 to a matching If-None-Match and 200 to a stale one', async () => {
    const u = await createUser();
    const img = await uploaded(u);
    const etag = (await request(img.thumb_url, { as: u })).headers.get('ETag')!;
    const cached = await request(img.thumb_url, { as: u, headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('ETag')).toBe(etag);
    expect(await cached.text()).toBe('');
    expect((await request(img.thumb_url, { as: u, headers: { 'If-None-Match': `W/${etag}, "other"` } })).status).toBe(304);
    expect((await request(img.thumb_url, { as: u, headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });

  it('answers a range with 206 and an unsatisfiable one with 416', async () => {
    const u = await createUser();
    const img = await uploaded(u);
    const size = JPEG_16x12.length;
    const part = await request(img.url, { as: u, headers: { Range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 2-9/${size}`);
    expect(part.headers.get('Content-Length')).toBe('8');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(JPEG_16x12.subarray(2, 10));
    const tail = await request(img.url, { as: u, headers: { Range: 'bytes=-4' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(JPEG_16x12.subarray(size - 4));
    const bad = await request(img.url, { as: u, headers: { Range: `bytes=${size}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('Content-Range')).toBe(`bytes */${size}`);
  });

  it('answers 404 for an unknown or malformed key', async () => {
    const u = await createUser();
    expect((await request('/images/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg', { as: u })).status).toBe(404);
    expect((await request('/images/..%2Fsecret', { as: u })).status).toBe(404);
  });
});

describe('listing', () => {
  it('GET /api/images lists newest first for members only; GET /api/images/event/:id filters', async () => {
    const u = await createUser();
    const ev = await makeEvent();
    const a = await uploaded(u, { associated_event_id: String(ev.id), title: 'first' });
    const b = await uploaded(u, { title: 'second' });
    expect((await request('/api/images')).status).toBe(401);
    const all = await (await request('/api/images', { as: u })).json<ImageDto[]>();
    const ids = all.map((i) => i.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.upload_date >= all[i]!.upload_date).toBe(true);
    const forEvent = await (await request(`/api/images/event/${ev.id}`, { as: u })).json<ImageDto[]>();
    expect(forEvent.map((i) => i.id)).toEqual([a.id]);
    const viaTrpc = await (
      await trpc('images.byEvent', { eventId: ev.id }, { as: u, type: 'query' })
    ).json<{ result: { data: { items: ImageDto[] } } }>();
    expect(viaTrpc.result.data.items.map((i) => i.id)).toEqual([a.id]);
  });

  it('marks only the uploader’s images (or all, for an admin) as manageable', async () => {
    const owner = await createUser();
    const img = await uploaded(owner);
    const other = await createUser();
    const admin = await createUser({ admin: true });
    const seenBy = async (who: TestUser) => (await (await request(`/api/images/${img.id}`, { as: who })).json<ImageDto>()).can_manage;
    expect(await seenBy(owner)).toBe(true);
    expect(await seenBy(other)).toBe(false);
    expect(await seenBy(admin)).toBe(true);
  });
});

describe('PUT /api/images/:id', () => {
  it('changes only title, description, tags and the associated event', async () => {
    const u = await createUser();
    const ev = await makeEvent();
    const img = await uploaded(u);
    const res = await request(`/api/images/${img.id}`, {
      method: 'PUT',
      as: u,
      body: {
        ...img,
        title: 'New title',
        description: 'New words',
        tags: ['garden', ' Tea '],
        associated_event_id: ev.id,
        url: '/images/evil.jpg',
        uploaded_by: 1,
        name: 'renamed.jpg',
        width: 9999,
      },
    });
    expect(res.status).toBe(200);
    const after = await res.json<ImageDto>();
    expect(after).toMatchObject({
      title: 'New title',
      description: 'New words',
      tags: ['garden', 'Tea'],
      associated_event_id: ev.id,
      url: img.url,
      uploaded_by: u.id,
      name: 'sunset.jpg',
      width: 16,
    });
    const cleared = await request(`/api/images/${img.id}`, { method: 'PUT', as: u, body: { associated_event_id: null } });
    expect((await cleared.json<ImageDto>()).associated_event_id).toBeNull();
  });

  it('lets the uploader and an admin edit, refuses other members (403) and visitors (401)', async () => {
    const owner = await createUser();
    const img = await uploaded(owner);
    const other = await createUser({ type: 'Founding' });
    const admin = await createUser({ admin: true });
    expect((await request(`/api/images/${img.id}`, { method: 'PUT', body: { title: 'x' } })).status).toBe(401);
    expect((await request(`/api/images/${img.id}`, { method: 'PUT', as: other, body: { title: 'x' } })).status).toBe(403);
    expect((await trpc('images.update', { id: img.id, title: 'x' }, { as: other })).status).toBe(403);
    expect((await request(`/api/images/${img.id}`, { method: 'PUT', as: admin, body: { title: 'By admin' } })).status).toBe(200);
    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(img.id)));
    expect(audit.map((a) => a.action)).toContain('image.update');
    expect((await request('/api/images/99999999', { method: 'PUT', as: admin, body: { title: 'x' } })).status).toBe(404);
    expect((await request(`/api/images/${img.id}`, { method: 'PUT', as: owner, body: { associated_event_id: 987654321 } })).status).toBe(
      400,
    );
  });
});

describe('POST /api/delete-images', () => {
  it('removes the rows, their comments and every R2 object', async () => {
    const u = await createUser();
    const a = await uploaded(u);
    const b = await uploaded(u);
    await deps().db.insert(comments).values({ imageId: a.id, userId: u.id, content: 'Lovely' });
    const keys = [a, b].flatMap((i) => [i.url, i.display_url, i.thumb_url].map(keyOf));
    for (const k of keys) expect(await env.IMAGES.head(k)).not.toBeNull();
    const res = await request('/api/delete-images', { as: u, body: { images: [a.id, b.id] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, deleted: expect.arrayContaining([a.id, b.id]) });
    for (const k of keys) expect(await env.IMAGES.head(k)).toBeNull();
    expect(await deps().db.select().from(images).where(eq(images.id, a.id))).toEqual([]);
    expect(await deps().db.select().from(comments).where(eq(comments.imageId, a.id))).toEqual([]);
    expect((await request(a.thumb_url, { as: u })).status).toBe(404);
  });

  it('refuses the whole request when one image is someone else’s (403), lets an admin delete any', async () => {
    const owner = await createUser();
    const mine = await createUser();
    const theirs = await uploaded(owner);
    const own = await uploaded(mine);
    const res = await request('/api/delete-images', { as: mine, body: { images: [own.id, theirs.id] } });
    expect(res.status).toBe(403);
    expect(await env.IMAGES.head(keyOf(own.url))).not.toBeNull();
    expect((await request('/api/delete-images', { body: { images: [own.id] } })).status).toBe(401);
    expect((await request('/api/delete-images', { as: mine, body: { images: [] } })).status).toBe(400);
    const admin = await createUser({ admin: true });
    const viaTrpc = await trpc('images.delete', { images: [theirs.id] }, { as: admin });
    expect(viaTrpc.status).toBe(200);
    expect(await env.IMAGES.head(keyOf(theirs.url))).toBeNull();
    const audit = await deps()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(theirs.id)));
    expect(audit.map((a) => a.action)).toContain('image.delete');
  });
});

describe('images.eventOptions', () => {
  it('lists event ids and titles for members only', async () => {
    const u = await createUser();
    const ev = await makeEvent('Options test event');
    const res = await (
      await trpc('images.eventOptions', undefined, { as: u, type: 'query' })
    ).json<{ result: { data: { id: number; title: string }[] } }>();
    expect(res.result.data).toContainEqual({ id: ev.id, title: 'Options test event' });
    expect((await trpc('images.eventOptions', undefined, { type: 'query' })).status).toBe(401);
  });
});
