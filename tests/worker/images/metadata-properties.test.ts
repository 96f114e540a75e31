import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanImage, sniffImageType, type ImageMime } from '../../../src/worker/modules/images/image-bytes';
import { animatedWebp, PNG_4x3 } from './image-fixtures';
import {
  applyMutations,
  fillBytes,
  jpegBase,
  jpegMetadataBlock,
  jpegMetadataSegment,
  jpegTrailer,
  mutations,
  orientationOf,
  pngMetadataBlock,
  pngMetadataChunk,
  pngTrailer,
  WEBP_BASES,
  webpMetadataChunk,
  webpTrailer,
  type Block,
} from './metadata-arbitraries';
import { join, jpegBoundaries, pngBoundaries, pngChunk, webpChunks } from './metadata-blocks';
import { jpegOrientation, leaks, orientationOnlyTiff, pngChunkTypes, storeAttempt } from './metadata-oracle';

// Property-based: metadata spliced into small valid images, and files bent at random. The walkers
// must never throw (only the upload's AppError refusal), must end (their loops only move forward;
// a hang shows as this file's timeout), and must never store a readable metadata block. Each
// property runs RUNS cases; the seed fast-check prints on failure replays one.

const RUNS = 300;
const TIMEOUT = 60_000;
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Stored bytes or null for a refusal; any other exception fails the property. */
function stored(raw: Uint8Array): Uint8Array | null {
  const r = storeAttempt(raw);
  if ('refused' in r) {
    if (r.refused !== 415 && r.refused !== 413) throw new Error(`unexpected status ${r.refused}: ${r.message}`);
    return null;
  }
  return r.stored;
}

/** The walker never throws, and what the route would store passes the readable-metadata oracle and reads back unchanged. */
function checkBent(raw: Uint8Array, type: ImageMime, structure: (out: Uint8Array) => void) {
  if (sniffImageType(raw) === type) cleanImage(raw, type); // throws nothing, whatever the bytes
  const out = stored(raw);
  if (!out) return;
  expect(leaks(out, 'readable')).toEqual([]);
  const again = cleanImage(out, type);
  expect('refused' in again ? again.refused : equal(again.bytes, out)).toBe(true);
  structure(out);
}

/** Splices blocks at chosen boundaries (several at one boundary keep their order). */
function spliceAll(base: Uint8Array, bounds: number[], splices: { at: number; blocks: Block[]; fill?: Uint8Array }[]) {
  const placed = splices.map((s) => ({ at: bounds[s.at % bounds.length]!, s }));
  const parts: Uint8Array[] = [];
  const order: { at: number; block: Block }[] = [];
  let from = 0;
  for (const at of [...new Set(placed.map((p) => p.at))].sort((a, b) => a - b)) {
    parts.push(base.subarray(from, at));
    for (const { s } of placed.filter((p) => p.at === at)) {
      parts.push(s.fill ?? new Uint8Array(0), ...s.blocks.map((b) => b.bytes));
      order.push(...s.blocks.map((block) => ({ at, block })));
    }
    from = at;
  }
  parts.push(base.subarray(from));
  return { raw: join(...parts), order };
}

const splice = (block: fc.Arbitrary<Block>) =>
  fc.record({ at: fc.nat(), fill: fillBytes, blocks: fc.array(block, { minLength: 1, maxLength: 3 }) });

describe('JPEG properties', () => {
  it(
    'metadata segments at segment boundaries and between scans, and any trailer, are all dropped; the orientation of the first EXIF is kept',
    () => {
      fc.assert(
        fc.property(jpegBase, fc.array(splice(jpegMetadataBlock), { maxLength: 4 }), jpegTrailer, (base, splices, trailer) => {
          const bounds = jpegBoundaries(base);
          const firstScan = bounds.find((at) => base[at + 1] === 0xda)!;
          const { raw, order } = spliceAll(base, bounds, splices);
          const out = stored(join(raw, trailer));
          expect(out).not.toBeNull();
          expect(leaks(out!)).toEqual([]);
          const firstExif = order.find((o) => o.at <= firstScan && o.block.exif);
          const expected = orientationOf(firstExif?.block.exif);
          expect(jpegOrientation(out!) ?? 1).toBe(expected);
          const at = out!.findIndex((_, i) => out![i] === 0xff && out![i + 1] === 0xe1);
          expect(expected === 1 ? out : join(out!.subarray(0, at), out!.subarray(at + 36))).toEqual(base);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'bent files (blocks and junk spliced anywhere, bytes changed, cuts, trailers, lying lengths) are refused or stored clean',
    () => {
      fc.assert(
        fc.property(jpegBase, mutations(jpegMetadataSegment, jpegTrailer), (base, list) => {
          checkBent(applyMutations(base, list), 'image/jpeg', (out) => {
            expect([out[0], out[1], out[out.length - 2], out[out.length - 1]]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
          });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

/** PNG_4x3 with its IDAT split in two, so chunks can sit between image data chunks. */
function pngTwoIdats(): Uint8Array {
  const [, idatAt, iendAt] = pngBoundaries(PNG_4x3) as [number, number, number];
  const data = PNG_4x3.subarray(idatAt + 8, iendAt - 4);
  return join(
    PNG_4x3.subarray(0, idatAt),
    pngChunk('IDAT', data.subarray(0, 5)),
    pngChunk('IDAT', data.subarray(5)),
    PNG_4x3.subarray(iendAt),
  );
}
const PNG_BASES = [PNG_4x3, pngTwoIdats()];
const PNG_IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

describe('PNG properties', () => {
  it(
    'metadata chunks before, between and after IDAT, and any trailer, are all dropped; an eXIf orientation before IDAT is kept',
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...PNG_BASES),
          fc.array(splice(pngMetadataBlock), { maxLength: 4 }),
          pngTrailer,
          (base, splices, trailer) => {
            const bounds = pngBoundaries(base);
            const firstIdat = bounds.find((at) => String.fromCharCode(...base.subarray(at + 4, at + 8)) === 'IDAT')!;
            const { raw, order } = spliceAll(
              base,
              bounds,
              splices.map((s) => ({ ...s, fill: undefined })),
            );
            const out = stored(join(raw, trailer));
            expect(out).not.toBeNull();
            expect(leaks(out!)).toEqual([]);
            const firstExif = order.find((o) => o.block.exif);
            const expected = firstExif && firstExif.at <= firstIdat ? orientationOf(firstExif.block.exif) : 1;
            if (expected === 1) expect(out).toEqual(base);
            else {
              expect(orientationOnlyTiff(out!, 33 + 8, 33 + 8 + 26)).toBe(expected);
              expect(join(out!.subarray(0, 33), out!.subarray(33 + 12 + 26))).toEqual(base);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'bent files are refused or stored clean, ending with IEND and holding no text or EXIF chunk',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...PNG_BASES), mutations(pngMetadataChunk, pngTrailer), (base, list) => {
          checkBent(applyMutations(base, list), 'image/png', (out) => {
            expect([...out.subarray(out.length - 12)]).toEqual(PNG_IEND);
            const types = pngChunkTypes(out);
            expect(types.filter((t) => ['tEXt', 'zTXt', 'iTXt', 'tIME'].includes(t))).toEqual([]);
            if (types.includes('eXIf')) expect(orientationOnlyTiff(out, 33 + 8, 33 + 8 + 26)).not.toBeNull();
          });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('WebP properties', () => {
  it(
    'EXIF, XMP and unknown chunks between the chunks and inside an animation frame, and any trailer, are dropped; VP8X flags cleared',
    () => {
      const webpBlock = webpMetadataChunk.map((bytes): Block => ({ bytes }));
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: WEBP_BASES.length - 1 }),
          fc.array(splice(webpBlock), { maxLength: 4 }),
          fc.array(webpMetadataChunk, { maxLength: 2 }),
          fc.constantFrom(0, 0x04, 0x08, 0x0c),
          webpTrailer,
          (k, splices, inFrame, flags, trailer) => {
            const base = k === 3 ? animatedWebp(inFrame) : WEBP_BASES[k]!;
            const chunks = webpChunks(base);
            const bounds = [...chunks.slice(1).map((c) => c.start), base.length];
            const { raw } = spliceAll(
              base,
              bounds,
              splices.map((s) => ({ ...s, fill: undefined })),
            );
            const file = raw.slice();
            new DataView(file.buffer).setUint32(4, file.length - 8, true);
            if (chunks[0]!.fourcc === 'VP8X') file[20] = file[20]! | flags;
            const out = stored(join(file, trailer));
            expect(out).not.toBeNull();
            expect(leaks(out!)).toEqual([]);
            expect(out).toEqual(k === 3 ? animatedWebp() : base);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'bent files are refused or stored clean: RIFF size right, no EXIF or XMP chunk, flags cleared',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...WEBP_BASES), mutations(webpMetadataChunk, webpTrailer), (base, list) => {
          checkBent(applyMutations(base, list), 'image/webp', (out) => {
            expect(new DataView(out.buffer, out.byteOffset).getUint32(4, true)).toBe(out.length - 8);
            const names = webpChunks(out).map((c) => c.fourcc);
            expect(names.filter((n) => n === 'EXIF' || n === 'XMP ')).toEqual([]);
            if (names[0] === 'VP8X') expect(out[20]! & 0x0c).toBe(0);
          });
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('any bytes behind a magic number', () => {
  it(
    'random bytes after a JPEG, PNG or WebP signature are refused (or, rarely, stored clean); nothing throws',
    () => {
      const prefix = fc.constantFrom(
        [0xff, 0xd8, 0xff],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [0x52, 0x49, 0x46, 0x46, 0x40, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
      );
      fc.assert(
        fc.property(prefix, fc.uint8Array({ maxLength: 300 }), (head, rest) => {
          const raw = join(new Uint8Array(head), rest);
          const type = sniffImageType(raw)!;
          checkBent(raw, type, () => {});
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});
