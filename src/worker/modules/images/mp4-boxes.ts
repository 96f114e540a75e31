import { compileTexts, u32be } from './bytes';
import { BAD, KEEP, MEDIA, NEUTRALISE, SHORT, type Action, type ContainerFormat, type Header } from './video-walk';

/**
 * MP4 (ISO base media, QuickTime) rules for the part-by-part walk (video-walk.ts, ADR 0011).
 * Location lives in user data: moov/udta/©xyz, udta's 3GPP loci, an Apple meta box
 * (moov/meta keys + ilst with com.apple.quicktime.location.ISO6709), XMP in a uuid box, and the
 * same boxes anywhere below: in a track, a movie fragment (moof/traf, as phones and screen
 * recorders write), mvex, edts, dinf. Every box whose children are boxes is walked, with an
 * allow-list of children where one is known (what a player needs is kept; every other child
 * becomes a 'free' box of the same size with zeroed contents); udta, meta and uuid become free
 * boxes at any depth. Box types are numbers (the four bytes, big-endian): this runs for every box.
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

/** User data, metadata and extension boxes: padded wherever they are. */
const NEVER = types('udta', 'meta', 'uuid');

interface Rules {
  /** The children kept as they are; 'any' keeps all but udta, meta and uuid (reference and group types are open-ended). */
  keep: ReadonlySet<number> | 'any';
  /** The children walked, and as which kind. */
  walk?: Readonly<Record<string, string>>;
}

const RULES: Record<string, Rules> = {
  top: {
    keep: types('ftyp', 'free', 'skip', 'wide', 'sidx', 'ssix', 'styp', 'prft', 'pdin', 'emsg'),
    walk: { moov: 'moov', moof: 'moof', mfra: 'mfra' },
  },
  moov: { keep: types('mvhd', 'iods'), walk: { trak: 'trak', mvex: 'mvex' } },
  mvex: { keep: types('mehd', 'trex', 'leva', 'trep') },
  trak: { keep: types('tkhd'), walk: { tref: 'tref', trgr: 'trgr', edts: 'edts', tapt: 'tapt', mdia: 'mdia' } },
  tref: { keep: 'any' },
  trgr: { keep: 'any' },
  edts: { keep: types('elst') },
  tapt: { keep: types('clef', 'prof', 'enof') },
  mdia: { keep: types('mdhd', 'hdlr', 'elng'), walk: { minf: 'minf' } },
  minf: { keep: types('vmhd', 'smhd', 'hmhd', 'nmhd', 'sthd'), walk: { gmhd: 'gmhd', dinf: 'dinf', stbl: 'stbl' } },
  gmhd: { keep: 'any' },
  dinf: { keep: types('dref') },
  stbl: {
    keep: types(
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
    walk: { stsd: 'stsd' },
  },
  // The sample descriptions, every one of them (their insides are searched, not walked).
  stsd: { keep: 'any' },
  moof: { keep: types('mfhd', 'pssh'), walk: { traf: 'traf' } },
  traf: { keep: types('tfhd', 'tfdt', 'trun', 'sbgp', 'sgpd', 'subs', 'saiz', 'saio', 'senc', 'sdtp') },
  mfra: { keep: types('tfra', 'mfro') },
};

/** Each kind's rules as one lookup: the action of every child type it names (descend actions allocated once). */
interface Compiled {
  actions: Map<number, Action>;
  /** For a child it does not name. */
  otherwise: Action;
}
const COMPILED = new Map<string, Compiled>(
  Object.entries(RULES).map(([kind, r]) => {
    const actions = new Map<number, Action>();
    if (r.keep !== 'any') for (const t of r.keep) actions.set(t, KEEP);
    // stsd's children start after its FullBox fields and entry count.
    for (const [t, k] of Object.entries(r.walk ?? {}))
      actions.set(type(t), { do: 'descend', kind: k, ...(t === 'stsd' ? { skip: 8 } : {}) });
    for (const t of NEVER) actions.set(t, NEUTRALISE);
    return [kind, { actions, otherwise: r.keep === 'any' ? KEEP : NEUTRALISE }];
  }),
);

/**
 * Sample formats of camera telemetry tracks, which carry GPS fixes as media samples: GoPro GPMF,
 * Google CAMM, DJI's metadata and debug tracks.
 */
const TELEMETRY = types('gpmd', 'camm', 'djmd', 'dbgi');

/** Novatek dashcams write each GPS fix as a 'free' box starting 'GPS ', between the media samples. */
const TELEMETRY_BLOCKS = compileTexts(['freeGPS ']);

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

function decide(kind: string, h: Header, _b: Uint8Array, _at: number, start: number): Action {
  if (kind === 'top') {
    if (h.id === FTYP && start !== 0) return NEUTRALISE;
    if (h.id === MDAT) return MEDIA;
  }
  if (kind === 'stsd' && TELEMETRY.has(h.id)) return { do: 'refuse', why: 'telemetry', reason: `a ${name(h.id)} track` };
  const rules = COMPILED.get(kind)!;
  return rules.actions.get(h.id) ?? rules.otherwise;
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
  telemetry: TELEMETRY_BLOCKS,
};
