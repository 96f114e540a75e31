import { concatBytes, startsWithText, u16be } from './bytes';
import { refuse, type CleanResult, type Orientation } from './cleaned-image';
import { EXIF_HEADER, orientationApp1, readOrientation } from './exif-orientation';

/**
 * Rebuilds a JPEG from what a decoder needs, walking the whole file: every marker segment, the
 * entropy-coded data of every scan (stuffed 0xFF00 bytes and RSTn markers included) and the
 * segments between scans, up to the first EOI. Metadata is dropped wherever it sits: APPn (but
 * JFIF, Adobe and ICC_PROFILE), COM, JPGn, and anything after EOI (the other images of an MPO,
 * trailers). Whatever is not exactly as the standard says is refused rather than guessed at: a
 * lenient decoder skips junk bytes and reads on, and would find what this walk did not see.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DNL = 0xdc;
const DRI = 0xdd;
const DHT = 0xc4;
const DAC = 0xcc;
const TEM = 0x01;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
/** Frame headers of a single (non-hierarchical) frame: baseline, extended, progressive, lossless; Huffman or arithmetic. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc9, 0xca, 0xcb]);
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;
/** APPn (E0-EF), JPGn (F0-FD) and COM (FE): length-bearing segments a decoder may skip. */
const isSkippable = (m: number) => m >= 0xe0 && m <= 0xfe;

interface Frame {
  width: number;
  height: number;
}

/** A DQT payload is whole tables: a precision/id byte, then 64 values of 1 or 2 bytes. */
function validDqt(p: Uint8Array): boolean {
  let at = 0;
  while (at < p.length) {
    const precision = p[at]! >> 4;
    if (precision > 1 || (p[at]! & 0x0f) > 3) return false;
    at += 1 + 64 * (precision + 1);
  }
  return p.length > 0 && at === p.length;
}

/** A DHT payload is whole tables: class/id byte, 16 code counts, then as many symbols. */
function validDht(p: Uint8Array): boolean {
  let at = 0;
  while (at < p.length) {
    if (p[at]! >> 4 > 1 || (p[at]! & 0x0f) > 3 || at + 17 > p.length) return false;
    let symbols = 0;
    for (let k = 1; k <= 16; k++) symbols += p[at + k]!;
    if (symbols > 256) return false;
    at += 17 + symbols;
  }
  return p.length > 0 && at === p.length;
}

function readFrame(p: Uint8Array): Frame | null {
  if (p.length < 6) return null;
  const components = p[5]!;
  if (components < 1 || p.length !== 6 + 3 * components) return null;
  const frame = { height: u16be(p, 1), width: u16be(p, 3) };
  // A height of 0 defers to a DNL segment after the first scan; no browser photo does that.
  return frame.width > 0 && frame.height > 0 ? frame : null;
}

/** End of a scan's entropy-coded data: the first 0xFF that starts a marker other than RSTn (-1: none). */
function scanEnd(b: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    const ff = b.indexOf(0xff, at);
    if (ff < 0) return -1;
    let next = ff + 1;
    while (next < b.length && b[next] === 0xff) next++; // fill bytes
    if (next >= b.length) return -1;
    if (b[next] !== 0x00 && !isRst(b[next]!)) return ff;
    at = next + 1;
  }
}

export function cleanJpeg(b: Uint8Array): CleanResult {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== SOI) return refuse('JPEG: no SOI');
  const kept: Uint8Array[] = [];
  let jfif: Uint8Array | null = null;
  let adobe = false;
  let orientation: Orientation = 1;
  let exifSeen = false;
  let frame: Frame | null = null;
  let scans = 0;
  let i = 2;
  // Each turn moves i forward by at least one byte, so the walk ends within b.length turns.
  for (;;) {
    if (i >= b.length) return refuse('JPEG: no EOI');
    if (b[i] !== 0xff) return refuse(`JPEG: byte 0x${b[i]!.toString(16)} at ${i} where a marker should be`);
    let m = i + 1;
    while (m < b.length && b[m] === 0xff) m++; // fill bytes, dropped
    if (m >= b.length) return refuse('JPEG: cut in a marker');
    const marker = b[m]!;
    if (marker === EOI) {
      if (!frame || scans === 0) return refuse('JPEG: EOI before any scan');
      // Anything after the first EOI (the other images of an MPO, a trailer) is dropped.
      const head = [b.subarray(0, 2), ...(jfif ? [jfif] : []), ...(orientation !== 1 ? [orientationApp1(orientation)] : [])];
      const bytes = concatBytes([...head, ...kept, b.subarray(m - 1, m + 1)]);
      return { bytes, width: frame.width, height: frame.height, orientation };
    }
    if (marker === TEM) {
      i = m + 1;
      continue;
    }
    if (!(SOF.has(marker) || isSkippable(marker) || [DHT, DAC, DQT, DRI, DNL, SOS].includes(marker)))
      return refuse(`JPEG: marker 0x${marker.toString(16)} at ${m - 1}`);
    if (m + 3 > b.length) return refuse('JPEG: cut in a segment length');
    const length = u16be(b, m + 1);
    const end = m + 1 + length;
    if (length < 2 || end > b.length) return refuse(`JPEG: segment 0x${marker.toString(16)} at ${m - 1} runs past the end`);
    const segment = b.subarray(m - 1, end);
    const p = b.subarray(m + 3, end);
    i = end;

    if (SOF.has(marker)) {
      if (frame) return refuse('JPEG: a second frame header');
      frame = readFrame(p);
      if (!frame) return refuse('JPEG: bad frame header');
      kept.push(segment);
    } else if (marker === DQT) {
      if (!validDqt(p)) return refuse('JPEG: bad DQT');
      kept.push(segment);
    } else if (marker === DHT) {
      if (!validDht(p)) return refuse('JPEG: bad DHT');
      kept.push(segment);
    } else if (marker === DRI || marker === DNL || marker === DAC) {
      if (marker === DAC ? p.length % 2 !== 0 : p.length !== 2) return refuse('JPEG: bad DRI, DNL or DAC');
      kept.push(segment);
    } else if (marker === SOS) {
      const components = p[0] ?? 0;
      if (!frame || components < 1 || components > 4 || p.length !== 1 + 2 * components + 3) return refuse('JPEG: bad scan header');
      const dataEnd = scanEnd(b, end);
      if (dataEnd < 0) return refuse('JPEG: a scan runs to the end of the file');
      kept.push(segment, b.subarray(end, dataEnd));
      scans += 1;
      i = dataEnd;
    } else if (marker === APP0 && !jfif && p.length >= 14 && startsWithText(p, 0, 'JFIF\0')) {
      // Version, units and density; the thumbnail (its size and pixels) is dropped.
      jfif = concatBytes([new Uint8Array([0xff, APP0, 0x00, 0x10]), p.subarray(0, 12), new Uint8Array([0, 0])]);
    } else if (marker === APP1 && !exifSeen && scans === 0 && startsWithText(p, 0, EXIF_HEADER)) {
      // Browsers read the orientation of the first EXIF block before the first scan: so does this.
      exifSeen = true;
      orientation = readOrientation(p.subarray(EXIF_HEADER.length));
    } else if (marker === APP2 && scans === 0 && p.length > 14 && startsWithText(p, 0, 'ICC_PROFILE\0')) {
      kept.push(segment); // the colour profile: without it a wide-gamut photo looks washed out
    } else if (marker === APP14 && !adobe && p.length >= 12 && startsWithText(p, 0, 'Adobe')) {
      // Version, flags and the colour transform (needed for CMYK and RGB JPEGs), nothing more.
      adobe = true;
      kept.push(concatBytes([new Uint8Array([0xff, APP14, 0x00, 0x0e]), p.subarray(0, 12)]));
    }
    // Any other APPn, JPGn or COM segment is dropped.
  }
}
