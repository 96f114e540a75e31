import { ascii, u32be } from './bytes';
import type { Action, ContainerFormat, Header } from './video-walk';

/**
 * MP4 (ISO base media, QuickTime) rules for the part-by-part walk (video-walk.ts, ADR 0011).
 * Location lives in user data: moov/udta/©xyz, udta's 3GPP loci, an Apple meta box
 * (moov/meta keys + ilst with com.apple.quicktime.location.ISO6709), XMP in a uuid box, and the
 * same boxes inside a track. The movie box and the track boxes down to the sample table are
 * walked with allow-lists: what a player needs is kept, every other child (udta, meta, uuid and
 * whatever else) becomes a 'free' box of the same size with zeroed contents.
 */

const KEEP: Record<string, ReadonlySet<string>> = {
  top: new Set(['ftyp', 'mdat', 'free', 'skip', 'wide', 'moof', 'mfra', 'sidx', 'ssix', 'styp', 'prft', 'pdin', 'emsg']),
  moov: new Set(['mvhd', 'mvex', 'iods']),
  trak: new Set(['tkhd', 'tref', 'trgr', 'edts', 'tapt']),
  mdia: new Set(['mdhd', 'hdlr', 'elng']),
  minf: new Set(['vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd', 'gmhd', 'dinf']),
  stbl: new Set([
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
  ]),
};

/** The container walked inside each kind (moov → trak → mdia → minf → stbl). */
const DESCEND: Record<string, string> = { top: 'moov', moov: 'trak', trak: 'mdia', mdia: 'minf', minf: 'stbl' };

/** Sample formats of camera telemetry tracks, which carry GPS fixes as media samples: GoPro GPMF, Google CAMM. */
const TELEMETRY = new Set(['gpmd', 'camm']);

const FREE = Uint8Array.from('free', (c) => c.charCodeAt(0));

function readHeader(b: Uint8Array, kind: string, room: number): Header | 'short' | 'bad' {
  if (b.length < 8) return 'short';
  const size32 = u32be(b, 0);
  const id = ascii(b, 4, 4);
  if (size32 === 1) {
    if (b.length < 16) return 'short';
    const size = u32be(b, 8) * 2 ** 32 + u32be(b, 12);
    return size > Number.MAX_SAFE_INTEGER ? 'bad' : { id, headerLength: 16, size };
  }
  // Size 0: the box runs to the end of the file (a last mdat); only at the top level.
  if (size32 === 0) return kind === 'top' ? { id, headerLength: 8, size: room } : 'bad';
  return { id, headerLength: 8, size: size32 };
}

function decide(kind: string, h: Header, b: Uint8Array, start: number): Action {
  if (kind === 'top' && h.id === 'ftyp' && start !== 0) return { do: 'neutralise' };
  if (h.id === DESCEND[kind]) return { do: 'descend', kind: h.id };
  if (kind === 'top' && h.id === 'mdat') return { do: 'media' };
  if (kind === 'stbl' && h.id === 'stsd') {
    // FullBox header, entry count, then the first sample entry's size and format.
    const format = b.length >= h.headerLength + 16 ? ascii(b, h.headerLength + 12, 4) : '';
    if (TELEMETRY.has(format)) return { do: 'refuse', why: 'telemetry', reason: `a ${format} track` };
  }
  return KEEP[kind]?.has(h.id) ? { do: 'keep' } : { do: 'neutralise' };
}

export const mp4Format: ContainerFormat = {
  rootKind: 'top',
  readHeader,
  decide,
  // The size (and a 64-bit size) stays; the type becomes 'free'; the rest is zeros.
  padding: (h) => ({ at: 4, bytes: FREE, zeroFrom: h.headerLength }),
  incomplete: (seen) => (seen.includes('moov') ? null : 'no movie box'),
};
