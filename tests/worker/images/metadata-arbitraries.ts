import fc from 'fast-check';
import {
  animatedWebp,
  JPEG_16x12,
  JPEG_PROGRESSIVE_16x12,
  JPEG_STUFFED_8x8,
  WEBP_10x6,
  WEBP_ALPHA_4x3,
  WEBP_LOSSLESS_3x2,
} from './image-fixtures';
import {
  CANARY,
  comSegment,
  exifApp1,
  exifTiff,
  extendedXmpApp1,
  iptcApp13,
  jfxxApp0,
  join,
  jpegSegment,
  mpfApp2,
  pngChunk,
  pngExif,
  pngItxtXmp,
  pngText,
  pngTime,
  pngZtxt,
  riffChunk,
  text,
  webpExif,
  webpExifWithHeader,
  webpXmp,
  xmpApp1,
  type TiffOptions,
} from './metadata-blocks';

// Generators for the property tests: small valid images, metadata blocks that carry the CANARY
// text, and the ways a file can be bent (splices, junk, truncation, lying lengths, trailers).

/** Orientation values as found in the wild, and some that are not valid. */
const orientation = fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 8 }), fc.constantFrom(0, 9, 0xffff));
export const tiffOptions: fc.Arbitrary<TiffOptions> = fc.record({ gps: fc.boolean(), orientation, bigEndian: fc.boolean() });

/** A payload with the canary somewhere in random bytes. */
const canaryPayload = fc
  .tuple(fc.uint8Array({ maxLength: 24 }), fc.uint8Array({ maxLength: 24 }))
  .map(([a, b]) => join(a, text(CANARY), b));

/** A metadata block and, for an EXIF one, the orientation it holds (undefined: not EXIF). */
export interface Block {
  bytes: Uint8Array;
  exif?: TiffOptions;
}

/** The orientation a viewer takes from these EXIF options (1 when none or not valid). */
export const orientationOf = (o: TiffOptions | undefined) =>
  o?.orientation !== undefined && o.orientation >= 1 && o.orientation <= 8 ? o.orientation : 1;

export const jpegMetadataBlock: fc.Arbitrary<Block> = fc.oneof(
  tiffOptions.map((o) => ({ bytes: exifApp1(o), exif: o })),
  jpegOtherSegment().map((bytes) => ({ bytes })),
);

function jpegOtherSegment(): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    fc.constant(null).map(() => xmpApp1()),
    fc.constant(null).map(() => extendedXmpApp1()),
    fc.constant(null).map(() => iptcApp13()),
    fc.constant(null).map(() => comSegment()),
    fc.constant(null).map(() => mpfApp2()),
    fc.constant(null).map(() => jfxxApp0()),
    // Any APPn, JPGn or COM with the canary in random bytes.
    fc
      .tuple(fc.oneof(fc.integer({ min: 0xe0, max: 0xef }), fc.integer({ min: 0xf0, max: 0xfe })), canaryPayload)
      .map(([m, p]) => jpegSegment(m, p)),
  );
}
export const jpegMetadataSegment = jpegMetadataBlock.map((b) => b.bytes);

/** Bytes a decoder skips before a marker: 0xFF fill bytes. */
export const fillBytes = fc.integer({ min: 0, max: 3 }).map((n) => new Uint8Array(n).fill(0xff));

export const JPEG_BASES = [JPEG_16x12, JPEG_PROGRESSIVE_16x12, JPEG_STUFFED_8x8];
export const jpegBase = fc.constantFrom(...JPEG_BASES);

/** What an MPO, a camera or an editor leaves after EOI. */
export const jpegTrailer: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constant(new Uint8Array(0)),
  fc
    .constantFrom(...JPEG_BASES)
    .chain((second) => tiffOptions.map((o) => join(second.subarray(0, 2), exifApp1({ ...o, gps: true }), second.subarray(2)))),
  canaryPayload,
  jpegMetadataSegment,
);

export const pngMetadataBlock: fc.Arbitrary<Block> = fc.oneof(
  tiffOptions.map((o) => ({ bytes: pngExif(o), exif: o })),
  pngOtherChunk().map((bytes) => ({ bytes })),
);
function pngOtherChunk(): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    fc.constantFrom(pngText, pngZtxt, pngItxtXmp, pngTime).map((f) => f()),
    // Private ancillary chunks (lower-case first letter) with the canary.
    fc
      .tuple(fc.stringMatching(/^[a-z][a-zA-Z]{2}[a-z]$/), canaryPayload)
      .filter(
        ([t]) =>
          !['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'mDCV', 'cLLI', 'sBIT', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT'].includes(t),
      )
      .map(([t, p]) => pngChunk(t, p)),
  );
}
export const pngMetadataChunk = pngMetadataBlock.map((b) => b.bytes);
export const pngTrailer: fc.Arbitrary<Uint8Array> = fc.oneof(fc.constant(new Uint8Array(0)), canaryPayload, pngMetadataChunk);

export const webpMetadataChunk: fc.Arbitrary<Uint8Array> = fc.oneof(
  tiffOptions.map((o) => webpExif(o)),
  fc.constant(null).map(() => webpExifWithHeader()),
  fc.constant(null).map(() => webpXmp()),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9 ]{4}$/), canaryPayload)
    .filter(([f]) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP'].includes(f))
    .map(([f, p]) => riffChunk(f, p)),
);
export const WEBP_BASES = [WEBP_10x6, WEBP_ALPHA_4x3, WEBP_LOSSLESS_3x2, animatedWebp()];
export const webpTrailer: fc.Arbitrary<Uint8Array> = fc.oneof(fc.constant(new Uint8Array(0)), canaryPayload, webpMetadataChunk);

/** A raw TIFF with a GPS IFD, outside any segment or chunk: no decoder reads it, the last check still must. */
const rawGpsTiff = tiffOptions.map((o) => exifTiff({ ...o, gps: true }));

export type Mutation =
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'overwrite'; at: number; value: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'append'; bytes: Uint8Array }
  | { kind: 'length'; at: number; value: number };

/** Bends of a file: blocks and junk spliced anywhere, bytes changed, a cut, a trailer, a 16/32-bit length rewritten. */
export function mutations(block: fc.Arbitrary<Uint8Array>, trailer: fc.Arbitrary<Uint8Array>): fc.Arbitrary<Mutation[]> {
  const at = fc.nat({ max: 4096 });
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({
      kind: fc.constant('insert' as const),
      at,
      bytes: fc.oneof(block, rawGpsTiff, fc.uint8Array({ minLength: 1, maxLength: 4 })),
    }),
    fc.record({ kind: fc.constant('overwrite' as const), at, value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('truncate' as const), at }),
    fc.record({ kind: fc.constant('append' as const), bytes: trailer }),
    fc.record({
      kind: fc.constant('length' as const),
      at,
      value: fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0, 1, 2, 0xffff, 0x7fffffff, 0xffffffff)),
    }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 5 });
}

export function applyMutations(base: Uint8Array, list: Mutation[]): Uint8Array {
  let b = base;
  for (const m of list) {
    if (m.kind === 'append') b = join(b, m.bytes);
    else if (m.kind === 'insert') {
      const at = m.at % (b.length + 1);
      b = join(b.subarray(0, at), m.bytes, b.subarray(at));
    } else if (m.kind === 'truncate') b = b.subarray(0, m.at % (b.length + 1));
    else if (b.length >= 4) {
      const at = m.at % (b.length - 3);
      b = b.slice();
      if (m.kind === 'overwrite') b[at] = m.value;
      else new DataView(b.buffer, b.byteOffset).setUint32(at, m.value >>> 0); // a PNG length, or a JPEG length and the next two bytes
    }
  }
  return b;
}
