import { ascii, concatBytes, startsWithText, u16le, u24le, u32le } from './bytes';
import { refuse, type CleanResult, type Refusal } from './cleaned-image';

/**
 * Rebuilds a WebP's RIFF container from the chunks a decoder needs: the image chunk alone for the
 * simple formats (VP8, VP8L), and VP8X, ICCP, ANIM, ANMF (its frame rebuilt the same way), ALPH,
 * VP8 and VP8L for the extended one, with VP8X's EXIF and XMP flags cleared and the RIFF size
 * recomputed. EXIF, XMP and unknown chunks are dropped, and so is anything after the RIFF data.
 * Sizes that run past their container are refused.
 *
 * EXIF orientation is not kept: browsers do not apply it to WebP, so dropping it shows the image
 * as it showed before.
 */

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
const IMAGE = new Set(['VP8 ', 'VP8L']);
const EXTENDED_KEPT = new Set(['ICCP', 'ANIM', 'ALPH', 'VP8 ', 'VP8L']);
const FRAME_KEPT = new Set(['ALPH', 'VP8 ', 'VP8L']);

interface Chunk {
  fourcc: string;
  data: Uint8Array;
  /** The chunk with its header and pad byte. */
  whole: Uint8Array;
}

function readChunks(b: Uint8Array, from: number, to: number): Chunk[] | Refusal {
  const out: Chunk[] = [];
  let i = from;
  // Each turn moves i forward by at least 8 bytes.
  while (i < to) {
    if (i + 8 > to) return refuse(`WebP: cut in a chunk header at ${i}`);
    for (let k = 0; k < 4; k++) if (b[i + k]! < 0x20 || b[i + k]! > 0x7e) return refuse(`WebP: bad chunk name at ${i}`);
    const size = u32le(b, i + 4);
    const end = i + 8 + size + (size % 2);
    if (end > to) return refuse(`WebP: chunk at ${i} runs past its container`);
    out.push({ fourcc: ascii(b, i, 4), data: b.subarray(i + 8, i + 8 + size), whole: b.subarray(i, end) });
    i = end;
  }
  return out;
}

function chunk(fourcc: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length % 2));
  for (let k = 0; k < 4; k++) out[k] = fourcc.charCodeAt(k);
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

function imageSize(c: Chunk): { width: number; height: number } | null {
  const d = c.data;
  if (c.fourcc === 'VP8 ') {
    // A key frame: frame tag (bit 0 clear), start code 9D 01 2A, 14-bit width and height.
    if (d.length < 10 || d[0]! & 1 || d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) return null;
    return { width: u16le(d, 6) & 0x3fff, height: u16le(d, 8) & 0x3fff };
  }
  // VP8L: signature 0x2F, then 14-bit width-1 and height-1, alpha bit, 3-bit version 0.
  if (d.length < 5 || d[0] !== 0x2f) return null;
  const bits = u32le(d, 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

/** An ANMF chunk with only the image chunks of its frame kept. */
function cleanFrame(c: Chunk): Uint8Array | Refusal {
  if (c.data.length < 16) return refuse('WebP: short ANMF');
  const inner = readChunks(c.data, 16, c.data.length);
  if ('refused' in inner) return inner;
  const kept = inner.filter((f) => FRAME_KEPT.has(f.fourcc));
  if (!kept.some((f) => IMAGE.has(f.fourcc))) return refuse('WebP: a frame without an image');
  return chunk('ANMF', concatBytes([c.data.subarray(0, 16), ...kept.map((f) => f.whole)]));
}

export function cleanWebp(b: Uint8Array): CleanResult {
  if (b.length < 20 || !startsWithText(b, 0, 'RIFF') || !startsWithText(b, 8, 'WEBP')) return refuse('WebP: no RIFF header');
  const riffSize = u32le(b, 4);
  if (riffSize % 2 || 8 + riffSize > b.length) return refuse('WebP: RIFF size runs past the end');
  // Bytes after the RIFF data (8 + riffSize) are dropped.
  const chunks = readChunks(b, 12, 8 + riffSize);
  if ('refused' in chunks) return chunks;
  const first = chunks[0];
  if (!first) return refuse('WebP: no chunks');
  let kept: Uint8Array[];
  let size: { width: number; height: number } | null;
  if (IMAGE.has(first.fourcc)) {
    // Simple format: the image chunk is the whole file; anything after it is not read by decoders.
    size = imageSize(first);
    kept = [first.whole];
  } else if (first.fourcc === 'VP8X' && first.data.length === 10) {
    const vp8x = first.data.slice();
    vp8x[0] = vp8x[0]! & ~(VP8X_EXIF | VP8X_XMP);
    size = { width: 1 + u24le(vp8x, 4), height: 1 + u24le(vp8x, 7) };
    kept = [chunk('VP8X', vp8x)];
    let image = false;
    let icc = false;
    for (const c of chunks.slice(1)) {
      if (c.fourcc === 'ANMF') {
        const frame = cleanFrame(c);
        if ('refused' in frame) return frame;
        kept.push(frame);
        image = true;
      } else if (EXTENDED_KEPT.has(c.fourcc) && !(c.fourcc === 'ICCP' && icc)) {
        if (IMAGE.has(c.fourcc)) {
          if (!imageSize(c)) return refuse('WebP: bad image chunk');
          image = true;
        }
        if (c.fourcc === 'ICCP') icc = true;
        kept.push(c.whole);
      }
      // EXIF, XMP and unknown chunks are dropped.
    }
    if (!image) return refuse('WebP: no image chunk');
  } else {
    return refuse(`WebP: unknown first chunk ${first.fourcc}`);
  }
  if (!size || size.width < 1 || size.height < 1) return refuse('WebP: bad image size');
  const body = concatBytes(kept);
  const head = new Uint8Array(12);
  head.set(b.subarray(0, 4));
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  head.set(b.subarray(8, 12), 8);
  return { bytes: concatBytes([head, body]), ...size, orientation: 1 };
}
