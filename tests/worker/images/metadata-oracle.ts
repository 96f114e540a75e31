import { AppError } from '../../../src/worker/platform/app-error';
import { safeImage } from '../../../src/worker/modules/images/safe-image';
import { CANARY } from './metadata-blocks';

// What the tests hold stored bytes to, written apart from the code under test so that a bug there
// is not repeated here.

export type StoreAttempt = { stored: Uint8Array; width: number; height: number } | { refused: number; message: string };

/** What the upload route would store for these bytes as the original (or why it refuses them). */
export function storeAttempt(raw: Uint8Array): StoreAttempt {
  try {
    const { bytes, width, height } = safeImage(raw, 'image');
    return { stored: bytes, width, height };
  } catch (error) {
    if (error instanceof AppError) return { refused: error.status, message: error.message };
    throw error;
  }
}

/** The stored bytes, failing the test with the refusal when there are none. */
export function storedBytes(raw: Uint8Array): Uint8Array {
  const r = storeAttempt(raw);
  if ('refused' in r) throw new Error(`refused (${r.refused}): ${r.message}`);
  return r.stored;
}

const enc = new TextEncoder();
function indexesOf(b: Uint8Array, t: string): number[] {
  const n = enc.encode(t);
  const out: number[] = [];
  outer: for (let i = 0; i + n.length <= b.length; i++) {
    for (let k = 0; k < n.length; k++) if (b[i + k] !== n[k]) continue outer;
    out.push(i);
  }
  return out;
}

/** The Orientation value if these bytes are a TIFF holding nothing but IFD0 with one Orientation entry. */
export function orientationOnlyTiff(t: Uint8Array, at = 0, end = t.length): number | null {
  if (end - at !== 26) return null;
  const v = new DataView(t.buffer, t.byteOffset + at, 26);
  const order = String.fromCharCode(t[at]!, t[at + 1]!);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  if (v.getUint16(2, le) !== 42 || v.getUint32(4, le) !== 8 || v.getUint16(8, le) !== 1) return null;
  if (v.getUint16(10, le) !== 0x0112 || v.getUint16(12, le) !== 3 || v.getUint32(14, le) !== 1 || v.getUint32(22, le) !== 0) return null;
  const o = v.getUint16(18, le);
  return o >= 1 && o <= 8 ? o : null;
}

/** The orientation a JPEG's orientation-only Exif APP1 gives (null when it has none). */
export function jpegOrientation(b: Uint8Array): number | null {
  for (const p of indexesOf(b, 'Exif\0\0')) {
    if (b[p - 4] === 0xff && b[p - 3] === 0xe1 && b[p - 2] === 0 && b[p - 1] === 34) return orientationOnlyTiff(b, p + 6, p + 32);
  }
  return null;
}

/** Is there a TIFF structure whose IFD0 has a whole GPSInfo (0x8825) entry (one a reader can follow) anywhere in these bytes? */
export function hasGpsIfd(b: Uint8Array): boolean {
  for (const head of ['II*\0', 'MM\0*']) {
    for (const p of indexesOf(b, head)) {
      const le = head === 'II*\0';
      const v = new DataView(b.buffer, b.byteOffset + p, b.length - p);
      if (v.byteLength < 8) continue;
      const ifd = v.getUint32(4, le);
      if (ifd + 2 > v.byteLength) continue;
      const count = v.getUint16(ifd, le);
      for (let k = 0; k < count && ifd + 2 + k * 12 + 12 <= v.byteLength; k++)
        if (v.getUint16(ifd + 2 + k * 12, le) === 0x8825) return true;
    }
  }
  return false;
}

/**
 * What of the known metadata shows in these bytes. 'strict': an EXIF block other than an
 * orientation-only one, XMP, IPTC/Photoshop resources, an MPF index, a GPS IFD, and any byte of a
 * test block (the CANARY). 'readable': only what a metadata reader finds wherever it sits (EXIF
 * blocks, XMP, IPTC, a GPS IFD); for files bent at random offsets, where a block's bytes may end
 * up as quantisation values or pixel data that nothing reads as metadata.
 */
export function leaks(b: Uint8Array, mode: 'strict' | 'readable' = 'strict'): string[] {
  const found: string[] = [];
  for (const p of indexesOf(b, 'Exif\0\0')) {
    const orientationOnly =
      b[p - 4] === 0xff && b[p - 3] === 0xe1 && b[p - 2] === 0 && b[p - 1] === 34 && orientationOnlyTiff(b, p + 6, p + 32);
    if (!orientationOnly) found.push(`Exif block at ${p}`);
  }
  const signatures = ['ns.adobe.com/xap', 'ns.adobe.com/xmp', 'adobe:ns:meta', 'XML:com.adobe.xmp', 'Photoshop 3.0'];
  if (mode === 'strict') signatures.push('8BIM', 'MPF\0', CANARY);
  for (const sig of signatures) if (indexesOf(b, sig).length) found.push(sig);
  if (hasGpsIfd(b)) found.push('GPS IFD');
  return found;
}

/** The PNG chunk types in order (assumes a well-formed PNG). */
export function pngChunkTypes(b: Uint8Array): string[] {
  const out: string[] = [];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = new DataView(b.buffer, b.byteOffset + i, 4).getUint32(0);
    out.push(String.fromCharCode(...b.subarray(i + 4, i + 8)));
    i += 12 + len;
  }
  return out;
}
