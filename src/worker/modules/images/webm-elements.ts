import { BAD, CLOSE, KEEP, MEDIA, NEUTRALISE, SHORT, type Action, type ContainerFormat, type Header } from './video-walk';

/**
 * WebM (Matroska) rules for the part-by-part walk (video-walk.ts, ADR 0011). Location lives in
 * Tags (a SimpleTag such as RECORDING_LOCATION) and may ride in Attachments (a photo with its
 * EXIF); both, and every Segment child a player does not need, become a Void element of the same
 * size with zeroed contents. Clusters of known size are skipped whole; those of unknown size (what
 * a browser's MediaRecorder writes) are walked block by block until a Segment-level element.
 * Element IDs are numbers (marker bits kept): this runs for every element of a part.
 */

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const VOID = 0xec;
const CRC32 = 0xbf;

/** What a player needs of a Segment's children. */
const SEGMENT_CHILDREN = [
  0x114d9b74, // SeekHead
  0x1549a966, // Info
  0x1654ae6b, // Tracks
  0x1c53bb6b, // Cues
  0x1043a770, // Chapters
];
const SEGMENT_KEEP = new Set([...SEGMENT_CHILDREN, VOID, CRC32]);
/** Elements of the Segment's level (Tags and Attachments included): one of them ends a Cluster of unknown size. */
const SEGMENT_LEVEL = new Set([...SEGMENT_CHILDREN, CLUSTER, 0x1254c367 /* Tags */, 0x1941a469 /* Attachments */]);

const CLUSTER_KEEP = new Set([0xe7 /* Timestamp */, 0xa7 /* Position */, 0xab /* PrevSize */, 0x5854 /* SilentTracks */, VOID, CRC32]);
const CLUSTER_MEDIA = new Set([0xa3 /* SimpleBlock */, 0xa0 /* BlockGroup */, 0xaf /* EncryptedBlock */]);

const DESCEND_SEGMENT: Action = { do: 'descend', kind: 'segment' };
const DESCEND_CLUSTER: Action = { do: 'descend', kind: 'cluster' };

/**
 * An element's header at b[at]: its ID (1 to 4 bytes) and its size (an EBML variable-length
 * integer of up to 8 bytes; all value bits set means unknown, as a live recording's Segment and
 * Clusters have). SHORT when the bytes end inside it, BAD when it is malformed.
 */
function readHeader(b: Uint8Array, at: number, _kind: string, _room: number, h: Header): number {
  const avail = b.length - at;
  const first = avail > 0 ? b[at]! : 0;
  const idLength = Math.clz32(first) - 23;
  if (first < 0x10 || idLength > avail) return avail < 4 ? SHORT : BAD;
  let id = 0;
  for (let k = 0; k < idLength; k++) id = id * 256 + b[at + k]!;
  const lead = idLength < avail ? b[at + idLength]! : 0;
  const sizeLength = Math.clz32(lead) - 23;
  if (lead === 0 || idLength + sizeLength > avail) return avail < idLength + 8 ? SHORT : BAD;
  let value = lead & (0xff >> sizeLength);
  let allOnes = value === 0xff >> sizeLength;
  for (let k = 1; k < sizeLength; k++) {
    const byte = b[at + idLength + k]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  const headerLength = idLength + sizeLength;
  if (!allOnes && value > Number.MAX_SAFE_INTEGER - headerLength) return BAD;
  h.id = id;
  h.headerLength = headerLength;
  h.size = allOnes ? null : headerLength + value;
  return 0;
}

function decide(kind: string, h: Header, _b: Uint8Array, _at: number, start: number): Action {
  if (kind === 'top') {
    if (h.id === EBML_HEADER) return start === 0 ? KEEP : NEUTRALISE;
    if (h.id === SEGMENT) return DESCEND_SEGMENT;
    return h.id === VOID || h.id === CRC32 ? KEEP : NEUTRALISE;
  }
  if (kind === 'segment') {
    if (h.id === CLUSTER) return h.size === null ? DESCEND_CLUSTER : MEDIA;
    return SEGMENT_KEEP.has(h.id) ? KEEP : NEUTRALISE;
  }
  // A Cluster of unknown size.
  if (CLUSTER_MEDIA.has(h.id)) return MEDIA;
  if (CLUSTER_KEEP.has(h.id)) return KEEP;
  if (SEGMENT_LEVEL.has(h.id)) return CLOSE;
  return NEUTRALISE;
}

export const webmFormat: ContainerFormat = {
  rootKind: 'top',
  readHeader,
  decide,
  // A Void element of the same total size: its ID, an 8-byte size (fewer for a tiny element), zeros.
  padding: (h, _b, _at, out) => {
    const size = h.size!;
    const length = Math.min(8, size - 1);
    out[0] = VOID;
    let v = size - 1 - length;
    for (let k = length; k >= 1; k--) {
      out[k] = v % 256;
      v = Math.floor(v / 256);
    }
    out[1]! |= 0x80 >> (length - 1);
    return 1 + length;
  },
  incomplete: (seen) => (seen.includes('segment') ? null : 'no segment'),
};
