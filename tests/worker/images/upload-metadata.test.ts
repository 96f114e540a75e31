import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ImageDto } from '../../../src/shared/schemas/images';
import { createUser, request, type TestUser } from '../helpers';
import { JPEG_16x12, WEBP_10x6 } from './image-fixtures';
import { exifApp1, join, jpegBoundaries, spliceAt, webpExif, webpFile } from './metadata-blocks';
import { jpegOrientation, leaks } from './metadata-oracle';

// Through POST /upload-image as a member: what reaches R2 (original, display size, thumbnail)
// carries no location, or the upload is refused and nothing reaches R2.

const UNREADABLE = 'could not be read safely, so it was not stored. Please export it again as JPEG, PNG or WebP.';

type Part = { bytes: Uint8Array; name: string; type: string };
const jpeg = (bytes: Uint8Array, name: string): Part => ({ bytes, name, type: 'image/jpeg' });

async function upload(as: TestUser, parts: { image: Part; display?: Part; thumbnail?: Part }) {
  const fd = new FormData();
  for (const [k, p] of Object.entries(parts)) if (p) fd.append(k, new File([new Uint8Array(p.bytes)], p.name, { type: p.type }));
  return request('/upload-image', { method: 'POST', as, body: fd });
}

const keyOf = (url: string) => url.replace('/images/', '');
async function r2Bytes(url: string): Promise<Uint8Array> {
  const obj = await env.IMAGES.get(keyOf(url));
  expect(obj).not.toBeNull();
  return new Uint8Array(await obj!.arrayBuffer());
}
async function objectCount(): Promise<number> {
  let n = 0;
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor, limit: 1000 });
    n += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return n;
}

const SOI = JPEG_16x12.subarray(0, 2);
/** A junk byte, then an APP1 Exif with GPS, right after the frame header. */
const junkBeforeGps = () => spliceAt(JPEG_16x12, jpegBoundaries(JPEG_16x12)[4]!, new Uint8Array([0x00]), exifApp1());
/** An MPO: the first image clean, a second one with Exif GPS after its EOI. */
const mpoWithGps = () => join(JPEG_16x12, SOI, exifApp1(), JPEG_16x12.subarray(2));
/** A WebP thumbnail with an EXIF chunk (GPS) appended after the RIFF data. */
const webpWithTrailingExif = () => join(WEBP_10x6, webpFile([webpExif()]));

describe('POST /upload-image: crafted JPEGs with GPS', () => {
  it('refuses the junk-byte variant in any part with 415 and stores nothing', async () => {
    const u = await createUser();
    for (const parts of [
      { image: jpeg(junkBeforeGps(), 'junk.jpg') },
      { image: jpeg(JPEG_16x12, 'ok.jpg'), display: jpeg(junkBeforeGps(), 'display.jpg') },
      { image: jpeg(JPEG_16x12, 'ok.jpg'), thumbnail: jpeg(junkBeforeGps(), 'thumb.jpg') },
    ]) {
      const before = await objectCount();
      const res = await upload(u, parts);
      expect(res.status).toBe(415);
      expect((await res.json<{ message: string }>()).message).toMatch(UNREADABLE);
      expect(await objectCount()).toBe(before);
    }
  });

  it('stores the MPO variant as its first image only: original, display and thumbnail without GPS', async () => {
    const u = await createUser();
    const res = await upload(u, {
      image: jpeg(mpoWithGps(), 'mpo.jpg'),
      display: jpeg(mpoWithGps(), 'display.jpg'),
      thumbnail: { bytes: webpWithTrailingExif(), name: 'thumb.webp', type: 'image/webp' },
    });
    expect(res.status).toBe(201);
    const img = await res.json<ImageDto>();
    for (const url of [img.url, img.display_url, img.thumb_url]) expect(leaks(await r2Bytes(url))).toEqual([]);
    expect(await r2Bytes(img.url)).toEqual(JPEG_16x12);
    expect(await r2Bytes(img.thumb_url)).toEqual(WEBP_10x6);
  });
});

describe('POST /upload-image: a phone photo sent as is', () => {
  it('keeps orientation 6 (and nothing else of its EXIF) in the stored original', async () => {
    const u = await createUser();
    const photo = join(SOI, exifApp1({ gps: true, orientation: 6 }), JPEG_16x12.subarray(2));
    const res = await upload(u, { image: jpeg(photo, 'IMG_0001.jpg') });
    expect(res.status).toBe(201);
    const img = await res.json<ImageDto>();
    const stored = await r2Bytes(img.url);
    expect(jpegOrientation(stored)).toBe(6);
    expect(leaks(stored)).toEqual([]);
    // The size is the one the photo is shown at, turned upright.
    expect({ width: img.width, height: img.height }).toEqual({ width: 12, height: 16 });
  });
});
