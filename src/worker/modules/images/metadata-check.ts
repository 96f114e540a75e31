import { equalBytes, offsetsOfText, u16be, u16le, u32be, u32le } from './bytes';
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
const GPS_IFD_TAG = 0x8825;
/** Entries of IFD0 looked at; real ones have a few dozen. Bounds the work on crafted counts. */
const MAX_IFD_ENTRIES = 1024;

/**
 * Is there, anywhere in these bytes, a TIFF header whose IFD0 has a GPSInfo entry? Entries cut
 * off by the end of the bytes are not read, those present are, whatever their type: an EXIF
 * reader follows a GPS pointer even when other entries are damaged. By chance (the header, an
 * IFD0 offset inside the bytes, then the tag) this is about 10^-7 for 15 MB of pixel data.
 */
export function hasGpsIfd(b: Uint8Array): boolean {
  for (const order of ['II*\0', 'MM\0*']) {
    const le = order === 'II*\0';
    for (const at of offsetsOfText(b, order)) {
      const t = b.subarray(at);
      const r16 = (o: number) => (le ? u16le(t, o) : u16be(t, o));
      const ifd = le ? u32le(t, 4) : u32be(t, 4);
      if (ifd < 8 || ifd + 2 > t.length) continue;
      const count = Math.min(r16(ifd), MAX_IFD_ENTRIES);
      for (let k = 0; k < count && ifd + 2 + k * 12 + 12 <= t.length; k++) if (r16(ifd + 2 + k * 12) === GPS_IFD_TAG) return true;
    }
  }
  return false;
}

/** What metadata is left in bytes about to be stored (null: none but an orientation-only EXIF block). */
export function leftoverMetadata(b: Uint8Array, type: ImageMime): string | null {
  for (const s of SIGNATURES) if (offsetsOfText(b, s).length) return `signature ${JSON.stringify(s)}`;
  for (const at of offsetsOfText(b, EXIF_HEADER)) {
    // Only the JPEG APP1 the walker writes: FF E1, length 34, the header, the orientation-only TIFF.
    const app1 = type === 'image/jpeg' && at >= 4 && b[at - 4] === 0xff && b[at - 3] === 0xe1 && u16be(b, at - 2) === 34;
    const tiff = b.subarray(at + EXIF_HEADER.length, at + EXIF_HEADER.length + ORIENTATION_TIFF_LENGTH);
    if (!app1 || !isOrientationOnlyTiff(tiff)) return `an EXIF block at ${at}`;
  }
  if (hasGpsIfd(b)) return 'a GPS IFD';
  const again = cleanImage(b, type);
  if (isRefusal(again)) return `the cleaned file does not read again (${again.refused})`;
  if (!equalBytes(again.bytes, b)) return 'the cleaned file still has parts to drop';
  return null;
}
