/**
 * Reads image bytes without decoding them: the type by its magic bytes (never by the file name or
 * the declared Content-Type), the pixel size, and the metadata blocks that may carry location or
 * camera data (EXIF, XMP, IPTC, text chunks). `stripMetadata` removes those blocks losslessly.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

export const IMAGE_EXTENSION: Record<ImageMime, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;

/** JPEG, PNG or WebP by the first bytes; null for anything else. */
export function sniffImageType(b: Uint8Array): ImageMime | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v)) return 'image/png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

// ---------------------------------------------------------------- containers

interface JpegSegment {
  marker: number;
  /** Offset of the 0xFF marker byte. */
  start: number;
  /** Offset just past the segment (its payload included). */
  end: number;
  payloadStart: number;
}

/** The segments before the entropy-coded data (up to and including SOS). */
function jpegSegments(b: Uint8Array): JpegSegment[] {
  const out: JpegSegment[] = [];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) break;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const len = u16be(b, i + 2);
    if (len < 2 || i + 2 + len > b.length) break;
    out.push({ marker, start: i, end: i + 2 + len, payloadStart: i + 4 });
    if (marker === 0xda || marker === 0xd9) break; // start of scan: image data follows
    i += 2 + len;
  }
  return out;
}

interface Chunk {
  type: string;
  start: number;
  end: number;
  dataStart: number;
  dataEnd: number;
}

function pngChunks(b: Uint8Array): Chunk[] {
  const out: Chunk[] = [];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = u32be(b, i);
    const end = i + 12 + len;
    if (end > b.length) break;
    out.push({ type: ascii(b, i + 4, 4), start: i, end, dataStart: i + 8, dataEnd: i + 8 + len });
    i = end;
  }
  return out;
}

function webpChunks(b: Uint8Array): Chunk[] {
  const out: Chunk[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const len = u32le(b, i + 4);
    const dataEnd = i + 8 + len;
    if (dataEnd > b.length) break;
    const end = dataEnd + (len % 2); // chunks are padded to an even size
    out.push({ type: ascii(b, i, 4), start: i, end: Math.min(end, b.length), dataStart: i + 8, dataEnd });
    i = end;
  }
  return out;
}

// ---------------------------------------------------------------- dimensions

export interface Dimensions {
  width: number;
  height: number;
}

export function readDimensions(b: Uint8Array, type: ImageMime): Dimensions | null {
  if (type === 'image/png') {
    const ihdr = pngChunks(b)[0];
    if (ihdr?.type !== 'IHDR') return null;
    return { width: u32be(b, ihdr.dataStart), height: u32be(b, ihdr.dataStart + 4) };
  }
  if (type === 'image/jpeg') {
    for (const s of jpegSegments(b)) {
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
      if (s.marker >= 0xc0 && s.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(s.marker)) {
        return { height: u16be(b, s.payloadStart + 1), width: u16be(b, s.payloadStart + 3) };
      }
    }
    return null;
  }
  for (const c of webpChunks(b)) {
    const d = c.dataStart;
    if (c.type === 'VP8X') return { width: 1 + u24le(b, d + 4), height: 1 + u24le(b, d + 7) };
    if (c.type === 'VP8 ' && b[d + 3] === 0x9d && b[d + 4] === 0x01 && b[d + 5] === 0x2a) {
      return { width: u16le(b, d + 6) & 0x3fff, height: u16le(b, d + 8) & 0x3fff };
    }
    if (c.type === 'VP8L' && b[d] === 0x2f) {
      const bits = u32le(b, d + 1);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
  }
  return null;
}

// ---------------------------------------------------------------- metadata

const EXIF_HEADER = 'Exif\0\0';
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';
const EXTENDED_XMP_HEADER = 'http://ns.adobe.com/xmp/extension/\0';
const GPS_IFD_TAG = 0x8825;
/** XMP properties that place a photo: exif GPS fields, IPTC/Photoshop location fields. */
const XMP_LOCATION =
  /(exif:GPS[A-Za-z]+|photoshop:(City|State|Country)|Iptc4xmpCore:(Location|CountryCode)|Iptc4xmpExt:Location(Created|Shown))/;

/** True when a TIFF structure (the body of an EXIF block) has a GPS IFD pointer in IFD0. */
export function tiffHasGpsIfd(t: Uint8Array): boolean {
  if (t.length < 8) return false;
  const order = ascii(t, 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  const r16 = (at: number) => (le ? u16le(t, at) : u16be(t, at));
  const r32 = (at: number) => (le ? u32le(t, at) : u32be(t, at));
  const ifd = r32(4);
  if (ifd + 2 > t.length) return false;
  const count = r16(ifd);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > t.length) break;
    if (r16(entry) === GPS_IFD_TAG) return true;
  }
  return false;
}

function xmpHasLocation(b: Uint8Array, start: number, end: number): boolean {
  return XMP_LOCATION.test(new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(start, end)));
}

export interface MetadataReport {
  /** An EXIF block (JPEG APP1, PNG eXIf, WebP EXIF) is present. */
  exif: boolean;
  /** XMP is present. */
  xmp: boolean;
  /** The EXIF block has a GPS IFD, or the XMP names GPS coordinates or a place. */
  location: boolean;
}

/** Which metadata blocks the image carries. */
export function inspectMetadata(b: Uint8Array, type: ImageMime): MetadataReport {
  const report: MetadataReport = { exif: false, xmp: false, location: false };
  const exif = (start: number, end: number) => {
    report.exif = true;
    if (tiffHasGpsIfd(b.subarray(start, end))) report.location = true;
  };
  const xmp = (start: number, end: number) => {
    report.xmp = true;
    if (xmpHasLocation(b, start, end)) report.location = true;
  };
  if (type === 'image/jpeg') {
    for (const s of jpegSegments(b)) {
      if (s.marker !== 0xe1) continue;
      if (ascii(b, s.payloadStart, 6) === EXIF_HEADER) exif(s.payloadStart + 6, s.end);
      else if (
        ascii(b, s.payloadStart, XMP_HEADER.length) === XMP_HEADER ||
        ascii(b, s.payloadStart, EXTENDED_XMP_HEADER.length) === EXTENDED_XMP_HEADER
      )
        xmp(s.payloadStart, s.end);
    }
  } else if (type === 'image/png') {
    for (const c of pngChunks(b)) {
      if (c.type === 'eXIf') exif(c.dataStart, c.dataEnd);
      else if (c.type === 'iTXt' && ascii(b, c.dataStart, 17) === 'XML:com.adobe.xmp') xmp(c.dataStart, c.dataEnd);
      else if ((c.type === 'tEXt' || c.type === 'zTXt') && ascii(b, c.dataStart, 21).startsWith('Raw profile type exif')) {
        report.exif = true;
        // A hex dump of an EXIF block; GPS cannot be read without inflating it, so assume it may hold some.
        report.location = true;
      }
    }
  } else {
    for (const c of webpChunks(b)) {
      if (c.type === 'EXIF') {
        // Some writers keep the "Exif\0\0" prefix inside the chunk.
        const off = ascii(b, c.dataStart, 6) === EXIF_HEADER ? 6 : 0;
        exif(c.dataStart + off, c.dataEnd);
      } else if (c.type === 'XMP ') xmp(c.dataStart, c.dataEnd);
    }
  }
  return report;
}

/** The parts one after another in a new array. */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** JPEG APPn segments that hold metadata: APP1 (EXIF/XMP), APP12 (Ducky/picture info), APP13 (IPTC). */
const JPEG_METADATA_MARKERS = new Set([0xe1, 0xec, 0xed]);
const PNG_METADATA_CHUNKS = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);
const WEBP_METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

/**
 * The same image without its metadata blocks (pixels, colour profile and structure untouched).
 * Returns the input itself when there is nothing to remove.
 */
export function stripMetadata(b: Uint8Array, type: ImageMime): Uint8Array {
  if (type === 'image/jpeg') {
    const segs = jpegSegments(b);
    const drop = segs.filter((s) => JPEG_METADATA_MARKERS.has(s.marker));
    if (!drop.length) return b;
    const parts: Uint8Array[] = [];
    let at = 0;
    for (const s of drop) {
      parts.push(b.subarray(at, s.start));
      at = s.end;
    }
    parts.push(b.subarray(at));
    return concatBytes(parts);
  }
  if (type === 'image/png') {
    const chunks = pngChunks(b);
    if (!chunks.some((c) => PNG_METADATA_CHUNKS.has(c.type))) return b;
    const last = chunks[chunks.length - 1];
    return concatBytes([
      b.subarray(0, 8),
      ...chunks.filter((c) => !PNG_METADATA_CHUNKS.has(c.type)).map((c) => b.subarray(c.start, c.end)),
      b.subarray(last ? last.end : 8),
    ]);
  }
  const chunks = webpChunks(b);
  if (!chunks.some((c) => WEBP_METADATA_CHUNKS.has(c.type))) return b;
  const kept = chunks
    .filter((c) => !WEBP_METADATA_CHUNKS.has(c.type))
    .map((c) => {
      const bytes = b.slice(c.start, c.end);
      if (c.type === 'VP8X') bytes[8] = bytes[8]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      return bytes;
    });
  const body = concatBytes(kept);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  const riffSize = 4 + body.length;
  header[4] = riffSize & 0xff;
  header[5] = (riffSize >>> 8) & 0xff;
  header[6] = (riffSize >>> 16) & 0xff;
  header[7] = (riffSize >>> 24) & 0xff;
  return concatBytes([header, body]);
}
