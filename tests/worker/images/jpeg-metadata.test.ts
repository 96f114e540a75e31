import { describe, expect, it } from 'vitest';
import { JPEG_16x12, JPEG_PROGRESSIVE_16x12, JPEG_STUFFED_8x8 } from './image-fixtures';
import {
  comSegment,
  exifApp1,
  extendedXmpApp1,
  iptcApp13,
  jfxxApp0,
  join,
  jpegBoundaries,
  jpegSegment,
  mpfApp2,
  spliceAt,
  text,
  xmpApp1,
} from './metadata-blocks';
import { jpegOrientation, leaks, storeAttempt, storedBytes } from './metadata-oracle';

// JPEG layouts that a parser stopping at the first odd byte or at the first scan lets through.
// Each must be stored without a byte of its metadata, or refused with 415.

const UNREADABLE = 'This image could not be read safely, so it was not stored. Please export it again as JPEG, PNG or WebP.';

function expectRefused(raw: Uint8Array) {
  const r = storeAttempt(raw);
  expect('refused' in r ? { status: r.refused, message: r.message } : { stored: leaks(r.stored) }).toEqual({
    status: 415,
    message: UNREADABLE,
  });
}

const SOI = new Uint8Array([0xff, 0xd8]);
const EOI = new Uint8Array([0xff, 0xd9]);
/** Where the first scan's data ends in the progressive fixture (the DHT after it). */
const afterFirstScan = (b: Uint8Array) => jpegBoundaries(b)[jpegBoundaries(b).findIndex((_, k, all) => b[all[k - 1]! + 1] === 0xda)]!;

describe('JPEG: junk bytes before a segment', () => {
  /** Just after the frame header (SOF0), where the size has been read and a parser that stops at junk stops. */
  const afterSof = jpegBoundaries(JPEG_16x12)[4]!;

  it('refuses one junk byte before an APP1 Exif with GPS (a lenient decoder skips it and reads the GPS)', () => {
    expect(JPEG_16x12[afterSof - 19 + 1]).toBe(0xc0);
    expectRefused(spliceAt(JPEG_16x12, afterSof, new Uint8Array([0x00]), exifApp1()));
    expectRefused(spliceAt(JPEG_16x12, afterSof, text('xy'), exifApp1()));
  });

  it('refuses junk between other segments too, and a file with junk right after SOI is not a JPEG at all', () => {
    expectRefused(spliceAt(JPEG_16x12, jpegBoundaries(JPEG_16x12)[1]!, new Uint8Array([0x00]), exifApp1()));
    expectRefused(spliceAt(JPEG_16x12, jpegBoundaries(JPEG_16x12)[2]!, new Uint8Array([0x20]), exifApp1()));
    expect(storeAttempt(join(SOI, new Uint8Array([0x00]), exifApp1(), JPEG_16x12.subarray(2)))).toEqual({
      refused: 415,
      message: 'Only JPEG, PNG or WebP images can be uploaded.',
    });
  });

  it('accepts fill bytes (0xFF) before a marker, as the standard allows, and drops the APP1 after them', () => {
    const out = storedBytes(join(SOI, new Uint8Array([0xff, 0xff, 0xff]), exifApp1(), JPEG_16x12.subarray(2)));
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(JPEG_16x12);
  });
});

describe('JPEG: metadata after the first scan', () => {
  it('drops an APP1 Exif with GPS between the scans of a progressive JPEG', () => {
    const raw = spliceAt(JPEG_PROGRESSIVE_16x12, afterFirstScan(JPEG_PROGRESSIVE_16x12), exifApp1());
    expect(leaks(raw)).not.toEqual([]);
    const out = storedBytes(raw);
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(JPEG_PROGRESSIVE_16x12);
  });

  it('drops XMP, IPTC and comments placed between every pair of scans', () => {
    let raw: Uint8Array = JPEG_PROGRESSIVE_16x12;
    const bounds = jpegBoundaries(JPEG_PROGRESSIVE_16x12);
    for (const at of bounds.slice(1).reverse())
      raw = spliceAt(raw, at, xmpApp1(), iptcApp13(), comSegment(), exifApp1({ gps: true, bigEndian: true }));
    const out = storedBytes(raw);
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(JPEG_PROGRESSIVE_16x12);
  });

  it('keeps stuffed 0xFF bytes of the entropy-coded data and drops an APP1 right after the scan', () => {
    const bounds = jpegBoundaries(JPEG_STUFFED_8x8);
    const out = storedBytes(spliceAt(JPEG_STUFFED_8x8, bounds[bounds.length - 1]!, exifApp1()));
    expect(out).toEqual(JPEG_STUFFED_8x8);
  });

  it('keeps restart markers inside a scan and drops an APP1 after it', () => {
    // Structure only: DRI before the scan and RST0/RST1 inside its data (not decodable as pixels).
    const bounds = jpegBoundaries(JPEG_16x12);
    const sos = bounds[bounds.length - 2]!;
    const scanStart = sos + 2 + ((JPEG_16x12[sos + 2]! << 8) | JPEG_16x12[sos + 3]!);
    const scanEnd = bounds[bounds.length - 1]!;
    const dri = jpegSegment(0xdd, new Uint8Array([0, 1]));
    const scan = join(
      JPEG_16x12.subarray(scanStart, scanStart + 4),
      new Uint8Array([0xff, 0xd0]),
      JPEG_16x12.subarray(scanStart + 4, scanEnd),
      new Uint8Array([0xff, 0xd1, 0x12]),
    );
    const clean = join(JPEG_16x12.subarray(0, sos), dri, JPEG_16x12.subarray(sos, scanStart), scan, EOI);
    const dirty = join(JPEG_16x12.subarray(0, sos), dri, JPEG_16x12.subarray(sos, scanStart), scan, exifApp1(), comSegment(), EOI);
    expect(storedBytes(dirty)).toEqual(clean);
  });
});

describe('JPEG: data after the end of the image', () => {
  it('drops a second JPEG with Exif GPS appended after EOI (an MPO), and the MPF index', () => {
    const second = join(SOI, exifApp1(), JPEG_16x12.subarray(2));
    const raw = join(SOI, mpfApp2(), JPEG_16x12.subarray(2), second);
    const out = storedBytes(raw);
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(JPEG_16x12);
  });

  it('drops any bytes after EOI', () => {
    expect(storedBytes(join(JPEG_16x12, text('GPS 48.8584 N 2.2945 E CANARY')))).toEqual(JPEG_16x12);
  });
});

describe('JPEG: every metadata segment, wherever it sits before the scan', () => {
  it('drops APP13 IPTC, XMP and extended XMP, COM, JFXX and MPF segments', () => {
    const bounds = jpegBoundaries(JPEG_16x12);
    let raw: Uint8Array = JPEG_16x12;
    for (const at of bounds.slice(0, -2).reverse())
      raw = spliceAt(
        raw,
        at,
        iptcApp13(),
        xmpApp1(),
        extendedXmpApp1(),
        comSegment(),
        jfxxApp0(),
        mpfApp2(),
        jpegSegment(0xef, text('CANARY-APP15')),
      );
    expect(leaks(raw).length).toBeGreaterThan(3);
    const out = storedBytes(raw);
    expect(leaks(out)).toEqual([]);
    expect(out).toEqual(JPEG_16x12);
  });

  it('drops a JFIF thumbnail but keeps the JFIF header', () => {
    // JFIF APP0 with a 1x1 RGB thumbnail: 14 header bytes, then 3 bytes of pixels.
    const jfif = jpegSegment(0xe0, join(text('JFIF\0'), new Uint8Array([1, 1, 0, 0, 1, 0, 1, 1, 1]), text('CAN')));
    const raw = join(SOI, jfif, JPEG_16x12.subarray(20));
    expect(storedBytes(raw)).toEqual(JPEG_16x12);
  });
});

describe('JPEG: files that cannot be read with certainty are refused', () => {
  it('refuses a file cut short in its scan, in a segment, or without EOI', () => {
    const len = JPEG_16x12.length;
    expectRefused(JPEG_16x12.subarray(0, len - 2));
    expectRefused(JPEG_16x12.subarray(0, len - 10));
    expectRefused(JPEG_16x12.subarray(0, 30));
    expectRefused(join(SOI, exifApp1()).subarray(0, 40));
  });

  it('refuses an APP1 Exif with GPS whose length points past the end', () => {
    const app1 = exifApp1();
    const long = jpegSegment(0xe1, app1.subarray(4), 0xfff0);
    expectRefused(join(JPEG_16x12.subarray(0, 2), long, JPEG_16x12.subarray(2)));
  });

  it('refuses a segment length under 2 and a length running into the next segment', () => {
    expectRefused(join(SOI, new Uint8Array([0xff, 0xe1, 0, 1]), exifApp1(), JPEG_16x12.subarray(2)));
    const app1 = exifApp1();
    expectRefused(join(SOI, jpegSegment(0xe1, app1.subarray(4), app1.length - 2 + 7), JPEG_16x12.subarray(2)));
  });

  it('refuses a stand-alone restart marker or a second SOI where a segment should be', () => {
    expectRefused(join(SOI, new Uint8Array([0xff, 0xd0]), exifApp1(), JPEG_16x12.subarray(2)));
    expectRefused(join(SOI, SOI, exifApp1(), JPEG_16x12.subarray(2)));
  });
});

describe('JPEG: the EXIF orientation is kept, alone', () => {
  it('keeps orientation 6 from an Exif block that also holds GPS, in a minimal Exif of its own', () => {
    for (const bigEndian of [false, true]) {
      const raw = join(JPEG_16x12.subarray(0, 20), exifApp1({ gps: true, orientation: 6, bigEndian }), JPEG_16x12.subarray(20));
      const r = storeAttempt(raw);
      if ('refused' in r) throw new Error(r.message);
      expect(leaks(r.stored)).toEqual([]);
      expect(jpegOrientation(r.stored)).toBe(6);
      // Stored as it is shown: a 16x12 sensor image turned a quarter is 12 wide and 16 high.
      expect({ width: r.width, height: r.height }).toEqual({ width: 12, height: 16 });
    }
  });

  it('writes no Exif at all for orientation 1 or none, and ignores an orientation after the first scan', () => {
    expect(storedBytes(join(SOI, exifApp1({ gps: true, orientation: 1 }), JPEG_16x12.subarray(2)))).toEqual(JPEG_16x12);
    const late = spliceAt(JPEG_PROGRESSIVE_16x12, afterFirstScan(JPEG_PROGRESSIVE_16x12), exifApp1({ orientation: 8 }));
    expect(storedBytes(late)).toEqual(JPEG_PROGRESSIVE_16x12);
  });

  it('takes the orientation of the first Exif block, as browsers do', () => {
    const raw = join(SOI, exifApp1({ orientation: 3 }), exifApp1({ orientation: 6, gps: true }), JPEG_16x12.subarray(2));
    const out = storedBytes(raw);
    expect(jpegOrientation(out)).toBe(3);
    expect(leaks(out)).toEqual([]);
  });
});
