import { concatBytes } from '../../../src/worker/modules/images/bytes';

// Metadata blocks as cameras, phones and editors write them, built byte by byte. Every block
// carries the text CANARY, so a test can tell whether any byte of it reached what is stored.

const enc = new TextEncoder();
export const text = (s: string) => enc.encode(s);
export const join = (...parts: Uint8Array[]) => concatBytes(parts);
export const CANARY = 'CANARY';

export interface TiffOptions {
  /** A GPSInfo pointer in IFD0 to a GPS IFD with latitude and longitude. */
  gps?: boolean;
  /** An Orientation (0x0112) entry in IFD0. */
  orientation?: number;
  /** Big-endian ('MM') instead of little-endian ('II'). */
  bigEndian?: boolean;
}

/**
 * A TIFF structure as found in an EXIF block: IFD0 with Make ("CANARY-MAKE"), optionally
 * Orientation and a GPSInfo pointer to a GPS IFD (N 48°51'30", E 2°21'0", datum "CANARY-WGS84").
 */
export function exifTiff(opts: TiffOptions = {}): Uint8Array {
  const le = !opts.bigEndian;
  const make = text(`${CANARY}-MAKE\0`);
  const datum = text(`${CANARY}-WGS84\0`);
  const ifd0Entries = 1 + (opts.orientation !== undefined ? 1 : 0) + (opts.gps ? 1 : 0);
  const ifd0 = 8;
  const makeAt = ifd0 + 2 + ifd0Entries * 12 + 4;
  const gpsAt = makeAt + make.length + (make.length % 2);
  const gpsEntries = 5;
  const ratAt = gpsAt + 2 + gpsEntries * 12 + 4;
  const datumAt = ratAt + 6 * 8;
  const size = opts.gps ? datumAt + datum.length : gpsAt;
  const buf = new Uint8Array(size);
  const v = new DataView(buf.buffer);
  buf.set(text(le ? 'II' : 'MM'), 0);
  v.setUint16(2, 42, le);
  v.setUint32(4, ifd0, le);
  let at = ifd0;
  v.setUint16(at, ifd0Entries, le);
  at += 2;
  const entry = (tag: number, type: number, count: number, value: number, short = false) => {
    v.setUint16(at, tag, le);
    v.setUint16(at + 2, type, le);
    v.setUint32(at + 4, count, le);
    if (short) v.setUint16(at + 8, value, le);
    else v.setUint32(at + 8, value, le);
    at += 12;
  };
  entry(0x010f, 2, make.length, makeAt);
  if (opts.orientation !== undefined) entry(0x0112, 3, 1, opts.orientation, true);
  if (opts.gps) entry(0x8825, 4, 1, gpsAt);
  v.setUint32(at, 0, le);
  buf.set(make, makeAt);
  if (opts.gps) {
    at = gpsAt;
    v.setUint16(at, gpsEntries, le);
    at += 2;
    entry(0x0001, 2, 2, le ? 0x4e : 0x4e000000); // GPSLatitudeRef "N"
    entry(0x0002, 5, 3, ratAt); // GPSLatitude
    entry(0x0003, 2, 2, le ? 0x45 : 0x45000000); // GPSLongitudeRef "E"
    entry(0x0004, 5, 3, ratAt + 24); // GPSLongitude
    entry(0x0012, 2, datum.length, datumAt); // GPSMapDatum
    v.setUint32(at, 0, le);
    [48, 1, 51, 1, 30, 1, 2, 1, 21, 1, 0, 1].forEach((n, k) => v.setUint32(ratAt + k * 4, n, le));
    buf.set(datum, datumAt);
  }
  return buf;
}

export const XMP_WITH_GPS = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="48,51.5N" exif:GPSLongitude="2,21.0E" photoshop:City="Paris" dc:title="${CANARY}-XMP"/></rdf:RDF></x:xmpmeta>`;

// ---------------------------------------------------------------- JPEG

/** A JPEG marker segment: FF, the marker, a two-byte length (itself included), the payload. */
export function jpegSegment(marker: number, payload: Uint8Array, lengthOverride?: number): Uint8Array {
  const len = lengthOverride ?? payload.length + 2;
  return join(new Uint8Array([0xff, marker, (len >> 8) & 0xff, len & 0xff]), payload);
}

export const exifApp1 = (opts: TiffOptions = { gps: true }) => jpegSegment(0xe1, join(text('Exif\0\0'), exifTiff(opts)));
export const xmpApp1 = (xmp = XMP_WITH_GPS) => jpegSegment(0xe1, join(text('http://ns.adobe.com/xap/1.0/\0'), text(xmp)));
export const extendedXmpApp1 = () =>
  jpegSegment(0xe1, join(text('http://ns.adobe.com/xmp/extension/\0'), text('0123456789ABCDEF0123456789ABCDEF'), text(XMP_WITH_GPS)));
/** Photoshop IRB with an IPTC-NAA record (8BIM 0x0404) holding City = CANARY-CITY. */
export function iptcApp13(): Uint8Array {
  const city = text(`${CANARY}-CITY`);
  const dataset = join(new Uint8Array([0x1c, 0x02, 90, 0, city.length]), city);
  const size = dataset.length;
  const irb = join(
    text('8BIM'),
    new Uint8Array([0x04, 0x04, 0, 0, 0, 0, (size >> 8) & 0xff, size & 0xff]),
    dataset,
    new Uint8Array(size % 2),
  );
  return jpegSegment(0xed, join(text('Photoshop 3.0\0'), irb));
}
export const comSegment = () => jpegSegment(0xfe, text(`${CANARY}-COMMENT shot at 48.8584 N, 2.2945 E`));
/** The MPF index an MPO writes in APP2 of its first image, pointing at the images after EOI. */
export const mpfApp2 = () => jpegSegment(0xe2, join(text('MPF\0'), text('MM\0*'), new Uint8Array(8), text(`${CANARY}-MPF`)));
/** A JFIF extension (JFXX) segment: a thumbnail, dropped like any other APP0 that is not JFIF. */
export const jfxxApp0 = () => jpegSegment(0xe0, join(text('JFXX\0'), new Uint8Array([0x10]), text(`${CANARY}-JFXX`)));

/** The offsets between a JPEG's segments (after SOI, between scans, before EOI): where splices are still well-formed. */
export function jpegBoundaries(b: Uint8Array): number[] {
  const out: number[] = [2];
  let i = 2;
  while (i + 1 < b.length) {
    const marker = b[i + 1]!;
    if (marker === 0xd9) break;
    i += 2 + ((b[i + 2]! << 8) | b[i + 3]!);
    if (marker === 0xda) {
      while (!(b[i] === 0xff && b[i + 1] !== 0 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7))) i++;
    }
    out.push(i);
  }
  return out;
}

export const spliceAt = (b: Uint8Array, at: number, ...parts: Uint8Array[]) => join(b.subarray(0, at), ...parts, b.subarray(at));

// ---------------------------------------------------------------- PNG

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG chunk with its length and CRC (a wrong CRC when asked). */
export function pngChunk(type: string, data: Uint8Array, opts: { badCrc?: boolean; lengthOverride?: number } = {}): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, opts.lengthOverride ?? data.length);
  out.set(text(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, (crc32(out.subarray(4, 8 + data.length)) ^ (opts.badCrc ? 1 : 0)) >>> 0);
  return out;
}

export const pngExif = (opts: TiffOptions = { gps: true }) => pngChunk('eXIf', exifTiff(opts));
export const pngText = () => pngChunk('tEXt', text(`Comment\0${CANARY}-TEXT GPS 48.8584 N`));
/** A zTXt whose "compressed" text is stored (a zlib stream with a stored block) so the canary shows. */
export function pngZtxt(): Uint8Array {
  const body = text(`${CANARY}-ZTXT`);
  const stored = join(new Uint8Array([0x78, 0x01, 0x01, body.length, 0, ~body.length & 0xff, 0xff]), body, new Uint8Array(4));
  return pngChunk('zTXt', join(text('Location\0'), new Uint8Array([0]), stored));
}
export const pngItxtXmp = () =>
  pngChunk('iTXt', join(text('XML:com.adobe.xmp\0'), new Uint8Array([0, 0]), text('\0\0'), text(XMP_WITH_GPS)));
export const pngTime = () => pngChunk('tIME', new Uint8Array([0x07, 0xe8, 6, 1, 12, 0, 0]));

/** Offsets between a PNG's chunks, from after IHDR to before IEND (inclusive). */
export function pngBoundaries(b: Uint8Array): number[] {
  const out: number[] = [];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    if (type !== 'IHDR') out.push(i);
    if (type === 'IEND') break;
    i += 12 + len;
  }
  return out;
}

// ---------------------------------------------------------------- WebP

/** A RIFF chunk: FourCC, little-endian size, data, a pad byte when the size is odd. */
export function riffChunk(fourcc: string, data: Uint8Array, sizeOverride?: number): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length % 2));
  out.set(text(fourcc), 0);
  new DataView(out.buffer).setUint32(4, sizeOverride ?? data.length, true);
  out.set(data, 8);
  return out;
}

export const webpExif = (opts: TiffOptions = { gps: true }) => riffChunk('EXIF', exifTiff(opts));
/** Some writers keep the "Exif\0\0" prefix inside the WebP EXIF chunk. */
export const webpExifWithHeader = () => riffChunk('EXIF', join(text('Exif\0\0'), exifTiff({ gps: true })));
export const webpXmp = () => riffChunk('XMP ', text(XMP_WITH_GPS));

/** The chunks of a WebP (after "RIFF size WEBP"). */
export function webpChunks(b: Uint8Array): { fourcc: string; start: number; end: number }[] {
  const out = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const size = b[i + 4]! | (b[i + 5]! << 8) | (b[i + 6]! << 16) | (b[i + 7]! * 0x1000000);
    const end = i + 8 + size + (size % 2);
    out.push({ fourcc: String.fromCharCode(...b.subarray(i, i + 4)), start: i, end });
    i = end;
  }
  return out;
}

/** A WebP file from its chunks, with the RIFF size right (or as given). */
export function webpFile(chunks: Uint8Array[], sizeOverride?: number): Uint8Array {
  const body = join(...chunks);
  const head = new Uint8Array(12);
  head.set(text('RIFF'), 0);
  new DataView(head.buffer).setUint32(4, sizeOverride ?? body.length + 4, true);
  head.set(text('WEBP'), 8);
  return join(head, body);
}

/** The same WebP with VP8X flags set as a writer that added EXIF and XMP would (flags at byte 20). */
export function withVp8xFlags(b: Uint8Array, flags: number): Uint8Array {
  const out = b.slice();
  out[20] = out[20]! | flags;
  return out;
}
