import { concatBytes, u16be, u16le, u32be, u32le } from './bytes';
import type { Orientation } from './cleaned-image';

/**
 * The one EXIF value the server keeps: Orientation (tag 0x0112). A phone that stores a photo
 * sideways says so there, and a browser turns the picture upright by it. Workers cannot rotate
 * pixels losslessly, so the value is read from the file's first EXIF block and written back alone
 * in a minimal TIFF: IFD0 with that one entry, no other IFD, nothing else.
 */

const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
export const EXIF_HEADER = 'Exif\0\0';
/** Size of the minimal TIFF: header (8), entry count (2), one entry (12), next-IFD offset (4). */
export const ORIENTATION_TIFF_LENGTH = 26;

/** The Orientation in a TIFF structure's IFD0; 1 when absent, out of range or unreadable. */
export function readOrientation(t: Uint8Array): Orientation {
  if (t.length < 8) return 1;
  const le = t[0] === 0x49 && t[1] === 0x49;
  if (!le && !(t[0] === 0x4d && t[1] === 0x4d)) return 1;
  const r16 = (at: number) => (le ? u16le(t, at) : u16be(t, at));
  const r32 = (at: number) => (le ? u32le(t, at) : u32be(t, at));
  if (r16(2) !== 42) return 1;
  const ifd = r32(4);
  if (ifd < 8 || ifd + 2 > t.length) return 1;
  const count = r16(ifd);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > t.length) return 1;
    if (r16(entry) !== ORIENTATION_TAG) continue;
    if (r16(entry + 2) !== SHORT || r32(entry + 4) !== 1) return 1;
    const value = r16(entry + 8);
    return value >= 1 && value <= 8 ? (value as Orientation) : 1;
  }
  return 1;
}

/** A big-endian TIFF holding only IFD0 with the Orientation entry. */
export function orientationTiff(o: Orientation): Uint8Array {
  const t = new Uint8Array(ORIENTATION_TIFF_LENGTH);
  const v = new DataView(t.buffer);
  v.setUint16(0, 0x4d4d); // "MM": big-endian
  v.setUint16(2, 42);
  v.setUint32(4, 8); // IFD0 right after the header
  v.setUint16(8, 1); // one entry
  v.setUint16(10, ORIENTATION_TAG);
  v.setUint16(12, SHORT);
  v.setUint32(14, 1); // one value, left-aligned in the 4-byte field
  v.setUint16(18, o);
  // Bytes 22-25, the next-IFD offset, stay 0: there is no other IFD.
  return t;
}

/** The JPEG APP1 segment "Exif\0\0" + orientationTiff(o). */
export function orientationApp1(o: Orientation): Uint8Array {
  const payload = concatBytes([new TextEncoder().encode(EXIF_HEADER), orientationTiff(o)]);
  return concatBytes([new Uint8Array([0xff, 0xe1, 0x00, payload.length + 2]), payload]);
}

/** Are these bytes exactly the minimal TIFF for some orientation 2-8 (the only EXIF the server stores)? */
export function isOrientationOnlyTiff(t: Uint8Array): boolean {
  if (t.length !== ORIENTATION_TIFF_LENGTH) return false;
  const o = t[19]!;
  if (o < 2 || o > 8) return false;
  const expected = orientationTiff(o as Orientation);
  return expected.every((v, i) => t[i] === v);
}
