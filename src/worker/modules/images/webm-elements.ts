import { readEbmlId, readVint } from './video-bytes';
import type { Action, ContainerFormat, Header } from './video-walk';

/**
 * WebM (Matroska) rules for the part-by-part walk (video-walk.ts, ADR 0011). Location lives in
 * Tags (a SimpleTag such as RECORDING_LOCATION) and may ride in Attachments (a photo with its
 * EXIF); both, and every Segment child a player does not need, become a Void element of the same
 * size with zeroed contents. Clusters of known size are skipped whole; those of unknown size (what
 * a browser's MediaRecorder writes) are walked block by block until a Segment-level element.
 */

const EBML_HEADER = '1A45DFA3';
const SEGMENT = '18538067';
const CLUSTER = '1F43B675';
const VOID = 'EC';
const CRC32 = 'BF';

/** What a player needs of a Segment's children. */
const SEGMENT_CHILDREN = [
  '114D9B74', // SeekHead
  '1549A966', // Info
  '1654AE6B', // Tracks
  '1C53BB6B', // Cues
  '1043A770', // Chapters
];
const SEGMENT_KEEP = new Set([...SEGMENT_CHILDREN, VOID, CRC32]);
/** Elements of the Segment's level (Tags and Attachments included): one of them ends a Cluster of unknown size. */
const SEGMENT_LEVEL = new Set([...SEGMENT_CHILDREN, CLUSTER, '1254C367' /* Tags */, '1941A469' /* Attachments */]);

const CLUSTER_KEEP = new Set(['E7' /* Timestamp */, 'A7' /* Position */, 'AB' /* PrevSize */, '5854' /* SilentTracks */, VOID, CRC32]);
const CLUSTER_MEDIA = new Set(['A3' /* SimpleBlock */, 'A0' /* BlockGroup */, 'AF' /* EncryptedBlock */]);

function readHeader(b: Uint8Array): Header | 'short' | 'bad' {
  const id = readEbmlId(b, 0);
  if (!id) return b.length < 4 ? 'short' : 'bad';
  const size = readVint(b, id.length, 8);
  if (!size) return b.length < id.length + 8 ? 'short' : 'bad';
  const headerLength = id.length + size.length;
  return { id: id.id, headerLength, size: size.unknown ? null : headerLength + size.value };
}

function decide(kind: string, h: Header, _b: Uint8Array, start: number): Action {
  if (kind === 'top') {
    if (h.id === EBML_HEADER) return start === 0 ? { do: 'keep' } : { do: 'neutralise' };
    if (h.id === SEGMENT) return { do: 'descend', kind: 'segment' };
    return h.id === VOID || h.id === CRC32 ? { do: 'keep' } : { do: 'neutralise' };
  }
  if (kind === 'segment') {
    if (h.id === CLUSTER) return h.size === null ? { do: 'descend', kind: 'cluster' } : { do: 'media' };
    return SEGMENT_KEEP.has(h.id) ? { do: 'keep' } : { do: 'neutralise' };
  }
  // A Cluster of unknown size.
  if (CLUSTER_MEDIA.has(h.id)) return { do: 'media' };
  if (CLUSTER_KEEP.has(h.id)) return { do: 'keep' };
  if (SEGMENT_LEVEL.has(h.id)) return { do: 'close' };
  return { do: 'neutralise' };
}

/** An EBML size of `length` bytes holding `value`. */
function vint(value: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let v = value;
  for (let k = length - 1; k >= 0; k--) {
    out[k] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

export const webmFormat: ContainerFormat = {
  rootKind: 'top',
  readHeader,
  decide,
  // A Void element of the same total size: its ID, an 8-byte size (fewer for a tiny element), zeros.
  padding: (_h, size) => {
    const length = Math.min(8, size - 1);
    return { at: 0, bytes: Uint8Array.from([0xec, ...vint(size - 1 - length, length)]), zeroFrom: 0 };
  },
  incomplete: (seen) => (seen.includes('segment') ? null : 'no segment'),
};
