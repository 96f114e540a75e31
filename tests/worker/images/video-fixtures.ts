import { CANARY, join, text } from './metadata-blocks';

// MP4 and WebM files built box by box, with the location metadata phones and cameras write. Every
// location block carries CANARY, so a test can tell whether any byte of it reached storage.

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const u32 = (n: number) => Uint8Array.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const u16 = (n: number) => Uint8Array.from([n >>> 8, n & 255]);

/** An MP4 box (size, type, payload); `large` writes a 64-bit size. */
export function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = join(...payload);
  return join(u32(8 + body.length), latin1(type), body);
}
export function largeBox(type: string, payload: Uint8Array): Uint8Array {
  const size = 16 + payload.length;
  return join(u32(1), latin1(type), u32(Math.floor(size / 2 ** 32)), u32(size % 2 ** 32), payload);
}
const fullBox = (type: string, ...payload: Uint8Array[]) => box(type, new Uint8Array(4), ...payload);

export const ISO6709 = '+48.8584+002.2945+035.000/';

/** QuickTime's ©xyz user data atom (what an iPhone or Android camera writes in moov/udta). */
export const xyzAtom = () => box('\u00a9xyz', u16(ISO6709.length + CANARY.length), u16(0x15c7), text(`${ISO6709}${CANARY}`));
/** 3GPP's location information box. */
export const lociBox = () => fullBox('loci', u16(0x15c7), text(`${CANARY}-PLACE\0`), new Uint8Array(1), u32(0), u32(0), u32(0));
/** Apple's metadata box: keys names com.apple.quicktime.location.ISO6709, ilst holds its value. */
export function appleMeta(): Uint8Array {
  const key = 'com.apple.quicktime.location.ISO6709';
  return box(
    'meta',
    fullBox('hdlr', u32(0), latin1('mdta'), new Uint8Array(12), new Uint8Array(1)),
    fullBox('keys', u32(1), box('mdta', latin1(key))),
    box('ilst', join(u32(24 + ISO6709.length + CANARY.length), u32(1), box('data', u32(1), u32(0), text(`${ISO6709}${CANARY}`)))),
  );
}
/** XMP in its uuid box, with GPS. */
export const xmpUuid = () =>
  box(
    'uuid',
    Uint8Array.from([0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac]),
    text(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="48,51.5N" dc:title="${CANARY}"/></x:xmpmeta>`),
  );

/** Boxes a udta (or meta, or uuid) may hide in, inside the ones the walk keeps or walks. */
export type MetadataPlace = 'moof' | 'traf' | 'mvex' | 'edts' | 'dinf' | 'mdia' | 'minf' | 'stbl' | 'trak' | 'tref' | 'mfra';

/** Novatek's GPS block as its dashcams write it: a 'free' box whose payload starts 'GPS '. */
export const novatekGps = () => box('free', text('GPS '), u32(0x4c), text(`${CANARY}A N 4851.5 E 00221.0`));

export interface Mp4Options {
  /** The movie box after the media data (what most cameras write) instead of before it. */
  moovLast?: boolean;
  /** Bytes of media data. */
  mdat?: number;
  /** User data and Apple metadata with the location, in the movie and in the track. */
  location?: boolean;
  /** A sample description of this format (gpmd: a GoPro telemetry track). */
  sampleFormat?: string;
  /** More sample descriptions after the first, in this order (a telemetry format listed second). */
  moreSampleFormats?: string[];
  /** Fragmented: an mvex in the movie box and a movie fragment (moof/traf) before the media data. */
  fragmented?: boolean;
  /** User data with ©xyz coordinates (and an Apple meta and an XMP uuid) inside these boxes. */
  metadataIn?: MetadataPlace[];
  /** Novatek's GPS block ('free' box starting 'GPS '): at the top level, or inside the media data. */
  freeGps?: 'top' | 'mdat';
  /** A box the allow-list keeps (stsd) carrying the Apple location key as text. */
  hiddenKey?: boolean;
  largeMdat?: boolean;
}

/** A small but complete MP4: ftyp, one video track down to its sample table (stco points into mdat), mdat. */
export function mp4File(opts: Mp4Options = {}): Uint8Array {
  const ftyp = box('ftyp', latin1('isom'), u32(0x200), latin1('isomiso2avc1mp41'));
  const payload = new Uint8Array(opts.mdat ?? 300).map((_, i) => (i * 7 + 3) & 255);
  if (opts.freeGps === 'mdat') payload.set(novatekGps(), 100);
  const mdat = opts.largeMdat ? largeBox('mdat', payload) : box('mdat', payload);
  const at = (place: MetadataPlace) => (opts.metadataIn?.includes(place) ? [box('udta', xyzAtom()), appleMeta(), xmpUuid()] : []);
  const entry = (format: string) =>
    box(format, new Uint8Array(78), opts.hiddenKey ? text('com.apple.quicktime.location.ISO6709') : new Uint8Array(0));
  const entries = [opts.sampleFormat ?? 'avc1', ...(opts.moreSampleFormats ?? [])].map(entry);
  const withMvex = opts.fragmented || opts.metadataIn?.includes('mvex');
  const fragment = opts.fragmented
    ? [
        box(
          'moof',
          fullBox('mfhd', u32(1)),
          box('traf', fullBox('tfhd', u32(1)), fullBox('tfdt', u32(0)), fullBox('trun', u32(0)), ...at('traf')),
          ...at('moof'),
        ),
      ]
    : [];
  const mfra = opts.metadataIn?.includes('mfra') ? [box('mfra', fullBox('mfro', u32(16)), ...at('mfra'))] : [];
  const moovFor = (mdatAt: number) => {
    const stbl = box(
      'stbl',
      fullBox('stsd', u32(entries.length), ...entries),
      fullBox('stts', u32(1), u32(1), u32(1000)),
      fullBox('stsc', u32(1), u32(1), u32(1), u32(1)),
      fullBox('stsz', u32(payload.length), u32(1)),
      fullBox('stco', u32(1), u32(mdatAt + (opts.largeMdat ? 16 : 8))),
      ...at('stbl'),
    );
    const minf = box('minf', fullBox('vmhd', new Uint8Array(8)), box('dinf', fullBox('dref', u32(0)), ...at('dinf')), stbl, ...at('minf'));
    const mdia = box(
      'mdia',
      fullBox('mdhd', new Uint8Array(20)),
      fullBox('hdlr', u32(0), latin1('vide'), new Uint8Array(13)),
      minf,
      ...at('mdia'),
    );
    const trak = box(
      'trak',
      fullBox('tkhd', new Uint8Array(80)),
      ...(opts.metadataIn?.includes('tref') ? [box('tref', box('cdsc', u32(1)), ...at('tref'))] : []),
      ...(opts.metadataIn?.includes('edts') ? [box('edts', fullBox('elst', u32(1), u32(1000), u32(0), u32(0x10000)), ...at('edts'))] : []),
      mdia,
      ...(opts.location ? [box('udta', lociBox())] : []),
      ...at('trak'),
    );
    const mvex = withMvex ? [box('mvex', fullBox('trex', u32(1), u32(1), u32(0), u32(0), u32(0)), ...at('mvex'))] : [];
    return box('moov', fullBox('mvhd', new Uint8Array(96)), ...mvex, trak, ...(opts.location ? [box('udta', xyzAtom()), appleMeta()] : []));
  };
  const gps = opts.freeGps === 'top' ? [novatekGps()] : [];
  const fragmentBytes = fragment.reduce((n, f) => n + f.length, 0);
  if (!opts.moovLast) {
    const size = moovFor(0).length;
    return join(ftyp, moovFor(ftyp.length + size + fragmentBytes), ...fragment, mdat, ...gps, ...mfra);
  }
  return join(ftyp, ...fragment, mdat, ...gps, moovFor(ftyp.length + fragmentBytes), ...mfra);
}

/** The same file with every box of these types (at any depth) turned into 'free' with zeros: what the walk should store. */
export function mp4Padded(file: Uint8Array, types: string[]): Uint8Array {
  const out = file.slice();
  const walk = (from: number, to: number, containers: Set<string>) => {
    for (let at = from; at + 8 <= to;) {
      const size32 = (out[at]! << 24) | (out[at + 1]! << 16) | (out[at + 2]! << 8) | out[at + 3]!;
      const size = size32 === 1 ? Number(new DataView(out.buffer, out.byteOffset).getBigUint64(at + 8)) : size32 >>> 0;
      const type = String.fromCharCode(...out.subarray(at + 4, at + 8));
      const header = size32 === 1 ? 16 : 8;
      if (types.includes(type)) {
        out.set(latin1('free'), at + 4);
        out.fill(0, at + header, at + size);
      } else if (containers.has(type)) walk(at + header, at + size, containers);
      at += size;
    }
  };
  walk(0, out.length, new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'edts', 'dinf', 'moof', 'traf', 'mfra', 'tref']));
  return out;
}

// ---------------------------------------------------------------- WebM

const hex = (h: string) => Uint8Array.from(h.match(/../g)!, (x) => parseInt(x, 16));
function size8(n: number): Uint8Array {
  const out = new Uint8Array(8);
  let v = n;
  for (let k = 7; k >= 0; k--) {
    out[k] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] |= 0x01;
  return out;
}
/** An EBML element with an 8-byte size, or of unknown size. */
export const el = (id: string, ...payload: Uint8Array[]) => {
  const body = join(...payload);
  return join(hex(id), size8(body.length), body);
};
export const unknownSized = (id: string, ...payload: Uint8Array[]) => join(hex(id), hex('01FFFFFFFFFFFFFF'), ...payload);

export const EBML_HEADER = () =>
  el('1A45DFA3', el('4286', hex('01')), el('42F7', hex('01')), el('4282', text('webm')), el('4287', hex('04')));
export const locationTags = () =>
  el('1254C367', el('7373', el('67C8', el('45A3', text('RECORDING_LOCATION')), el('4487', text(`${ISO6709}${CANARY}`)))));
export const attachments = () =>
  el('1941A469', el('61A7', el('466E', text('photo.jpg')), el('4660', text('image/jpeg')), el('465C', text(`EXIF ${CANARY} GPS`))));

export interface WebmOptions {
  tags?: boolean;
  attachments?: boolean;
  /** Segment and Clusters of unknown size, as MediaRecorder writes them (the default). */
  knownSizes?: boolean;
  blocks?: number;
}

/** A WebM as a browser records it: EBML header, Segment with Info, Tracks, Clusters of SimpleBlocks, Cues. */
export function webmFile(opts: WebmOptions = {}): Uint8Array {
  const block = (i: number) =>
    el(
      'A3',
      hex('81'),
      u16(i * 33),
      hex('80'),
      new Uint8Array(40 + i).map((_, k) => (k * 13 + i) & 255),
    );
  const blocks = Array.from({ length: opts.blocks ?? 6 }, (_, i) => block(i));
  const cluster = (from: number, to: number) =>
    opts.knownSizes
      ? el('1F43B675', el('E7', hex('00')), ...blocks.slice(from, to))
      : unknownSized('1F43B675', el('E7', hex('00')), ...blocks.slice(from, to));
  const half = Math.floor(blocks.length / 2);
  const children = [
    el('1549A966', el('2AD7B1', hex('0F4240')), el('4D80', text('Chrome'))),
    el('1654AE6B', el('AE', el('D7', hex('01')), el('83', hex('01')), el('86', text('V_VP8')))),
    cluster(0, half),
    ...(opts.tags ? [locationTags()] : []),
    cluster(half, blocks.length),
    ...(opts.attachments ? [attachments()] : []),
    el('1C53BB6B', el('BB', el('B3', hex('00')))),
  ];
  return join(EBML_HEADER(), opts.knownSizes ? el('18538067', ...children) : unknownSized('18538067', ...children));
}
