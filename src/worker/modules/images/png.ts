import { zlibSync } from 'fflate';
import { ascii, concatBytes, u32be } from './bytes';
import { refuse, type CleanResult, type Orientation } from './cleaned-image';
import { orientationTiff, readOrientation } from './exif-orientation';

/**
 * Rebuilds a PNG from its critical chunks and an allow-list of rendering chunks, walking every
 * chunk up to IEND with its length and CRC checked. Text (tEXt, zTXt, iTXt: XMP lives there),
 * eXIf, tIME and every other ancillary chunk are dropped, wherever they sit (after IDAT too), and
 * so is anything after IEND. An unknown critical chunk, a bad CRC or a chunk running past the end
 * is refused: a decoder cannot read such a file either.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that say how to draw the pixels (colour, transparency, density, animation) and carry no text. */
const KEPT = new Set([
  'PLTE',
  'IDAT',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'cICP',
  'mDCV',
  'cLLI',
  'sBIT',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);
const MAX_CHUNK = 0x7fffffff;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A chunk with its length and CRC. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let k = 0; k < 4; k++) out[4 + k] = type.charCodeAt(k);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

export function cleanPng(b: Uint8Array): CleanResult {
  if (b.length < 8 || !SIGNATURE.every((v, k) => b[k] === v)) return refuse('PNG: no signature');
  const kept: Uint8Array[] = [];
  let size: { width: number; height: number } | null = null;
  let orientation: Orientation = 1;
  let exifSeen = false;
  let idat = false;
  let i = 8;
  // Each turn moves i forward by at least 12 bytes.
  for (;;) {
    if (i + 12 > b.length) return refuse('PNG: no IEND');
    const length = u32be(b, i);
    const end = i + 12 + length;
    if (length > MAX_CHUNK || end > b.length) return refuse(`PNG: chunk at ${i} runs past the end`);
    if (![4, 5, 6, 7].every((k) => isLetter(b[i + k]!))) return refuse(`PNG: bad chunk type at ${i}`);
    if (crc32(b.subarray(i + 4, end - 4)) !== u32be(b, end - 4)) return refuse(`PNG: bad CRC at ${i}`);
    const type = ascii(b, i + 4, 4);
    const data = b.subarray(i + 8, end - 4);
    const whole = b.subarray(i, end);
    if (i === 8) {
      if (type !== 'IHDR' || length !== 13) return refuse('PNG: IHDR is not first');
      size = { width: u32be(data, 0), height: u32be(data, 4) };
      if (size.width < 1 || size.height < 1 || size.width > MAX_CHUNK || size.height > MAX_CHUNK) return refuse('PNG: bad size');
    } else if (type === 'IHDR') {
      return refuse('PNG: a second IHDR');
    } else if (type === 'IEND') {
      if (!idat || !size) return refuse('PNG: IEND before IDAT');
      // eXIf must come before IDAT; right after IHDR is always before it.
      const exif = orientation !== 1 ? [chunk('eXIf', orientationTiff(orientation))] : [];
      const bytes = concatBytes([b.subarray(0, 8 + 25), ...exif, ...kept, whole]);
      return { bytes, ...size, orientation };
    } else if (KEPT.has(type)) {
      if (type === 'IDAT') idat = true;
      kept.push(whole);
    } else if (type === 'eXIf') {
      // Decoders read orientation from an eXIf before the image data only.
      if (!exifSeen && !idat) orientation = readOrientation(data);
      exifSeen = true;
    } else if (!(b[i + 4]! & 0x20)) {
      return refuse(`PNG: unknown critical chunk ${type}`);
    }
    // Every other ancillary chunk (text, time, private ones) is dropped.
    i = end;
  }
}

/**
 * A black-and-white PNG (8-bit greyscale, so every mail client draws it) of `width` x `height`
 * pixels, `dark(x, y)` choosing each: the event tickets' QR codes in their emails (issue 43).
 */
export function encodeBilevelPng(width: number, height: number, dark: (x: number, y: number) => boolean): Uint8Array {
  const header = new Uint8Array(13);
  const v = new DataView(header.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1); // raw[row] = 0: filter type None
    for (let x = 0; x < width; x++) raw[row + 1 + x] = dark(x, y) ? 0 : 255;
  }
  return concatBytes([
    new Uint8Array(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
