import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTexts } from '../../../src/worker/modules/images/bytes';
import { cleanImage, sniffImageType } from '../../../src/worker/modules/images/image-bytes';
import { parseRange } from '../../../src/worker/modules/images/image-storage';
import { leftoverMetadata } from '../../../src/worker/modules/images/metadata-check';
import { animatedWebp, JPEG_16x12, JPEG_PROGRESSIVE_16x12, PNG_4x3, WEBP_10x6, WEBP_ALPHA_4x3, WEBP_LOSSLESS_3x2 } from './image-fixtures';
import { exifApp1, join, pngExif, spliceAt, webpExif, webpFile, xmpApp1 } from './metadata-blocks';

describe('sniffImageType and cleanImage', () => {
  it('recognise JPEG, PNG and WebP by their bytes, read their size and leave clean files as they are', () => {
    const cases = [
      [JPEG_16x12, 'image/jpeg', 16, 12],
      [JPEG_PROGRESSIVE_16x12, 'image/jpeg', 16, 12],
      [PNG_4x3, 'image/png', 4, 3],
      [WEBP_10x6, 'image/webp', 10, 6],
      [WEBP_ALPHA_4x3, 'image/webp', 4, 3],
      [WEBP_LOSSLESS_3x2, 'image/webp', 3, 2],
      [animatedWebp(), 'image/webp', 10, 6],
    ] as const;
    for (const [bytes, type, width, height] of cases) {
      expect(sniffImageType(bytes)).toBe(type);
      expect(cleanImage(bytes, type)).toEqual({ bytes, width, height, orientation: 1 });
      expect(leftoverMetadata(bytes, type)).toBeNull();
    }
  });

  it('refuse anything else, whatever it claims to be', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('leftoverMetadata (the last look before storing)', () => {
  it('finds EXIF, GPS, XMP and IPTC in files as they arrive', () => {
    expect(leftoverMetadata(spliceAt(JPEG_16x12, 2, exifApp1({ gps: false })), 'image/jpeg')).toMatch(/EXIF block/);
    expect(leftoverMetadata(spliceAt(JPEG_16x12, 2, xmpApp1()), 'image/jpeg')).toMatch(/signature/);
    expect(leftoverMetadata(spliceAt(PNG_4x3, 33, pngExif({ gps: true })), 'image/png')).toMatch(/^a GPS IFD/);
    expect(leftoverMetadata(webpFile([WEBP_10x6.subarray(12), webpExif({ gps: false })]), 'image/webp')).toMatch(/parts to drop/);
  });

  it('finds a GPS IFD even where no segment is (a raw TIFF in the scan data)', () => {
    const [tiff] = [exifApp1({ gps: true }).subarray(10)];
    const scanAt = JPEG_16x12.length - 20;
    expect(leftoverMetadata(join(JPEG_16x12.subarray(0, scanAt), tiff!, JPEG_16x12.subarray(scanAt)), 'image/jpeg')).toMatch(/^a GPS IFD/);
  });

  it('accepts the orientation-only EXIF block the cleaner writes, and nothing more', () => {
    const withOrientation = cleanImage(spliceAt(JPEG_16x12, 20, exifApp1({ orientation: 6, gps: true })), 'image/jpeg');
    if ('refused' in withOrientation) throw new Error(withOrientation.refused);
    expect(withOrientation.orientation).toBe(6);
    expect(leftoverMetadata(withOrientation.bytes, 'image/jpeg')).toBeNull();
    expect(leftoverMetadata(spliceAt(JPEG_16x12, 20, exifApp1({ orientation: 6 })), 'image/jpeg')).toMatch(/EXIF block/);
  });
});

describe('findTexts (the one-pass signature search)', () => {
  it('finds exactly the occurrences a naive search finds, overlapping and at the edges included', () => {
    const texts = ['Exif\0\0', 'II*\0', 'MM\0*', 'Photoshop 3.0', 'abab'];
    const codes = texts.map((t) => Uint8Array.from(t, (c) => c.charCodeAt(0)));
    const piece = fc.oneof(
      fc.uint8Array({ maxLength: 12 }),
      fc.constantFrom(...codes),
      fc.constantFrom(...codes).map((c) => c.subarray(1)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const b = join(...pieces);
        const naive = [];
        for (let i = 0; i < b.length; i++)
          for (const [k, c] of codes.entries())
            if (i + c.length <= b.length && c.every((v, j) => b[i + j] === v)) naive.push({ text: texts[k], at: i });
        const sort = (xs: { text?: string; at: number }[]) =>
          [...xs].sort((x, y) => x.at - y.at || String(x.text).localeCompare(String(y.text)));
        expect(sort(findTexts(b, texts))).toEqual(sort(naive));
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseRange', () => {
  it('reads single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ offset: 0, length: 10 });
    expect(parseRange('bytes=90-', 100)).toEqual({ offset: 90, length: 10 });
    expect(parseRange('bytes=-5', 100)).toEqual({ offset: 95, length: 5 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ offset: 50, length: 50 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('bytes=9-3', 100)).toBe('invalid');
    expect(parseRange('bytes=-0', 100)).toBe('invalid');
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
