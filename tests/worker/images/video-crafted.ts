// Crafted first parts of a video upload (issue 30): a full part of VIDEO_PART_BYTES plus the
// lookahead, shaped to cost the part-by-part walk as much as possible (the tiniest elements, in
// the walk's every branch), and ordinary parts of the same size to compare them with. Shared by
// tests/worker/images/video-budget.test.ts and the bench (scripts/bench/videos.ts); pure, no
// Worker imports.

export const PART_BYTES = 10 * 1024 * 1024;
const LOOKAHEAD = 64;
/** The upload's declared size: two parts, so part 1 is a full part followed by its lookahead. */
export const CRAFTED_FILE_BYTES = 2 * PART_BYTES;

export interface CraftedPart {
  name: string;
  type: 'video/mp4' | 'video/webm';
  /** Part 1's request body: the part and the lookahead. */
  body: Uint8Array<ArrayBuffer>;
}

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const hex = (h: string) => Uint8Array.from(h.match(/../g)!, (x) => parseInt(x, 16));
const u32 = (n: number) => Uint8Array.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** A pseudo-random byte stream (media payload that looks like coded video). */
function noise(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 255;
  }
  return out;
}

/** `head`, then `unit` repeated to fill the part and its lookahead. */
function filled(head: Uint8Array, unit: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(PART_BYTES + LOOKAHEAD);
  out.set(head);
  let at = head.length;
  out.set(unit.subarray(0, Math.min(unit.length, out.length - at)), at);
  at += unit.length;
  // Doubling copies: a few dozen set() calls whatever the unit's size.
  let have = unit.length;
  while (at < out.length) {
    const n = Math.min(have, out.length - at);
    out.copyWithin(at, head.length, head.length + n);
    at += n;
    have *= 2;
  }
  return out;
}

// ---------------------------------------------------------------- WebM

const EBML_HEADER = hex('1A45DFA3' + '9F' + '4286810142F7810142F2810442F381084282847765626D42878104428581' + '02');
/** EBML header, a Segment of unknown size, a Cluster of unknown size (MediaRecorder's shape). */
const WEBM_LIVE = new Uint8Array([...EBML_HEADER, ...hex('1853806701FFFFFFFFFFFFFF'), ...hex('1F43B67501FFFFFFFFFFFFFF')]);
const WEBM_SEGMENT = new Uint8Array([...EBML_HEADER, ...hex('1853806701FFFFFFFFFFFFFF')]);

/** A SimpleBlock of `payload` bytes (track 1, timecode, keyframe flag, then the frame). */
function simpleBlock(payload: number, seed: number): Uint8Array {
  const frame = noise(payload, seed);
  const body = new Uint8Array(4 + frame.length);
  body.set([0x81, 0x00, 0x00, 0x80]);
  body.set(frame, 4);
  // An 8-byte size.
  const size = new Uint8Array(8);
  let v = body.length;
  for (let k = 7; k >= 0; k--) {
    size[k] = v & 255;
    v = Math.floor(v / 256);
  }
  size[0]! |= 0x01;
  return new Uint8Array([0xa3, ...size, ...body]);
}

/** MediaRecorder-like: blocks of about 20 KB in an unknown-size Cluster. */
export function ordinaryWebm(): CraftedPart {
  const blocks: Uint8Array[] = [];
  for (let i = 0; i < 8; i++) blocks.push(simpleBlock(20_000 + i * 997, i + 7));
  let n = 0;
  for (const b of blocks) n += b.length;
  const unit = new Uint8Array(n);
  let at = 0;
  for (const b of blocks) {
    unit.set(b, at);
    at += b.length;
  }
  return { name: 'WebM, 20 KB blocks (ordinary)', type: 'video/webm', body: filled(WEBM_LIVE, unit) };
}

// ---------------------------------------------------------------- MP4

const FTYP = new Uint8Array([...u32(24), ...latin1('ftypisom'), ...u32(0x200), ...latin1('isomavc1')]);

/** ftyp, then an mdat running past the part: nothing but coded media. */
export function ordinaryMp4(): CraftedPart {
  const mdat = new Uint8Array([...u32(CRAFTED_FILE_BYTES - FTYP.length), ...latin1('mdat')]);
  const body = new Uint8Array(PART_BYTES + LOOKAHEAD);
  body.set(FTYP);
  body.set(mdat, FTYP.length);
  body.set(noise(body.length - FTYP.length - 8, 3), FTYP.length + 8);
  return { name: 'MP4, mdat (ordinary)', type: 'video/mp4', body };
}

/** A box header of `size` bytes of type `type` (the payload follows). */
const boxHeader = (size: number, type: string) => new Uint8Array([...u32(size), ...latin1(type)]);

/** moov → trak → mdia → minf → stbl, each running to the end of the file, then the walk is in stbl. */
function mp4InStbl(): Uint8Array {
  const parts: Uint8Array[] = [FTYP];
  let size = CRAFTED_FILE_BYTES - FTYP.length;
  for (const type of ['moov', 'trak', 'mdia', 'minf', 'stbl']) {
    parts.push(boxHeader(size, type));
    size -= 8;
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const mp4InMoov = () => new Uint8Array([...FTYP, ...boxHeader(CRAFTED_FILE_BYTES - FTYP.length, 'moov')]);

// ---------------------------------------------------------------- the worst shapes

/**
 * Parts of the smallest elements in each branch of the walk (issue 30's and others): each
 * element read, decided and (kept ones) searched; neutralised ones rewritten.
 */
export function craftedParts(): CraftedPart[] {
  return [
    // The review's: SimpleBlock A3 81 00 and Timestamp E7 81 00, alternating (media, searched, media…).
    { name: 'WebM, alternating 3-byte SimpleBlock and Timestamp', type: 'video/webm', body: filled(WEBM_LIVE, hex('A38100E78100')) },
    // 3-byte elements of an ID the Cluster does not know: each becomes a Void.
    { name: 'WebM, 3-byte unknown elements (each padded)', type: 'video/webm', body: filled(WEBM_LIVE, hex('C08100')) },
    // 2-byte elements (an empty Timestamp): the most headers per byte.
    { name: 'WebM, 2-byte Timestamps', type: 'video/webm', body: filled(WEBM_LIVE, hex('E780')) },
    // Clusters of unknown size, each ended by the next: a descend and a close per 12 bytes.
    {
      name: 'WebM, empty Clusters of unknown size',
      type: 'video/webm',
      body: filled(WEBM_SEGMENT, hex('1F43B67501FFFFFFFFFFFFFF')),
    },
    // One Void of the whole part whose bytes keep the signature search busiest.
    {
      name: 'WebM, one Void of near-signatures',
      type: 'video/webm',
      body: filled(
        new Uint8Array([...WEBM_SEGMENT, ...hex('EC01000000'), ...u32(CRAFTED_FILE_BYTES - WEBM_SEGMENT.length - 9)]),
        latin1('_LOGPSLcom.ISO6GPSL'),
      ),
    },
    // The review's MP4: 8-byte boxes of an unknown type in the movie box, each turned into free.
    { name: 'MP4, 8-byte unknown boxes (each padded)', type: 'video/mp4', body: filled(mp4InMoov(), boxHeader(8, 'zzzz')) },
    // 8-byte sample-table boxes the allow-list keeps, deepest in the tree.
    { name: 'MP4, 8-byte kept boxes in stbl', type: 'video/mp4', body: filled(mp4InStbl(), boxHeader(8, 'stts')) },
    // 8-byte free boxes at the top level (the review's harmless comparison).
    { name: 'MP4, 8-byte free boxes', type: 'video/mp4', body: filled(FTYP, boxHeader(8, 'free')) },
    // An mdat full of what starts Novatek's GPS blocks, for the search of the media.
    {
      name: 'MP4, mdat of near-freeGPS',
      type: 'video/mp4',
      body: filled(new Uint8Array([...FTYP, ...boxHeader(CRAFTED_FILE_BYTES - FTYP.length, 'mdat')]), latin1('freefreGPfreeGP')),
    },
  ];
}

/**
 * Parts just under the walk's count of elements a part may hold: as many small elements as it
 * accepts, so the walk goes through the whole part (craftedParts() mostly stops at the count).
 */
export function craftedPartsUnderTheCount(maxElements: number): CraftedPart[] {
  // Elements of the size that makes the part hold fewer than maxElements of them (with room to spare).
  const size = Math.ceil(PART_BYTES / (maxElements - 1000));
  const timestamp = new Uint8Array(size);
  timestamp.set([0xe7, 0x80 | (size - 2)]); // size < 128: a 1-byte EBML size
  const sttsBox = new Uint8Array(size);
  sttsBox.set(boxHeader(size, 'stts'));
  const unknownEl = new Uint8Array(size);
  unknownEl.set([0xc0, 0x80 | (size - 2)]);
  const block = new Uint8Array(size);
  block.set([0xa3, 0x80 | (size - 2)]);
  const alternating = new Uint8Array([...timestamp, ...block]);
  return [
    { name: `WebM, ${size}-byte Timestamps`, type: 'video/webm', body: filled(WEBM_LIVE, timestamp) },
    { name: `WebM, ${size}-byte unknown elements (each padded)`, type: 'video/webm', body: filled(WEBM_LIVE, unknownEl) },
    { name: `WebM, alternating ${size}-byte SimpleBlock and Timestamp`, type: 'video/webm', body: filled(WEBM_LIVE, alternating) },
    { name: `MP4, ${size}-byte kept boxes in stbl`, type: 'video/mp4', body: filled(mp4InStbl(), sttsBox) },
    {
      name: `MP4, ${size}-byte unknown boxes (each padded)`,
      type: 'video/mp4',
      body: filled(mp4InMoov(), new Uint8Array([...boxHeader(size, 'zzzz'), ...new Uint8Array(size - 8)])),
    },
  ];
}
