import { compileTexts, concatBytes, firstTextAt, textAt, type TextSearch } from './bytes';

/**
 * The part-by-part walk of a video's container (ADR 0011). A video goes up in parts of a fixed
 * size; each part is rewritten before it is stored, and nothing stored is ever read back. So the
 * walk is a state machine over file positions: a part continues the walk where the previous one
 * left it (the state is a small JSON kept in D1 between the requests), and every decision about
 * a box is taken when its header is read.
 *
 * - Containers the location may live in are walked with an allow-list of children (mp4-boxes.ts,
 *   webm-elements.ts); anything else is neutralised: its header becomes a padding box of the
 *   same size ('free' in MP4, Void in WebM) and its payload zeros. Sizes and offsets stay as they
 *   were, so sample tables (stco/co64) and cue points still point at the same bytes.
 * - A header read near the end of a part may continue in the next one. Each part's request
 *   therefore carries the first LOOKAHEAD bytes of the next part too (not stored with it; the next
 *   part must start with exactly them), so every header that starts in a part is read whole, and
 *   the rewrite of its bytes that fall in the next part waits in the state (patches, zeros).
 * - Media payloads (mdat, clusters' blocks) are skipped by their sizes, not read. Everything else
 *   is searched for location signatures as a last look, with a short carry-over across parts.
 *
 * Cost (issue 30, ADR 0011): one pass over the part, O(part + elements) time and O(1) memory
 * besides the part. Nothing is recorded per element: a rewrite is applied to the part the moment
 * it is decided (only the one that reaches into the next part waits in the state), and the bytes
 * between media payloads are searched as the walk passes them, with search tables built once. A
 * part of more than MAX_WALK_ELEMENTS elements is refused.
 */

/** Bytes of the next part that a part's request carries after its own: every header fits in them. */
export const LOOKAHEAD = 64;

/**
 * Elements (boxes, EBML elements) one part may hold. A 10 MiB part of a real recording holds a
 * few thousand (WebM blocks of kilobytes; an MP4's boxes are fewer still); this many means
 * elements of about 40 bytes on average, which no camera or browser writes.
 */
export const MAX_WALK_ELEMENTS = 250_000;

export interface Header {
  /** Box type (MP4, the four bytes as a big-endian number) or element ID (WebM, marker bits kept). */
  id: number;
  headerLength: number;
  /** Header plus payload; null for a WebM element of unknown size. */
  size: number | null;
}

export type Action =
  /** Skip the payload, search it. */
  | { do: 'keep' }
  /** Skip the payload, do not search it (coded media). */
  | { do: 'media' }
  /** Walk the children with this kind's rules, from `skip` bytes after the header (a FullBox's fields). */
  | { do: 'descend'; kind: string; skip?: number }
  /** Replace by padding of the same size. */
  | { do: 'neutralise' }
  /** WebM: this element ends the open container of unknown size; read it again at the parent's level. */
  | { do: 'close' }
  | { do: 'refuse'; why: RefusalKind; reason: string };

export type RefusalKind = 'unreadable' | 'telemetry' | 'location' | 'crowded' | 'mismatch';

/** The actions without fields, allocated once (decide() runs for every element). */
export const KEEP: Action = { do: 'keep' };
export const MEDIA: Action = { do: 'media' };
export const NEUTRALISE: Action = { do: 'neutralise' };
export const CLOSE: Action = { do: 'close' };

/** readHeader's answers besides a header read. */
export const SHORT = 1;
export const BAD = 2;

export interface ContainerFormat {
  rootKind: string;
  /**
   * Reads the header at b[at] in a `kind` container with `room` bytes left into `h` (one object
   * for the whole walk: this runs for every element). b holds at least LOOKAHEAD bytes from `at`
   * (fewer only at the end of the file). 0, or SHORT when the file ends inside it, or BAD.
   */
  readHeader(b: Uint8Array, at: number, kind: string, room: number, h: Header): number;
  /** What to do with a child of a `kind` container whose header is at b[at], at file position `start`. */
  decide(kind: string, h: Header, b: Uint8Array, at: number, start: number): Action;
  /**
   * The header of the padding that replaces the box whose header is at b[at]: written into `out`
   * (16 bytes of room); answers its length. The rest of the box becomes zeros.
   */
  padding(h: Header, b: Uint8Array, at: number, out: Uint8Array): number;
  /** Why a walk that reached the end of the file is not a whole video, or null. */
  incomplete(seen: readonly string[]): string | null;
  /** Signatures refused wherever they are, media payloads included: GPS telemetry written as blocks in the file. */
  telemetry?: TextSearch;
}

interface Open {
  end: number;
  kind: string;
  /** A WebM element of unknown size: it also ends where a parent-level element starts. */
  open?: boolean;
}

export interface WalkState {
  /** Where the next header at the innermost open level starts. */
  next: number;
  stack: Open[];
  /** Ranges still to zero and header bytes still to write (they reach into later parts). */
  zero: [number, number][];
  patches: [number, string][];
  /** Media payload still to skip in the search. */
  media: [number, number][];
  /** The searched tail of the previous part, when the searched bytes run on into this one (hex). */
  carry: string;
  /** The previous part's last bytes, for telemetry signatures that straddle the parts (hex; absent in states of older walks). */
  carryAll?: string;
  /** What the previous request carried after its part: this part must start with it (hex). */
  lookahead: string;
  /** Containers met (moov, a WebM Segment), for the final check. */
  seen: string[];
}

export type WalkRefusal = { refused: RefusalKind; reason: string };
export const isWalkRefusal = (r: unknown): r is WalkRefusal => typeof r === 'object' && r !== null && 'refused' in r;

export function initialWalkState(): WalkState {
  return { next: 0, stack: [], zero: [], patches: [], media: [], carry: '', carryAll: '', lookahead: '', seen: [] };
}

/**
 * Location signatures searched outside media payloads: Apple's location key, XMP (which carries
 * GPS), EXIF GPS tag names as text, and Matroska's location tag names. Long enough that the sample
 * tables and headers left do not spell them by chance.
 */
const SIGNATURES = compileTexts([
  'com.apple.quicktime.location',
  'ISO6709',
  'http://ns.adobe.com/',
  'adobe:ns:meta',
  'GPSLatitude',
  'GPSLongitude',
  'GPSCoordinates',
  '_LOCATION',
]);
const CARRY = SIGNATURES.longest - 1;

const toHex = (b: Uint8Array) => Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length / 2);
  for (let k = 0; k < out.length; k++) out[k] = parseInt(h.slice(k * 2, k * 2 + 2), 16);
  return out;
}

const refuse = (refused: RefusalKind, reason: string): WalkRefusal => ({ refused, reason });

const NO_BYTES = new Uint8Array(0);

/**
 * The first hit of `search` in b[from, to), with `head` (the previous part's searched tail) in
 * front of it: hits that begin in the head are found in a copy of the head and the first bytes.
 */
function firstHit(search: TextSearch, b: Uint8Array, from: number, to: number, head: Uint8Array) {
  if (head.length) {
    const joined = concatBytes([head, b.subarray(from, Math.min(to, from + search.longest - 1))]);
    const at = firstTextAt(search, joined);
    if (at >= 0) return { text: textAt(search, joined, at), at: at - head.length };
  }
  const at = firstTextAt(search, b, from, to);
  return at >= 0 ? { text: textAt(search, b, at), at: at - from } : null;
}

/** The last `n` bytes of head followed by b[from, to) (a carry-over for the next part). */
function tailOf(head: Uint8Array, b: Uint8Array, from: number, to: number, n: number): string {
  const own = b.subarray(Math.max(from, to - n), to);
  return toHex(own.length >= n ? own : concatBytes([head.subarray(Math.max(0, head.length - (n - own.length))), own]));
}

/**
 * Walks one part: `part` holds the file's bytes [offset, offset + part.length), `lookahead` the
 * bytes right after it (empty for the last part), `total` the file's size. Rewrites `part` in
 * place and answers the state for the next part, or why the file is refused.
 */
export function walkPart(
  format: ContainerFormat,
  state: WalkState,
  part: Uint8Array,
  offset: number,
  lookahead: Uint8Array,
  total: number,
  maxElements = MAX_WALK_ELEMENTS,
): { state: WalkState } | WalkRefusal {
  const s = offset;
  const e = offset + part.length;
  const expected = fromHex(state.lookahead);
  for (let k = 0; k < expected.length && k < part.length; k++) {
    if (part[k] !== expected[k]) return refuse('mismatch', `part at ${s} does not start with the bytes its previous part announced`);
  }
  if (state.next < s) return refuse('mismatch', `the walk stopped at ${state.next}, before this part`);

  // Rewrites of earlier parts' boxes that reach into this one: zeros, then the padding headers.
  const zero: [number, number][] = [];
  const patches: [number, string][] = [];
  const zeroRange = (a: number, b: number) => {
    if (a >= b) return;
    const from = Math.max(a, s) - s;
    const to = Math.min(b, e) - s;
    // A loop for the few bytes of a small box (fill() costs more to call than that).
    if (to - from > 64) part.fill(0, from, to);
    else for (let k = from; k < to; k++) part[k] = 0;
    if (b > e) zero.push([Math.max(a, e), b]);
  };
  const patch = (at: number, bytes: Uint8Array, length: number) => {
    for (let k = 0; k < length; k++) if (at + k >= s && at + k < e) part[at + k - s] = bytes[k]!;
    if (at + length > e) patches.push([Math.max(at, e), toHex(bytes.subarray(Math.max(0, e - at), length))]);
  };
  for (const [a, b] of state.zero) zeroRange(a, b);
  for (const [at, hex] of state.patches) {
    const bytes = fromHex(hex);
    patch(at, bytes, bytes.length);
  }

  // The last look, as the walk goes: the bytes from `searchFrom` up to the next media payload are
  // searched when the walk reaches that payload (every rewrite before it is applied by then).
  const carried = fromHex(state.carry);
  let searchFrom = s;
  let carry = '';
  /** Searches up to `to`; a refusal when a signature is found. */
  const searchUpTo = (to: number): WalkRefusal | null => {
    const end = Math.min(to, e);
    if (end <= searchFrom) return null;
    const head = searchFrom === s ? carried : NO_BYTES;
    const found = firstHit(SIGNATURES, part, searchFrom - s, end - s, head);
    if (found) return refuse('location', `signature ${JSON.stringify(found.text)} at ${searchFrom + found.at}`);
    if (end === e) carry = tailOf(head, part, searchFrom - s, end - s, CARRY);
    searchFrom = end;
    return null;
  };
  const media: [number, number][] = [];
  const skipMedia = (a: number, b: number): WalkRefusal | null => {
    const hit = searchUpTo(a);
    searchFrom = Math.max(searchFrom, Math.min(b, e));
    if (b > e) media.push([Math.max(a, e), b]);
    return hit;
  };
  for (const [a, b] of state.media) {
    const hit = skipMedia(a, b);
    if (hit) return hit;
  }

  const stack = state.stack.map((o) => ({ ...o }));
  const seen = [...state.seen];
  const pad = new Uint8Array(16);
  const h: Header = { id: 0, headerLength: 0, size: null };
  let next = state.next;
  let elements = 0;

  for (;;) {
    // Close the containers that end here.
    while (stack.length && next >= stack[stack.length - 1]!.end) {
      if (next > stack[stack.length - 1]!.end) return refuse('unreadable', `a box at ${next} runs past its parent`);
      stack.pop();
    }
    if (next >= e || next >= total) break;
    if (++elements > maxElements) return refuse('crowded', `more than ${maxElements} elements in the part at ${s}`);
    const parent = stack[stack.length - 1];
    const parentEnd = parent ? parent.end : total;
    const kind = parent ? parent.kind : format.rootKind;
    // A header near the end of the part reads on into the lookahead (at most LOOKAHEAD bytes).
    let b = part;
    let at = next - s;
    if (at + LOOKAHEAD > part.length) {
      b = concatBytes([part.subarray(at), lookahead.subarray(0, at + LOOKAHEAD - part.length)]);
      at = 0;
    }
    const read = format.readHeader(b, at, kind, parentEnd - next, h);
    if (read === SHORT) return refuse('unreadable', `the file ends inside a header at ${next}`);
    if (read === BAD) return refuse('unreadable', `a malformed header at ${next}`);
    const action = format.decide(kind, h, b, at, next);
    if (action.do === 'refuse') return refuse(action.why, action.reason);
    if (action.do === 'close') {
      if (!parent?.open) return refuse('unreadable', `an element at ${next} out of place`);
      parent.end = next;
      continue;
    }
    if (next + h.headerLength > parentEnd) return refuse('unreadable', `a header at ${next} runs past its parent`);
    if (action.do === 'descend') {
      // An element of unknown size (a WebM Segment or Cluster) runs to its parent's end or to
      // the first element that belongs to the parent's level.
      const end = h.size === null ? parentEnd : next + h.size;
      if (h.size !== null && (h.size < h.headerLength + (action.skip ?? 0) || end > parentEnd))
        return refuse('unreadable', `a box at ${next} runs past its parent`);
      stack.push(h.size === null ? { end, kind: action.kind, open: true } : { end, kind: action.kind });
      if (!seen.includes(action.kind)) seen.push(action.kind);
      next += h.headerLength + (action.skip ?? 0);
    } else {
      if (h.size === null) return refuse('unreadable', `an element of unknown size at ${next} that cannot be walked`);
      const end = next + h.size;
      if (h.size < h.headerLength || end > parentEnd) return refuse('unreadable', `a box at ${next} runs past its parent`);
      if (action.do === 'media') {
        const hit = skipMedia(next + h.headerLength, end);
        if (hit) return hit;
      }
      if (action.do === 'neutralise') {
        const length = format.padding(h, b, at, pad);
        patch(next, pad, length);
        zeroRange(next + length, end);
      }
      next = end;
    }
  }
  const hit = searchUpTo(e);
  if (hit) return hit;

  // Telemetry blocks are refused wherever they are, media payloads included (one more pass).
  let carryAll = '';
  if (format.telemetry) {
    const head = fromHex(state.carryAll ?? '');
    const found = firstHit(format.telemetry, part, 0, part.length, head);
    if (found) return refuse('telemetry', `a ${JSON.stringify(found.text)} block at ${s + found.at}`);
    carryAll = tailOf(head, part, 0, part.length, format.telemetry.longest - 1);
  }

  return { state: { next, stack, zero, patches, media, carry, carryAll, lookahead: toHex(lookahead), seen } };
}

/** After the last part: the walk must have reached the end of the file with nothing left open. */
export function finishWalk(format: ContainerFormat, state: WalkState, total: number): WalkRefusal | null {
  if (state.next !== total) return refuse('unreadable', `the walk ended at ${state.next} of ${total}`);
  if (state.stack.some((o) => o.end !== total)) return refuse('unreadable', 'a container is not closed');
  if (state.zero.length || state.patches.length) return refuse('unreadable', 'a rewrite runs past the end');
  const why = format.incomplete(state.seen);
  return why ? refuse('unreadable', why) : null;
}
