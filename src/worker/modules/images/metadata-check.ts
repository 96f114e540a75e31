import { equalBytes, findTexts, u16be, u16le, u32be, u32le } from './bytes';
import { isRefusal } from './cleaned-image';
import { EXIF_HEADER, isOrientationOnlyTiff, ORIENTATION_TIFF_LENGTH } from './exif-orientation';
import { cleanImage, type ImageMime } from './image-bytes';

/**
 * The last look before bytes are stored, independent of how the walkers classify segments: the
 * signatures of XMP, IPTC (Photoshop resources) and EXIF anywhere in the bytes, a TIFF structure
 * with a GPS IFD anywhere, and the walker run again, which must find nothing more to drop.
 * Signatures are long enough that compressed pixel data does not spell them by chance
 * (about 10^-7 for a 15 MB file); a file that spells them on purpose is refused, not stored.
 */

const SIGNATURES = ['http://ns.adobe.com/', 'adobe:ns:meta', 'XML:com.adobe.xmp', 'Photoshop 3.0', 'Raw profile type'];
const TIFF_LE = 'II*\0';
const TIFF_BE = 'MM\0*';
const GPS_IFD_TAG = 0x8825;
/** Entries of IFD0 looked at; real ones have a few dozen. Bounds the work on crafted counts. */
const MAX_IFD_ENTRIES = 1024;

/**
 * Does the TIFF header at `at` have a GPSInfo entry in IFD0? Entries cut off by the end of the
 * bytes are not read, those present are, whatever their type: an EXIF reader follows a GPS
 * pointer even when other entries are damaged. By chance (the header, an IFD0 offset inside the
 * bytes, then the tag) this is about 10^-7 for 15 MB of pixel data.
 */
function gpsIfdAt(b: Uint8Array, at: number, le: boolean): boolean {
  const t = b.subarray(at);
  const r16 = (o: number) => (le ? u16le(t, o) : u16be(t, o));
  const ifd = le ? u32le(t, 4) : u32be(t, 4);
  if (ifd < 8 || ifd + 2 > t.length) return false;
  const count = Math.min(r16(ifd), MAX_IFD_ENTRIES);
  for (let k = 0; k < count && ifd + 2 + k * 12 + 12 <= t.length; k++) if (r16(ifd + 2 + k * 12) === GPS_IFD_TAG) return true;
  return false;
}

/** The only EXIF the walkers write in a JPEG: FF E1, length 34, "Exif\0\0", the orientation-only TIFF. */
function isOrientationApp1(b: Uint8Array, at: number, type: ImageMime): boolean {
  if (type !== 'image/jpeg' || at < 4 || b[at - 4] !== 0xff || b[at - 3] !== 0xe1 || u16be(b, at - 2) !== 34) return false;
  const tiffAt = at + EXIF_HEADER.length;
  return isOrientationOnlyTiff(b.subarray(tiffAt, tiffAt + ORIENTATION_TIFF_LENGTH));
}

/** What metadata is left in bytes about to be stored (null: none but an orientation-only EXIF block). */
export function leftoverMetadata(b: Uint8Array, type: ImageMime): string | null {
  for (const { text, at } of findTexts(b, [...SIGNATURES, EXIF_HEADER, TIFF_LE, TIFF_BE])) {
    if (text === EXIF_HEADER) {
      if (!isOrientationApp1(b, at, type)) return `an EXIF block at ${at}`;
    } else if (text === TIFF_LE || text === TIFF_BE) {
      if (gpsIfdAt(b, at, text === TIFF_LE)) return `a GPS IFD at ${at}`;
    } else {
      return `signature ${JSON.stringify(text)} at ${at}`;
    }
  }
  const again = cleanImage(b, type);
  if (isRefusal(again)) return `the cleaned file does not read again (${again.refused})`;
  if (!equalBytes(again.bytes, b)) return 'the cleaned file still has parts to drop';
  return null;
}
