import { describe, expect, it } from 'vitest';
import { concatBytes, findTexts } from '../../../src/worker/modules/images/bytes';
import { mp4Format } from '../../../src/worker/modules/images/mp4-boxes';
import { sniffVideoType } from '../../../src/worker/modules/images/video-bytes';
import {
  finishWalk,
  initialWalkState,
  isWalkRefusal,
  LOOKAHEAD,
  walkPart,
  type ContainerFormat,
  type WalkRefusal,
} from '../../../src/worker/modules/images/video-walk';
import { webmFormat } from '../../../src/worker/modules/images/webm-elements';
import { CANARY, join, text } from './metadata-blocks';
import { box, EBML_HEADER, el, mp4File, mp4Padded, webmFile, xmpUuid, type MetadataPlace } from './video-fixtures';

/** The file walked in parts of `partSize` as the upload does it; the bytes stored, or the refusal. */
function walkAll(format: ContainerFormat, file: Uint8Array, partSize: number): Uint8Array | WalkRefusal {
  let state = initialWalkState();
  const out: Uint8Array[] = [];
  for (let at = 0; at < file.length; at += partSize) {
    const end = Math.min(file.length, at + partSize);
    const part = file.slice(at, end);
    const result = walkPart(format, state, part, at, file.slice(end, end + LOOKAHEAD), file.length);
    if (isWalkRefusal(result)) return result;
    state = result.state;
    out.push(part);
  }
  return finishWalk(format, state, file.length) ?? concatBytes(out);
}

const hasCanary = (b: Uint8Array) => findTexts(b, [CANARY]).length > 0;
/** Part sizes from 1 byte up, the lookahead's edges, and one part for the whole file. */
const partSizes = (n: number) => [...Array.from({ length: 70 }, (_, i) => i + 1), 97, 128, 255, 256, 1000, n];

describe('sniffVideoType', () => {
  it('knows MP4 by its ftyp brands and WebM by its EBML DocType, and nothing else', () => {
    expect(sniffVideoType(mp4File())).toBe('video/mp4');
    expect(sniffVideoType(join(box('ftyp', text('qt  '), new Uint8Array(4), text('qt  ')), box('mdat')))).toBe('video/mp4');
    expect(sniffVideoType(webmFile())).toBe('video/webm');
    // HEIF is ISO base media too, but no video brand; Matroska is EBML with another DocType.
    expect(sniffVideoType(join(box('ftyp', text('heic'), new Uint8Array(4), text('mif1heic')), box('meta')))).toBeNull();
    const mkv = join(el('1A45DFA3', el('4282', text('matroska'))), el('18538067'));
    expect(sniffVideoType(mkv)).toBeNull();
    expect(sniffVideoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffVideoType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffVideoType(text('....ftypisom'))).toBeNull();
    expect(sniffVideoType(new Uint8Array(0))).toBeNull();
    expect(sniffVideoType(EBML_HEADER().subarray(0, 10))).toBeNull();
  });
});

describe('the MP4 walk', () => {
  it('leaves a file without metadata byte for byte as it was, in parts of any size', () => {
    for (const file of [mp4File(), mp4File({ moovLast: true }), mp4File({ largeMdat: true, moovLast: true })]) {
      for (const size of partSizes(file.length)) expect(walkAll(mp4Format, file, size)).toEqual(file);
    }
  });

  it('turns udta, Apple meta (keys + ilst) and the track udta into free boxes of the same size, wherever the parts split them', () => {
    for (const moovLast of [false, true]) {
      const file = mp4File({ location: true, moovLast });
      expect(hasCanary(file)).toBe(true);
      const expected = mp4Padded(file, ['udta', 'meta']);
      expect(expected.length).toBe(file.length);
      expect(hasCanary(expected)).toBe(false);
      for (const size of partSizes(file.length)) {
        const stored = walkAll(mp4Format, file, size);
        expect(stored, `moov ${moovLast ? 'last' : 'first'}, parts of ${size}`).toEqual(expected);
      }
      // What is stored reads again as a whole MP4 with nothing left to pad.
      expect(walkAll(mp4Format, expected, 4096)).toEqual(expected);
    }
  });

  it('turns a top-level XMP uuid box into free', () => {
    const file = join(mp4File(), xmpUuid());
    for (const size of [7, 64, file.length]) expect(walkAll(mp4Format, file, size)).toEqual(mp4Padded(file, ['uuid']));
  });

  it('refuses what it cannot make clean or read with certainty', () => {
    const refusal = (file: Uint8Array, size = 50) => (walkAll(mp4Format, file, size) as WalkRefusal).refused;
    // A location key inside a box the player needs (a sample description): found by the last look.
    expect(refusal(mp4File({ hiddenKey: true }))).toBe('location');
    // A GoPro GPS telemetry track.
    expect(refusal(mp4File({ sampleFormat: 'gpmd' }))).toBe('telemetry');
    // Cut short, a box running past its parent, junk after the last box, no movie box.
    const file = mp4File();
    expect(refusal(file.subarray(0, file.length - 5))).toBe('unreadable');
    expect(refusal(join(file, new Uint8Array(3)))).toBe('unreadable');
    const bent = file.slice();
    bent[ftypSize(file) + 3]! += 1; // the moov box one byte longer than its parent (the file) allows
    expect(refusal(bent)).toBe('unreadable');
    expect(refusal(join(file.subarray(0, ftypSize(file)), box('mdat', new Uint8Array(100))))).toBe('unreadable');
  });

  it('neutralises udta, meta and uuid at any depth: in a movie fragment (moof/traf), mvex, edts, dinf, mdia and the rest', () => {
    const places: MetadataPlace[] = ['moof', 'traf', 'mvex', 'edts', 'dinf', 'mdia', 'minf', 'stbl', 'trak', 'tref', 'mfra'];
    for (const place of places) {
      for (const moovLast of [false, true]) {
        const file = mp4File({ fragmented: true, metadataIn: [place], moovLast });
        expect(hasCanary(file), place).toBe(true);
        const expected = mp4Padded(file, ['udta', 'meta', 'uuid']);
        expect(hasCanary(expected), place).toBe(false);
        for (const size of [1, 7, 16, 63, 64, 65, 200, file.length]) {
          expect(walkAll(mp4Format, file, size), `${place}, moov ${moovLast ? 'last' : 'first'}, parts of ${size}`).toEqual(expected);
        }
      }
    }
    // All at once, and what is stored walks again unchanged.
    const file = mp4File({ fragmented: true, location: true, metadataIn: places });
    const expected = mp4Padded(file, ['udta', 'meta', 'uuid']);
    expect(hasCanary(expected)).toBe(false);
    expect(walkAll(mp4Format, file, 33)).toEqual(expected);
    expect(walkAll(mp4Format, expected, 33)).toEqual(expected);
  });

  it('reads every sample description: a GPS telemetry format listed after the video is refused', () => {
    for (const format of ['gpmd', 'camm', 'djmd', 'dbgi']) {
      for (const formats of [[format], ['mp4a', format], ['mp4a', 'tx3g', format]]) {
        for (const size of [9, 64, 10_000]) {
          const file = mp4File({ moreSampleFormats: formats, moovLast: size === 9 });
          expect(walkAll(mp4Format, file, size), `${formats.join(',')}, parts of ${size}`).toMatchObject({ refused: 'telemetry' });
        }
      }
    }
    // Other formats after the first are ordinary tracks.
    const file = mp4File({ moreSampleFormats: ['mp4a', 'tx3g'] });
    expect(walkAll(mp4Format, file, 50)).toEqual(file);
  });

  it("refuses Novatek's GPS blocks ('free' boxes starting 'GPS ') at the top level and inside the media data", () => {
    for (const freeGps of ['top', 'mdat'] as const) {
      const file = mp4File({ freeGps, mdat: 1000 });
      for (const size of [5, 64, 333, file.length]) {
        expect(walkAll(mp4Format, file, size), `${freeGps}, parts of ${size}`).toMatchObject({ refused: 'telemetry' });
      }
    }
    // A free box of anything else is still padding.
    const file = join(mp4File(), box('free', text('GP'), new Uint8Array(30)));
    expect(walkAll(mp4Format, file, 7)).toEqual(file);
  });

  it('refuses a part that does not start with the bytes its previous part announced', () => {
    const file = mp4File();
    const first = walkPart(mp4Format, initialWalkState(), file.slice(0, 100), 0, file.slice(100, 164), file.length);
    if (isWalkRefusal(first)) throw new Error(first.reason);
    const changed = file.slice(100, 200);
    changed[3] ^= 1;
    expect(walkPart(mp4Format, first.state, changed, 100, file.slice(200, 264), file.length)).toMatchObject({ refused: 'mismatch' });
  });
});

function ftypSize(file: Uint8Array) {
  return file[3]!;
}

describe('the WebM walk', () => {
  it('leaves a recording without tags as it was, Segment and Clusters of unknown size or not', () => {
    for (const file of [webmFile(), webmFile({ knownSizes: true })]) {
      for (const size of partSizes(file.length)) expect(walkAll(webmFormat, file, size)).toEqual(file);
    }
  });

  it('turns Tags with a location and Attachments into Void elements of the same size, in parts of any size', () => {
    for (const knownSizes of [false, true]) {
      const file = webmFile({ tags: true, attachments: true, knownSizes });
      expect(hasCanary(file)).toBe(true);
      const whole = walkAll(webmFormat, file, file.length) as Uint8Array;
      expect(whole).toBeInstanceOf(Uint8Array);
      expect(whole.length).toBe(file.length);
      expect(hasCanary(whole)).toBe(false);
      expect(findTexts(whole, ['RECORDING_LOCATION'])).toEqual([]);
      // The rest is untouched: the file without those elements, where Voids of the same size stand.
      const tagsAt = indexOf(file, [0x12, 0x54, 0xc3, 0x67]);
      expect(whole[tagsAt]).toBe(0xec);
      expect(whole.subarray(0, tagsAt)).toEqual(file.subarray(0, tagsAt));
      for (const size of partSizes(file.length)) expect(walkAll(webmFormat, file, size), `parts of ${size}`).toEqual(whole);
      // The Voids are well formed: what is stored reads again as a whole WebM with nothing left to pad.
      expect(walkAll(webmFormat, whole, 100)).toEqual(whole);
    }
  });

  it('refuses a WebM cut short or with an element of unknown size where none may be', () => {
    const file = webmFile({ knownSizes: true });
    expect(walkAll(webmFormat, file.subarray(0, file.length - 4), 64)).toMatchObject({ refused: 'unreadable' });
    const odd = join(
      EBML_HEADER(),
      el('18538067', join(Uint8Array.from([0x12, 0x54, 0xc3, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))),
    );
    expect(walkAll(webmFormat, odd, 64)).toMatchObject({ refused: 'unreadable' });
  });
});

function indexOf(b: Uint8Array, needle: number[]): number {
  for (let i = 0; i + needle.length <= b.length; i++) if (needle.every((v, k) => b[i + k] === v)) return i;
  return -1;
}
