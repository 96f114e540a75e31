import { describe, expect, it } from 'vitest';
import { animatedWebp, PNG_4x3, WEBP_10x6, WEBP_ALPHA_4x3, WEBP_LOSSLESS_3x2 } from './image-fixtures';
import {
  exifTiff,
  join,
  pngBoundaries,
  pngChunk,
  pngExif,
  pngItxtXmp,
  pngText,
  pngTime,
  pngZtxt,
  riffChunk,
  spliceAt,
  text,
  webpChunks,
  webpExif,
  webpExifWithHeader,
  webpFile,
  webpXmp,
  withVp8xFlags,
} from './metadata-blocks';
import { leaks, orientationOnlyTiff, pngChunkTypes, storeAttempt, storedBytes } from './metadata-oracle';

const UNREADABLE = 'This image could not be read safely, so it was not stored. Please export it again as JPEG, PNG or WebP.';

function expectRefused(raw: Uint8Array) {
  const r = storeAttempt(raw);
  expect('refused' in r ? { status: r.refused, message: r.message } : { stored: leaks(r.stored) }).toEqual({
    status: 415,
    message: UNREADABLE,
  });
}

const PNG_META = () => [pngExif(), pngText(), pngZtxt(), pngItxtXmp(), pngTime(), pngChunk('gpsL', text('CANARY-PRIVATE 48.85N'))];

/** PNG_4x3 with its one IDAT split in two (a valid PNG: the IDAT data is one stream). */
function pngTwoIdats(between: Uint8Array[] = []): Uint8Array {
  const [, idatAt, iendAt] = pngBoundaries(PNG_4x3) as [number, number, number];
  const data = PNG_4x3.subarray(idatAt + 8, iendAt - 4);
  return join(
    PNG_4x3.subarray(0, idatAt),
    pngChunk('IDAT', data.subarray(0, 5)),
    ...between,
    pngChunk('IDAT', data.subarray(5)),
    PNG_4x3.subarray(iendAt),
  );
}

describe('PNG: metadata chunks anywhere', () => {
  it('drops eXIf, tEXt, zTXt, iTXt XMP, tIME and private chunks before, between and after the IDATs', () => {
    let raw: Uint8Array = PNG_4x3;
    for (const at of pngBoundaries(PNG_4x3).reverse()) raw = spliceAt(raw, at, ...PNG_META());
    expect(pngChunkTypes(raw).filter((t) => t === 'eXIf').length).toBe(3);
    const out = storedBytes(raw);
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(PNG_4x3);
  });

  it('drops metadata between two IDAT chunks and keeps both', () => {
    const out = storedBytes(pngTwoIdats(PNG_META()));
    expect(out).toEqual(pngTwoIdats());
    expect(pngChunkTypes(out)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IDAT', 'IEND']);
  });

  it('drops everything after IEND: chunks, a second PNG, raw bytes', () => {
    expect(storedBytes(join(PNG_4x3, pngExif(), pngText()))).toEqual(PNG_4x3);
    expect(storedBytes(join(PNG_4x3, text('GPS 48.8584 N CANARY')))).toEqual(PNG_4x3);
    expect(storedBytes(join(PNG_4x3, spliceAt(PNG_4x3, 33, pngExif())))).toEqual(PNG_4x3);
  });

  it('keeps the safe colour chunks (gAMA, sRGB, pHYs)', () => {
    const colour = [
      pngChunk('gAMA', new Uint8Array([0, 0, 0xb1, 0x8f])),
      pngChunk('sRGB', new Uint8Array([0])),
      pngChunk('pHYs', new Uint8Array(9)),
    ];
    const clean = spliceAt(PNG_4x3, 33, ...colour);
    expect(storedBytes(spliceAt(clean, 33, pngText()))).toEqual(clean);
  });

  it('keeps orientation 6 from an eXIf with GPS as an orientation-only eXIf', () => {
    const out = storedBytes(spliceAt(PNG_4x3, 33, pngExif({ gps: true, orientation: 6 })));
    expect(leaks(out)).toEqual([]);
    expect(pngChunkTypes(out)).toEqual(['IHDR', 'eXIf', 'PLTE', 'IDAT', 'IEND']);
    expect(orientationOnlyTiff(out, 33 + 8, 33 + 8 + 26)).toBe(6);
  });
});

describe('PNG: files that cannot be read with certainty are refused', () => {
  it('refuses a file cut short, without IEND', () => {
    expectRefused(PNG_4x3.subarray(0, PNG_4x3.length - 12));
    expectRefused(PNG_4x3.subarray(0, 40));
  });

  it('refuses a chunk whose length points past the end, hiding an eXIf after it', () => {
    const liar = pngChunk('tEXt', text('a\0b'), { lengthOverride: 0x7fff });
    expectRefused(spliceAt(PNG_4x3, 33, liar, pngExif()));
  });

  it('refuses a chunk with a wrong CRC and an unknown critical chunk', () => {
    expectRefused(spliceAt(PNG_4x3, 33, pngChunk('tEXt', text('Comment\0x'), { badCrc: true })));
    expectRefused(spliceAt(PNG_4x3, 33, pngChunk('GPSX', exifTiff({ gps: true }))));
  });
});

describe('WebP: metadata chunks', () => {
  it('drops EXIF and XMP chunks of an extended WebP and clears their VP8X flags', () => {
    const raw = withVp8xFlags(webpFile([WEBP_ALPHA_4x3.subarray(12), webpExif(), webpXmp()]), 0x0c);
    const out = storedBytes(raw);
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(WEBP_ALPHA_4x3);
    expect(out[20]! & 0x0c).toBe(0);
  });

  it('drops an EXIF chunk that keeps its "Exif\\0\\0" header, wherever it sits, and private chunks', () => {
    const [vp8x, alph, vp8] = webpChunks(WEBP_ALPHA_4x3).map((c) => WEBP_ALPHA_4x3.subarray(c.start, c.end));
    const raw = webpFile([vp8x!, webpExifWithHeader(), alph!, riffChunk('GPS ', text('CANARY 48.85N')), vp8!, webpXmp()]);
    expect(storedBytes(raw)).toEqual(WEBP_ALPHA_4x3);
  });

  it('keeps only the image chunk of a simple WebP (lossy or lossless)', () => {
    expect(storedBytes(webpFile([WEBP_10x6.subarray(12), webpExif()]))).toEqual(WEBP_10x6);
    expect(storedBytes(webpFile([WEBP_LOSSLESS_3x2.subarray(12), webpXmp()]))).toEqual(WEBP_LOSSLESS_3x2);
  });

  it('drops metadata hidden inside an animation frame (ANMF)', () => {
    const out = storedBytes(withVp8xFlags(animatedWebp([webpExif(), webpXmp()]), 0x0c));
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(animatedWebp());
  });

  it('drops everything after the RIFF data: a second WebP with EXIF, raw bytes', () => {
    const second = withVp8xFlags(webpFile([WEBP_ALPHA_4x3.subarray(12), webpExif()]), 0x08);
    expect(storedBytes(join(WEBP_10x6, second))).toEqual(WEBP_10x6);
    expect(storedBytes(join(WEBP_ALPHA_4x3, text('GPS CANARY')))).toEqual(WEBP_ALPHA_4x3);
  });
});

describe('WebP: files that cannot be read with certainty are refused', () => {
  it('refuses a RIFF size past the end and a file cut short', () => {
    expectRefused(webpFile([WEBP_ALPHA_4x3.subarray(12), webpExif()], 4000));
    const whole = webpFile([WEBP_ALPHA_4x3.subarray(12), webpExif()]);
    expectRefused(whole.subarray(0, whole.length - 20));
    expectRefused(WEBP_ALPHA_4x3.subarray(0, WEBP_ALPHA_4x3.length - 2));
  });

  it('refuses a chunk whose size points past the end, hiding an EXIF after it', () => {
    const [vp8x, alph, vp8] = webpChunks(WEBP_ALPHA_4x3).map((c) => WEBP_ALPHA_4x3.subarray(c.start, c.end));
    const liar = riffChunk('ICCP', new Uint8Array(4), 0x7fff);
    const body = [vp8x!, alph!, vp8!, liar, webpExif()];
    expectRefused(webpFile(body, join(...body).length + 4));
  });
});
