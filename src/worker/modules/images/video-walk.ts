import { concatBytes, findTexts } from './bytes';

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
 */

/** Bytes of the next part that a part's request carries after its own: every header fits in them. */
export const LOOKAHEAD = 64;

export interface Header {
  /** Box type (MP4) or element ID in hex (WebM). */
  id: string;
  headerLength: number;
  /** Header plus payload; null for a WebM element of unknown size. */
  size: number | null;
}

export type Action =
  /** Skip the payload, search it. */
  | { do: 'keep' }
  /** Skip the payload, do not search it (coded media). */
  | { do: 'media' }
  /** Walk the children with this kind's rules. */
  | { do: 'descend'; kind: string }
  /** Replace by padding of the same size. */
  | { do: 'neutralise' }
  /** WebM: this element ends the open container of unknown size; read it again at the parent's level. */
  | { do: 'close' }
  | { do: 'refuse'; why: RefusalKind; reason: string };

export type RefusalKind = 'unreadable' | 'telemetry' | 'location' | 'mismatch';

export interface ContainerFormat {
  rootKind: string;
  /**
   * The header at the start of `b` (up to LOOKAHEAD bytes from it, fewer only at the end of the
   * file) in a `kind` container with `room` bytes left: 'short' when the file ends inside it.
   */
  readHeader(b: Uint8Array, kind: string, room: number): Header | 'short' | 'bad';
  /** What to do with a child of a `kind` container; `b` holds up to LOOKAHEAD bytes from its header. */
  decide(kind: string, h: Header, b: Uint8Array, start: number): Action;
  /** The padding that replaces a box of `size` bytes: header bytes written at `at`, zeros from `zeroFrom` (both from its start). */
  padding(h: Header, size: number): { at: number; bytes: Uint8Array; zeroFrom: number };
  /** Why a walk that reached the end of the file is not a whole video, or null. */
  incomplete(seen: readonly string[]): string | null;
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
  /** What the previous request carried after its part: this part must start with it (hex). */
  lookahead: string;
  /** Containers met (moov, a WebM Segment), for the final check. */
  seen: string[];
}

export type WalkRefusal = { refused: RefusalKind; reason: string };
export const isWalkRefusal = (r: unknown): r is WalkRefusal => typeof r === 'object' && r !== null && 'refused' in r;

export function initialWalkState(): WalkState {
  return { next: 0, stack: [], zero: [], patches: [], media: [], carry: '', lookahead: '', seen: [] };
}

/**
 * Location signatures searched outside media payloads: Apple's location key, XMP (which carries
 * GPS), EXIF GPS tag names as text, and Matroska's location tag names. Long enough that the sample
 * tables and headers left do not spell them by chance.
 */
const SIGNATURES = [
  'com.apple.quicktime.location',
  'ISO6709',
  'http://ns.adobe.com/',
  'adobe:ns:meta',
  'GPSLatitude',
  'GPSLongitude',
  'GPSCoordinates',
  '_LOCATION',
];
const CARRY = Math.max(...SIGNATURES.map((s) => s.length)) - 1;

const toHex = (b: Uint8Array) => Array.from(b, (v) => v.toString(16).padStart(2, '0')).join('');
function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length / 2);
  for (let k = 0; k < out.length; k++) out[k] = parseInt(h.slice(k * 2, k * 2 + 2), 16);
  return out;
}

const refuse = (refused: RefusalKind, reason: string): WalkRefusal => ({ refused, reason });

/** Ranges of `list` clipped to [s, e), and what is left of them from e on. */
function split(list: [number, number][], s: number, e: number) {
  const here: [number, number][] = [];
  const later: [number, number][] = [];
  for (const [a, b] of list) {
    if (a < e && b > s) here.push([Math.max(a, s), Math.min(b, e)]);
    if (b > e) later.push([Math.max(a, e), b]);
  }
  return { here, later };
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
): { state: WalkState } | WalkRefusal {
  const s = offset;
  const e = offset + part.length;
  const expected = fromHex(state.lookahead);
  for (let k = 0; k < expected.length && k < part.length; k++) {
    if (part[k] !== expected[k]) return refuse('mismatch', `part at ${s} does not start with the bytes its previous part announced`);
  }
  if (state.next < s) return refuse('mismatch', `the walk stopped at ${state.next}, before this part`);

  // LOOKAHEAD bytes from a position in this part, running on into the lookahead.
  const windowAt = (pos: number) => {
    const from = pos - s;
    const to = from + LOOKAHEAD;
    if (to <= part.length) return part.subarray(from, to);
    return concatBytes([part.subarray(from), lookahead.subarray(0, to - part.length)]);
  };

  const stack = state.stack.map((o) => ({ ...o }));
  const zero = [...state.zero];
  const patches = [...state.patches];
  const media = [...state.media];
  const seen = [...state.seen];
  let next = state.next;

  for (;;) {
    // Close the containers that end here.
    while (stack.length && next >= stack[stack.length - 1]!.end) {
      if (next > stack[stack.length - 1]!.end) return refuse('unreadable', `a box at ${next} runs past its parent`);
      stack.pop();
    }
    if (next >= e || next >= total) break;
    const parent = stack[stack.length - 1];
    const parentEnd = parent ? parent.end : total;
    const kind = parent ? parent.kind : format.rootKind;
    const b = windowAt(next);
    const h = format.readHeader(b, kind, parentEnd - next);
    if (h === 'short') return refuse('unreadable', `the file ends inside a header at ${next}`);
    if (h === 'bad') return refuse('unreadable', `a malformed header at ${next}`);
    const action = format.decide(kind, h, b, next);
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
      if (h.size !== null && (h.size < h.headerLength || end > parentEnd))
        return refuse('unreadable', `a box at ${next} runs past its parent`);
      stack.push(h.size === null ? { end, kind: action.kind, open: true } : { end, kind: action.kind });
      if (!seen.includes(action.kind)) seen.push(action.kind);
      next += h.headerLength;
    } else {
      if (h.size === null) return refuse('unreadable', `an element of unknown size at ${next} that cannot be walked`);
      const end = next + h.size;
      if (h.size < h.headerLength || end > parentEnd) return refuse('unreadable', `a box at ${next} runs past its parent`);
      if (action.do === 'media') media.push([next + h.headerLength, end]);
      if (action.do === 'neutralise') {
        const pad = format.padding(h, h.size);
        zero.push([next + pad.zeroFrom, end]);
        patches.push([next + pad.at, toHex(pad.bytes)]);
      }
      next = end;
    }
  }

  // The rewrite: zeros first, then the padding headers over them.
  const z = split(zero, s, e);
  for (const [a, b] of z.here) part.fill(0, a - s, b - s);
  const laterPatches: [number, string][] = [];
  for (const [at, hex] of patches) {
    const bytes = fromHex(hex);
    for (let k = 0; k < bytes.length; k++) if (at + k >= s && at + k < e) part[at + k - s] = bytes[k]!;
    if (at + bytes.length > e) laterPatches.push([Math.max(at, e), hex.slice(Math.max(0, e - at) * 2)]);
  }

  // The last look: everything but media payload, the previous part's searched tail in front.
  const m = split(media, s, e);
  const searched: [number, number][] = [];
  let from = s;
  for (const [a, b] of [...m.here].sort((x, y) => x[0] - y[0])) {
    if (a > from) searched.push([from, a]);
    from = Math.max(from, b);
  }
  if (from < e) searched.push([from, e]);
  let carry = '';
  for (const [a, b] of searched) {
    const head = a === s ? fromHex(state.carry) : new Uint8Array(0);
    const bytes = concatBytes([head, part.subarray(a - s, b - s)]);
    const hit = findTexts(bytes, SIGNATURES)[0];
    if (hit) return refuse('location', `signature ${JSON.stringify(hit.text)} at ${a - head.length + hit.at}`);
    if (b === e) carry = toHex(bytes.subarray(Math.max(0, bytes.length - CARRY)));
  }

  return {
    state: {
      next,
      stack,
      zero: z.later,
      patches: laterPatches,
      media: m.later,
      carry,
      lookahead: toHex(lookahead),
      seen,
    },
  };
}

/** After the last part: the walk must have reached the end of the file with nothing left open. */
export function finishWalk(format: ContainerFormat, state: WalkState, total: number): WalkRefusal | null {
  if (state.next !== total) return refuse('unreadable', `the walk ended at ${state.next} of ${total}`);
  if (state.stack.some((o) => o.end !== total)) return refuse('unreadable', 'a container is not closed');
  if (state.zero.length || state.patches.length) return refuse('unreadable', 'a rewrite runs past the end');
  const why = format.incomplete(state.seen);
  return why ? refuse('unreadable', why) : null;
}
