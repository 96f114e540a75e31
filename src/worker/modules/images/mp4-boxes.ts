import { u32be } from './bytes';
import { BAD, KEEP, MEDIA, NEUTRALISE, SHORT, type Action, type ContainerFormat, type Header } from './video-walk';

/**
 * MP4 (ISO base media, QuickTime) rules for the part-by-part walk (video-walk.ts, ADR 0011).
 * Location lives in user data: moov/udta/©xyz, udta's 3GPP loci, an Apple meta box
 * (moov/meta keys + ilst with com.apple.quicktime.location.ISO6709), XMP in a uuid box, and the
 * same boxes inside a track. The movie box and the track boxes down to the sample table are
 * walked with allow-lists: what a player needs is kept, every other child (udta, meta, uuid and
 * whatever else) becomes a 'free' box of the same size with zeroed contents. Box types are
 * numbers (the four bytes, big-endian): this runs for every box.
 */

const type = (t: string) =>
  u32be(
    Uint8Array.from(t, (c) => c.charCodeAt(0)),
    0,
  );
const types = (...ts: string[]) => new Set(ts.map(type));
const name = (id: number) => String.fromCharCode(id >>> 24, (id >>> 16) & 255, (id >>> 8) & 255, id & 255);

const FTYP = type('ftyp');
const MDAT = type('mdat');
const STSD = type('stsd');

const KEEP_CHILDREN: Record<string, ReadonlySet<number>> = {
  top: types('ftyp', 'mdat', 'free', 'skip', 'wide', 'moof', 'mfra', 'sidx', 'ssix', 'styp', 'prft', 'pdin', 'emsg'),
  moov: types('mvhd', 'mvex', 'iods'),
  trak: types('tkhd', 'tref', 'trgr', 'edts', 'tapt'),
  mdia: types('mdhd', 'hdlr', 'elng'),
  minf: types('vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd', 'gmhd', 'dinf'),
  stbl: types(
    'stsd',
    'stts',
    'ctts',
    'cslg',
    'stsc',
    'stsz',
    'stz2',
    'stco',
    'co64',
    'stss',
    'stsh',
    'stps',
    'sdtp',
    'sbgp',
    'sgpd',
    'subs',
    'saiz',
    'saio',
    'padb',
    'stdp',
  ),
};

/** The container walked inside each kind (moov → trak → mdia → minf → stbl), its descend action allocated once. */
const DESCEND = new Map<string, { id: number; action: Action }>(
  Object.entries({ top: 'moov', moov: 'trak', trak: 'mdia', mdia: 'minf', minf: 'stbl' }).map(([kind, child]) => [
    kind,
    { id: type(child), action: { do: 'descend', kind: child } },
  ]),
);

/** Sample formats of camera telemetry tracks, which carry GPS fixes as media samples: GoPro GPMF, Google CAMM. */
const TELEMETRY = types('gpmd', 'camm');

const FREE = Uint8Array.from('free', (c) => c.charCodeAt(0));

function readHeader(b: Uint8Array, at: number, kind: string, room: number, h: Header): number {
  const avail = b.length - at;
  if (avail < 8) return SHORT;
  const size32 = u32be(b, at);
  h.id = u32be(b, at + 4);
  h.headerLength = 8;
  h.size = size32;
  if (size32 === 1) {
    if (avail < 16) return SHORT;
    h.headerLength = 16;
    h.size = u32be(b, at + 8) * 2 ** 32 + u32be(b, at + 12);
    return h.size > Number.MAX_SAFE_INTEGER ? BAD : 0;
  }
  // Size 0: the box runs to the end of the file (a last mdat); only at the top level.
  if (size32 === 0) {
    h.size = room;
    return kind === 'top' ? 0 : BAD;
  }
  return 0;
}

function decide(kind: string, h: Header, b: Uint8Array, at: number, start: number): Action {
  if (kind === 'top' && h.id === FTYP && start !== 0) return NEUTRALISE;
  const descend = DESCEND.get(kind);
  if (descend && h.id === descend.id) return descend.action;
  if (kind === 'top' && h.id === MDAT) return MEDIA;
  if (kind === 'stbl' && h.id === STSD && b.length - at >= h.headerLength + 16) {
    // FullBox header, entry count, then the first sample entry's size and format.
    const format = u32be(b, at + h.headerLength + 12);
    if (TELEMETRY.has(format)) return { do: 'refuse', why: 'telemetry', reason: `a ${name(format)} track` };
  }
  return KEEP_CHILDREN[kind]?.has(h.id) ? KEEP : NEUTRALISE;
}

export const mp4Format: ContainerFormat = {
  rootKind: 'top',
  readHeader,
  decide,
  // The size (and a 64-bit size) stays; the type becomes 'free'; the rest is zeros.
  padding: (h, b, at, out) => {
    for (let k = 0; k < h.headerLength; k++) out[k] = b[at + k]!;
    out.set(FREE, 4);
    return h.headerLength;
  },
  incomplete: (seen) => (seen.includes('moov') ? null : 'no movie box'),
};
