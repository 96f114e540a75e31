import { exifApp1, join, pngExif, riffChunk, text, xmpApp1 } from './metadata-blocks';

// Tiny real images, made once with ImageMagick (-strip) or sharp (libvips/mozjpeg), kept as base64.

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** 16x12 baseline JPEG (JFIF, no EXIF). */
export const JPEG_16x12 = b64(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAMABADAREAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAQI/8QAFxAAAwEAAAAAAAAAAAAAAAAAAAESE//EABcBAQEBAQAAAAAAAAAAAAAAAAAHBAb/xAAZEQABBQAAAAAAAAAAAAAAAAAAAxQWUWH/2gAMAwEAAhEDEQA/ANZYo66QaZo7gxQkGiO4WyiQvVrLMxRoSg9WsMUaP//Z',
);
/** 16x12 progressive JPEG (sharp, mozjpeg): SOF2 and ten scans with DHT segments between them, no JFIF. */
export const JPEG_PROGRESSIVE_16x12 = b64(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wgARCAAMABADASIAAhEBAxEB/8QAFwAAAwEAAAAAAAAAAAAAAAAAAQIDBP/EABUBAQEAAAAAAAAAAAAAAAAAAAAB/9oADAMBAAIQAxAAAAESfZX/xAAaEAEAAgMBAAAAAAAAAAAAAAABAhIDERMi/9oACAEBAAEFAq6H02ZZOcR//8QAFxEBAAMAAAAAAAAAAAAAAAAAAQARIf/aAAgBAwEBPwG01n//xAAVEQEBAAAAAAAAAAAAAAAAAAAAAf/aAAgBAgEBPwGP/8QAHRAAAQQCAwAAAAAAAAAAAAAAAAERITECQUJRsf/aAAgBAQAGPwJk8siW4i4aqBuj/8QAHxABAAIBAwUAAAAAAAAAAAAAAREhADFBUYGhscHR/9oACAEBAAE/IdADU3QR2o8470CNNvmCUwIDR59YRCY6M//aAAwDAQACAAMAAAAQO//EABkRAAEFAAAAAAAAAAAAAAAAAPAAESExcf/aAAgBAwEBPxBjYGSv/8QAGBEBAAMBAAAAAAAAAAAAAAAAAQAxUUH/2gAIAQIBAT8Q22pzSf/EABsQAQEBAQADAQAAAAAAAAAAAAERIQAxQVFh/9oACAEBAAE/ENMolSxVuggrBZrppZY1xKhT2DK56OXMxAiai/qKeNfHGGKUkTBAYFwn3Xv/2Q==',
);
/** 8x8 baseline JPEG (sharp, 4:4:4) whose scan holds two stuffed 0xFF bytes (FF 00). */
export const JPEG_STUFFED_8x8 = b64(
  '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIAAgDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAABP/EABwQAAIDAQADAAAAAAAAAAAAAAIDAQQFEhETIv/EABUBAQEAAAAAAAAAAAAAAAAAAAQG/8QAGxEBAQEBAQEBAQAAAAAAAAAAAgEDBBIRIgX/2gAMAwEAAhEDEQA/ACUNt2vjIXVs2k6DksytRqdSoyR+1Gg2ExixCPEXEzCAhYj1M9EPqOg6znj158Unu0hiQpMm5v8AX2/Yv2cbC9GYpNWs2oyjDp5v5XXz9xnrlsz9U56A462QvQ3P1cyo6vSUklN+LPWq/wD/2Q==',
);
/** 4x3 PNG (IHDR, PLTE, IDAT, IEND). */
export const PNG_4x3 = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADAQMAAACOOjyFAAAAA1BMVEVrOksnX196AAAAC0lEQVQI12NgAAEAAAYAAWb0yWwAAAAASUVORK5CYII=',
);
/** 10x6 lossy WebP (simple format: one VP8 chunk). */
export const WEBP_10x6 = b64(
  'UklGRlQAAABXRUJQVlA4IEgAAAAwAwCdASoKAAYAAgA0JagCdLcAlgH8AwgD9APf/A9EArXgAP73nEpAeVM/+euOGOKv7kYY4q/99pf69v/gm/QruYB7V5jaAAA=',
);
/** 4x3 lossy WebP with alpha (extended format: VP8X, ALPH, VP8). */
export const WEBP_ALPHA_4x3 = b64(
  'UklGRoAAAABXRUJQVlA4WAoAAAAQAAAAAwAAAgAAQUxQSA0AAAAAeBi4WPiYONh4GLhYAFZQOCBMAAAA0AEAnQEqBAADAAKAQiWwAnQBNlcdRQAAze8lsfTEojf2hGfzpIZHFPP4HZfL9bsPJBMK/Yu6P/g43X7/t+Pr/8G/vAuhVj1SxpXcAA==',
);
/** 3x2 lossless WebP (simple format: one VP8L chunk). */
export const WEBP_LOSSLESS_3x2 = b64('UklGRjwAAABXRUJQVlA4TC8AAAAvAkAAAC8gJCBjQ0QbVEICMuWH6AehABoDaeYRUPMfcYTpY/pATEOmRie/iP7HBgA=');

/**
 * A one-frame animated WebP (VP8X with the animation flag, ANIM, one ANMF wrapping WEBP_10x6's
 * VP8 chunk). Built here, so it shows the structure more than a real animation.
 */
export function animatedWebp(frameExtras: Uint8Array[] = []): Uint8Array {
  const vp8 = WEBP_10x6.subarray(12);
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x02; // animation
  vp8x.set([9, 0, 0, 5, 0, 0], 4); // canvas 10x6, stored minus one
  const anim = new Uint8Array(6); // background colour, loop count
  const frameHeader = new Uint8Array([0, 0, 0, 0, 0, 0, 9, 0, 0, 5, 0, 0, 100, 0, 0, 0]); // x, y, w-1, h-1, duration, flags
  const anmf = riffChunk('ANMF', join(frameHeader, ...frameExtras, vp8));
  const body = join(riffChunk('VP8X', vp8x), riffChunk('ANIM', anim), anmf);
  const head = join(text('RIFF'), new Uint8Array(4), text('WEBP'));
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  return join(head, body);
}

/** JPEG_16x12 with an EXIF APP1 (GPS or not) and optionally an XMP APP1 right after SOI. */
export function jpegWithMetadata(opts: { gps: boolean; xmp?: string }): Uint8Array {
  return join(
    JPEG_16x12.subarray(0, 2),
    exifApp1({ gps: opts.gps }),
    opts.xmp ? xmpApp1(opts.xmp) : new Uint8Array(0),
    JPEG_16x12.subarray(2),
  );
}

/** PNG_4x3 with an eXIf chunk (with GPS) inserted after IHDR. */
export function pngWithExif(): Uint8Array {
  const ihdrEnd = 8 + 12 + 13;
  return join(PNG_4x3.subarray(0, ihdrEnd), pngExif({ gps: true }), PNG_4x3.subarray(ihdrEnd));
}

/** Does the byte string contain this ASCII text? */
export function containsText(bytes: Uint8Array, t: string): boolean {
  const needle = new TextEncoder().encode(t);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}
