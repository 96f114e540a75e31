import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImageDto, VideoUploadDto } from '../../../src/shared/schemas/images';
import { videoUploads } from '../../../src/worker/db/schema/video-uploads';
import { equalBytes, findTexts } from '../../../src/worker/modules/images/bytes';
import { HOME_TAKES_PHOTOS_MESSAGE, VIDEO_PART_BYTES } from '../../../src/worker/modules/images/video-uploads';
import { images } from '../../../src/worker/db/schema/images';
import { videoUploadsJob } from '../../../src/worker/modules/images/video-uploads-job';
import { createUser, deps, ORIGIN, request, worker, type TestUser } from '../helpers';
import { PNG_4x3, WEBP_10x6 } from './image-fixtures';
import { CANARY } from './metadata-blocks';
import { mp4File, mp4Padded, webmFile } from './video-fixtures';

// Video uploads through the Worker in parts (issue 15): create, parts, complete or abort, the
// housekeeping of abandoned ones, and what reaches R2: the file with its location padded away.

async function create(as: TestUser | null, body: { name?: string; size: number; type: string }) {
  return request('/api/videos/uploads', { as, body });
}

/** PUT one part's request body (its bytes and the lookahead), as the browser sends it. */
function putPart(as: TestUser | null, id: string, n: number, bytes: Uint8Array) {
  const headers: Record<string, string> = { Origin: ORIGIN, 'Content-Type': 'application/octet-stream' };
  if (as) headers.Cookie = as.cookie;
  return worker.fetch(
    new Request(`${ORIGIN}/api/videos/uploads/${id}/parts/${n}`, { method: 'PUT', headers, body: new Uint8Array(bytes) }),
  );
}

const partBody = (file: Uint8Array, up: VideoUploadDto, n: number) =>
  file.subarray((n - 1) * up.part_bytes, Math.min(file.length, n * up.part_bytes + up.lookahead));

function completeForm(extra: Record<string, string> = {}) {
  const fd = new FormData();
  fd.append('display', new File([new Uint8Array(WEBP_10x6)], 'poster.webp', { type: 'image/webp' }));
  fd.append('thumbnail', new File([new Uint8Array(WEBP_10x6)], 'thumb.webp', { type: 'image/webp' }));
  fd.append('width', '1280');
  fd.append('height', '720');
  fd.append('duration', '3.5');
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  return fd;
}
const complete = (as: TestUser, id: string, fd = completeForm()) =>
  request(`/api/videos/uploads/${id}/complete`, { method: 'POST', as, body: fd });

/** Create, every part, complete: the stored video's DTO (or the first failed answer). */
async function uploadWhole(as: TestUser, file: Uint8Array, type: string, fields: Record<string, string> = {}) {
  const res = await create(as, { name: 'clip.' + (type === 'video/webm' ? 'webm' : 'mp4'), size: file.length, type });
  if (res.status !== 201) return res;
  const up = await res.json<VideoUploadDto>();
  for (let n = 1; n <= up.parts; n++) {
    const part = await putPart(as, up.id, n, partBody(file, up, n));
    if (part.status !== 200) return part;
  }
  return complete(as, up.id, completeForm(fields));
}

const keyOf = (url: string) => url.replace('/images/', '');
async function stored(url: string): Promise<Uint8Array> {
  const obj = await env.IMAGES.get(keyOf(url));
  expect(obj).not.toBeNull();
  return new Uint8Array(await obj!.arrayBuffer());
}
const uploadRow = async (id: string) => (await deps().db.select().from(videoUploads).where(eq(videoUploads.id, id)))[0];
/** Whether R2 still holds the multipart upload (an aborted one refuses new parts). */
async function r2UploadOpen(row: { r2Key: string; r2UploadId: string }): Promise<boolean> {
  try {
    await env.IMAGES.resumeMultipartUpload(row.r2Key, row.r2UploadId).uploadPart(99, new Uint8Array(8));
    return true;
  } catch {
    return false;
  }
}

/**
 * An MP4 of two parts with its movie box (and the location in it) at the end, placed so that the
 * header of the movie's udta box straddles the boundary between the parts.
 */
function straddlingMp4(): Uint8Array {
  const probe = mp4File({ location: true, moovLast: true, mdat: 1000 });
  const udtaAt = lastIndexOf(probe, 'udta') - 4;
  return mp4File({ location: true, moovLast: true, mdat: 1000 + (VIDEO_PART_BYTES - 5 - udtaAt) });
}
function lastIndexOf(b: Uint8Array, text: string): number {
  const hits = findTexts(b, [text]);
  return hits[hits.length - 1]!.at;
}

describe('video upload in parts', () => {
  it('stores a two-part MP4 with the location removed wherever the boxes fall, and serves it with Range and ETag', async () => {
    const u = await createUser();
    const file = straddlingMp4();
    const udtaAt = lastIndexOf(file, 'udta') - 4;
    expect(udtaAt).toBeLessThan(VIDEO_PART_BYTES);
    expect(udtaAt + 8).toBeGreaterThan(VIDEO_PART_BYTES);

    const res = await create(u, { name: 'Garden walk.mp4', size: file.length, type: 'video/mp4' });
    expect(res.status).toBe(201);
    const up = await res.json<VideoUploadDto>();
    expect(up).toMatchObject({ part_bytes: VIDEO_PART_BYTES, parts: 2, lookahead: 64 });

    // Part 2 first is out of order; part 1, then part 1 again (a retry after a lost answer).
    expect((await putPart(u, up.id, 2, partBody(file, up, 2))).status).toBe(409);
    expect((await putPart(u, up.id, 1, partBody(file, up, 1).subarray(1))).status).toBe(400);
    expect((await putPart(u, up.id, 1, partBody(file, up, 1))).status).toBe(200);
    expect(await (await putPart(u, up.id, 1, partBody(file, up, 1))).json()).toEqual({ part: 1, parts_done: 1 });
    expect((await complete(u, up.id)).status).toBe(409);
    expect((await putPart(u, up.id, 2, partBody(file, up, 2))).status).toBe(200);

    const done = await complete(u, up.id, completeForm({ title: 'Garden walk', tags: 'garden, spring' }));
    expect(done.status).toBe(201);
    const video = await done.json<ImageDto>();
    expect(video).toMatchObject({
      media_kind: 'video',
      content_type: 'video/mp4',
      title: 'Garden walk',
      name: 'Garden walk.mp4',
      tags: ['garden', 'spring'],
      width: 1280,
      height: 720,
      duration_seconds: 3.5,
      bytes: file.length,
      thumb_width: 10,
      thumb_height: 6,
      can_manage: true,
    });
    expect(video.url).toMatch(/^\/images\/[\w-]+\.mp4$/);
    expect(video.display_url).toMatch(/\.webp$/);
    expect(await uploadRow(up.id)).toBeUndefined();

    // R2 holds the file with udta and meta turned into free boxes: same size, stco still right.
    const bytes = await stored(video.url);
    expect(bytes.length).toBe(file.length);
    expect(findTexts(bytes, [CANARY, 'ISO6709'])).toEqual([]);
    // (equalBytes: a deep toEqual of 10 MB takes seconds)
    expect(equalBytes(bytes, mp4Padded(file, ['udta', 'meta']))).toBe(true);

    // Members-only bytes with Range (206), ETag and If-None-Match (304).
    const whole = await request(video.url, { as: u });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Content-Type')).toBe('video/mp4');
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    const etag = whole.headers.get('ETag')!;
    await whole.arrayBuffer();
    const seek = await request(video.url, { as: u, headers: { Range: `bytes=${VIDEO_PART_BYTES - 10}-${VIDEO_PART_BYTES + 9}` } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('Content-Range')).toBe(`bytes ${VIDEO_PART_BYTES - 10}-${VIDEO_PART_BYTES + 9}/${file.length}`);
    expect(new Uint8Array(await seek.arrayBuffer())).toEqual(bytes.subarray(VIDEO_PART_BYTES - 10, VIDEO_PART_BYTES + 10));
    const tail = await request(video.url, { as: u, headers: { Range: 'bytes=-16' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 16));
    expect((await request(video.url, { as: u, headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await request(video.url, { as: await createUser() })).status).toBe(200);
    expect((await request(video.url)).status).toBe(401);

    // Edited and deleted exactly like an image; the delete takes the video and its poster frames.
    const edit = await request(`/api/images/${video.id}`, { method: 'PUT', as: u, body: { title: 'Spring garden' } });
    expect(await edit.json()).toMatchObject({ title: 'Spring garden', media_kind: 'video' });
    expect((await request('/api/delete-images', { as: u, body: { images: [video.id] } })).status).toBe(200);
    for (const url of [video.url, video.display_url, video.thumb_url]) expect(await env.IMAGES.head(keyOf(url))).toBeNull();
  });

  it('removes location Tags and Attachments from a WebM recording', async () => {
    const u = await createUser();
    const file = webmFile({ tags: true, attachments: true });
    const res = await uploadWhole(u, file, 'video/webm');
    expect(res.status).toBe(201);
    const video = await res.json<ImageDto>();
    expect(video).toMatchObject({ media_kind: 'video', content_type: 'video/webm', title: 'clip' });
    const bytes = await stored(video.url);
    expect(bytes.length).toBe(file.length);
    expect(findTexts(bytes, [CANARY, 'RECORDING_LOCATION'])).toEqual([]);
  });

  it('refuses a video for a home (context=home) with 415 and stores nothing in the Gallery', async () => {
    const u = await createUser({ type: 'Travel Host' });
    const res = await uploadWhole(u, webmFile({}), 'video/webm', { context: 'home' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: HOME_TAKES_PHOTOS_MESSAGE });
    const mine = await deps().db.select({ id: images.id }).from(images).where(eq(images.uploadedBy, u.id));
    expect(mine).toEqual([]);
  });

  it('aborts on cancel: the parts go and the upload is forgotten', async () => {
    const u = await createUser();
    const file = mp4File({ mdat: VIDEO_PART_BYTES });
    const up = await (await create(u, { size: file.length, type: 'video/mp4' })).json<VideoUploadDto>();
    expect((await putPart(u, up.id, 1, partBody(file, up, 1))).status).toBe(200);
    const row = (await uploadRow(up.id))!;
    expect(await r2UploadOpen(row)).toBe(true);

    // Someone else's upload does not exist for her.
    const other = await createUser();
    expect((await request(`/api/videos/uploads/${up.id}`, { method: 'DELETE', as: other })).status).toBe(404);
    expect((await putPart(other, up.id, 2, partBody(file, up, 2))).status).toBe(404);

    expect((await request(`/api/videos/uploads/${up.id}`, { method: 'DELETE', as: u })).status).toBe(200);
    expect(await uploadRow(up.id)).toBeUndefined();
    expect(await r2UploadOpen(row)).toBe(false);
    expect((await putPart(u, up.id, 2, partBody(file, up, 2))).status).toBe(404);
  });

  it('the housekeeping aborts uploads left idle for 6 hours, and those of deleted accounts, and leaves the others', async () => {
    const u = await createUser();
    const file = mp4File({ mdat: VIDEO_PART_BYTES });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const up = await (await create(u, { size: file.length, type: 'video/mp4' })).json<VideoUploadDto>();
      expect((await putPart(u, up.id, 1, partBody(file, up, 1))).status).toBe(200);
      ids.push(up.id);
    }
    const [stale, fresh] = [(await uploadRow(ids[0]!))!, (await uploadRow(ids[1]!))!];
    const d = deps();
    await d.db
      .update(videoUploads)
      .set({ updatedAt: Date.now() - 6 * 60 * 60 * 1000 - 1000 })
      .where(eq(videoUploads.id, stale.id));

    const counts = await videoUploadsJob.run(d);
    expect(counts.aborted).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(stale.id)).toBeUndefined();
    expect(await r2UploadOpen(stale)).toBe(false);
    expect(await uploadRow(fresh.id)).toBeDefined();
    expect(await r2UploadOpen(fresh)).toBe(true);

    // Her account goes: the upload is no one's, and the next run aborts it.
    await d.db.update(videoUploads).set({ uploadedBy: null }).where(eq(videoUploads.id, fresh.id));
    await videoUploadsJob.run(d);
    expect(await uploadRow(fresh.id)).toBeUndefined();
    expect(await r2UploadOpen(fresh)).toBe(false);
  });
});

describe('uploads open at once', () => {
  it('a member has at most five open, also when twelve creates arrive together', async () => {
    const u = await createUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(u, { size: 100_000, type: 'video/mp4' })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    // Issue 47: every 429 says when to try again.
    expect(answers.find((r) => r.status === 429)!.headers.get('Retry-After')).toBe('30');
    const open = await deps().db.select().from(videoUploads).where(eq(videoUploads.uploadedBy, u.id));
    expect(open).toHaveLength(5);
    // Cancelling one makes room for one more.
    expect((await request(`/api/videos/uploads/${open[0]!.id}`, { method: 'DELETE', as: u })).status).toBe(200);
    expect((await create(u, { size: 100_000, type: 'video/mp4' })).status).toBe(201);
    expect((await create(u, { size: 100_000, type: 'video/mp4' })).status).toBe(429);
  });
});

describe('video type and size', () => {
  it('415 for a declared type that is not MP4 or WebM, 413 over 500 MB, 401 for a visitor', async () => {
    const u = await createUser();
    expect((await create(null, { size: 1000, type: 'video/mp4' })).status).toBe(401);
    const png = await create(u, { size: 1000, type: 'image/png' });
    expect(png.status).toBe(415);
    expect((await png.json<{ message: string }>()).message).toBe('Only MP4 (H.264/AAC) or WebM videos can be uploaded.');
    expect((await create(u, { size: 500 * 1024 * 1024 + 1, type: 'video/mp4' })).status).toBe(413);
  });

  it('415 when the bytes are not the declared video, and the upload is discarded', async () => {
    const u = await createUser();
    const pngBytes = new Uint8Array(200);
    pngBytes.set(PNG_4x3);
    for (const [bytes, type] of [
      [pngBytes, 'video/mp4'],
      [mp4File(), 'video/webm'],
      [webmFile(), 'video/mp4'],
    ] as const) {
      const up = await (await create(u, { size: bytes.length, type })).json<VideoUploadDto>();
      expect((await putPart(u, up.id, 1, bytes)).status).toBe(415);
      expect(await uploadRow(up.id)).toBeUndefined();
    }
  });

  it('refuses a telemetry track (GoPro first, DJI second), GPS blocks and a location it cannot remove, with a clear message, storing nothing', async () => {
    const u = await createUser();
    const gopro = await uploadWhole(u, mp4File({ sampleFormat: 'gpmd' }), 'video/mp4');
    expect(gopro.status).toBe(415);
    expect((await gopro.json<{ message: string }>()).message).toMatch(/GPS track \(camera telemetry\)/);
    const hidden = await uploadWhole(u, mp4File({ hiddenKey: true }), 'video/mp4');
    expect(hidden.status).toBe(415);
    expect((await hidden.json<{ message: string }>()).message).toBe(
      'The location data of this video could not be removed, so it was not stored. Please export it again as MP4 or WebM.',
    );
    // A telemetry track listed after the video, and a dashcam's GPS blocks in the media data.
    for (const file of [mp4File({ moreSampleFormats: ['mp4a', 'djmd'] }), mp4File({ freeGps: 'mdat', mdat: 1000 })]) {
      const refused = await uploadWhole(u, file, 'video/mp4');
      expect(refused.status).toBe(415);
      expect((await refused.json<{ message: string }>()).message).toMatch(/GPS track \(camera telemetry\)/);
    }
    const cut = mp4File().subarray(0, 400);
    const short = await uploadWhole(u, cut, 'video/mp4');
    expect(short.status).toBe(415);
  });
});
