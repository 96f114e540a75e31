import { concatBytes } from '../../../src/worker/modules/images/image-bytes';

// Tiny real images (made once with ImageMagick, -strip) and helpers that add metadata blocks.

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** 16x12 baseline JPEG (JFIF, no EXIF). */
export const JPEG_16x12 = b64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAMABADAREAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAQI/8QAFxAAAwEAAAAAAAAAAAAAAAAAAAESE//EABcBAQEBAQAAAAAAAAAAAAAAAAAHBAb/xAAZEQABBQAAAAAAAAAAAAAAAAAAAxQWUWH/2gAMAwEAAhEDEQA/ANZYo66QaZo7gxQkGiO4WyiQvVrLMxRoSg9WsMUaP//Z',
);
/** 4x3 PNG. */
export const PNG_4x3 = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADAQMAAACOOjyFAAAAA1BMVEVrOksnX196AAAAC0lEQVQI12NgAAEAAAYAAWb0yWwAAAAASUVORK5CYII=',
);
/** 10x6 lossy WebP. */
export const WEBP_10x6 = b64(
  'UklGRlQAAABXRUJQVlA4IEgAAAAwAwCdASoKAAYAAgA0JagCdLcAlgH8AwgD9APf/A9EArXgAP73nEpAeVM/+euOGOKv7kYY4q/99pf69v/gm/QruYB7V5jaAAA=',
);

const enc = new TextEncoder();

/**
 * A little-endian TIFF body as found in an EXIF block: IFD0 with Make ("Canon") and, when asked,
 * a GPSInfo pointer to a GPS IFD holding GPSLatitudeRef "N".
 */
export function exifTiff(withGps: boolean): Uint8Array {
  const entries = withGps ? 2 : 1;
  const ifd0 = 8;
  const ifd0Size = 2 + entries * 12 + 4;
  const makeAt = ifd0 + ifd0Size;
  const gpsAt = makeAt + 6;
  const size = gpsAt + (withGps ? 2 + 12 + 4 : 0);
  const buf = new Uint8Array(size);
  const v = new DataView(buf.buffer);
  buf.set(enc.encode('II'), 0);
  v.setUint16(2, 42, true);
  v.setUint32(4, ifd0, true);
  v.setUint16(ifd0, entries, true);
  // Make, ASCII, 6 bytes at makeAt
  v.setUint16(ifd0 + 2, 0x010f, true);
  v.setUint16(ifd0 + 4, 2, true);
  v.setUint32(ifd0 + 6, 6, true);
  v.setUint32(ifd0 + 10, makeAt, true);
  if (withGps) {
    v.setUint16(ifd0 + 14, 0x8825, true);
    v.setUint16(ifd0 + 16, 4, true);
    v.setUint32(ifd0 + 18, 1, true);
    v.setUint32(ifd0 + 22, gpsAt, true);
    v.setUint16(gpsAt, 1, true);
    v.setUint16(gpsAt + 2, 0x0001, true); // GPSLatitudeRef
    v.setUint16(gpsAt + 4, 2, true);
    v.setUint32(gpsAt + 6, 2, true);
    buf.set(enc.encode('N\0'), gpsAt + 10);
  }
  buf.set(enc.encode('Canon\0'), makeAt);
  return buf;
}

export const XMP_WITH_GPS =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="48,51.5N" exif:GPSLongitude="2,21.0E" photoshop:City="Paris"/></rdf:RDF></x:xmpmeta>';

function segment(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  out[0] = 0xff;
  out[1] = marker;
  out[2] = ((payload.length + 2) >> 8) & 0xff;
  out[3] = (payload.length + 2) & 0xff;
  out.set(payload, 4);
  return out;
}

const join = (...parts: Uint8Array[]) => concatBytes(parts);

/** The JPEG with an EXIF APP1 (GPS or not) and optionally an XMP APP1 right after SOI. */
export function jpegWithMetadata(opts: { gps: boolean; xmp?: string }): Uint8Array {
  const exif = segment(0xe1, join(enc.encode('Exif\0\0'), exifTiff(opts.gps)));
  const xmp = opts.xmp ? segment(0xe1, join(enc.encode('http://ns.adobe.com/xap/1.0/\0'), enc.encode(opts.xmp))) : new Uint8Array(0);
  return join(JPEG_16x12.subarray(0, 2), exif, xmp, JPEG_16x12.subarray(2));
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** The PNG with an eXIf chunk (with GPS) inserted after IHDR. */
export function pngWithExif(): Uint8Array {
  const data = exifTiff(true);
  const chunk = new Uint8Array(12 + data.length);
  const v = new DataView(chunk.buffer);
  v.setUint32(0, data.length);
  chunk.set(enc.encode('eXIf'), 4);
  chunk.set(data, 8);
  v.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const ihdrEnd = 8 + 12 + 13;
  return join(PNG_4x3.subarray(0, ihdrEnd), chunk, PNG_4x3.subarray(ihdrEnd));
}

/** Does the byte string contain this ASCII text? */
export function containsText(bytes: Uint8Array, text: string): boolean {
  const needle = enc.encode(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}
