import { ascii, startsWithText, u32be } from './bytes';

/**
 * A video's type by its first bytes (never by its name or declared Content-Type): MP4 by an ftyp
 * box with a brand of the MP4 family, WebM by an EBML header whose DocType is "webm". ADR 0011.
 */

export type VideoMime = 'video/mp4' | 'video/webm';

export const VIDEO_EXTENSION: Record<VideoMime, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

/**
 * ISO base media brands of MP4 video (and QuickTime's, which phones record and browsers play when
 * the codecs are H.264/AAC). HEIF and AVIF images (mif1, heic, avif) are not among them, and a file
 * without a movie box is refused at the end anyway.
 */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'MSNV', 'qt  ']);

function isMp4(b: Uint8Array): boolean {
  if (b.length < 16 || !startsWithText(b, 4, 'ftyp')) return false;
  const size = u32be(b, 0);
  if (size < 16 || size > 4096 || size > b.length || size % 4 !== 0) return false;
  // The major brand, then the compatible brands after the minor version.
  if (MP4_BRANDS.has(ascii(b, 8, 4))) return true;
  for (let at = 16; at + 4 <= size; at += 4) if (MP4_BRANDS.has(ascii(b, at, 4))) return true;
  return false;
}

/** An EBML variable-length integer at `at`: its length and value (marker bit removed); null if malformed. */
export function readVint(b: Uint8Array, at: number, maxLength: number): { length: number; value: number; unknown: boolean } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > maxLength || at + length > b.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let k = 1; k < length; k++) {
    const byte = b[at + k]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  // All value bits set means "unknown size" (a live recording's Segment and Clusters).
  if (allOnes) return { length, value: 0, unknown: true };
  if (value > Number.MAX_SAFE_INTEGER) return null;
  return { length, value, unknown: false };
}

/** An EBML element ID (1 to 4 bytes, marker kept) as upper-case hex, and its length. */
export function readEbmlId(b: Uint8Array, at: number): { id: string; length: number } | null {
  const first = b[at];
  if (first === undefined || first < 0x10) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return null;
  let id = '';
  for (let k = 0; k < length; k++) id += b[at + k]!.toString(16).padStart(2, '0');
  return { id: id.toUpperCase(), length };
}

const EBML_HEADER_ID = '1A45DFA3';
const DOCTYPE_ID = '4282';

function isWebm(b: Uint8Array): boolean {
  const head = readEbmlId(b, 0);
  if (head?.id !== EBML_HEADER_ID) return false;
  const size = readVint(b, head.length, 8);
  if (!size || size.unknown) return false;
  const start = head.length + size.length;
  const end = start + size.value;
  if (end > b.length) return false;
  for (let at = start; at < end;) {
    const id = readEbmlId(b, at);
    if (!id) return false;
    const len = readVint(b, at + id.length, 8);
    if (!len || len.unknown) return false;
    const body = at + id.length + len.length;
    if (body + len.value > end) return false;
    if (id.id === DOCTYPE_ID) return ascii(b, body, len.value).replace(/\0+$/, '') === 'webm';
    at = body + len.value;
  }
  return false;
}

/** MP4 or WebM by the first bytes (the first part of an upload); null for anything else. */
export function sniffVideoType(b: Uint8Array): VideoMime | null {
  if (isMp4(b)) return 'video/mp4';
  if (isWebm(b)) return 'video/webm';
  return null;
}
