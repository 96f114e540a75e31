import { describe, expect, it } from 'vitest';
import { inspectMetadata, readDimensions, sniffImageType, stripMetadata } from '../../../src/worker/modules/images/image-bytes';
import { parseRange } from '../../../src/worker/modules/images/image-storage';
import { containsText, JPEG_16x12, jpegWithMetadata, PNG_4x3, pngWithExif, WEBP_10x6, XMP_WITH_GPS } from './image-fixtures';

describe('sniffImageType and readDimensions', () => {
  it('recognise JPEG, PNG and WebP by their bytes and read their size', () => {
    expect(sniffImageType(JPEG_16x12)).toBe('image/jpeg');
    expect(readDimensions(JPEG_16x12, 'image/jpeg')).toEqual({ width: 16, height: 12 });
    expect(sniffImageType(PNG_4x3)).toBe('image/png');
    expect(readDimensions(PNG_4x3, 'image/png')).toEqual({ width: 4, height: 3 });
    expect(sniffImageType(WEBP_10x6)).toBe('image/webp');
    expect(readDimensions(WEBP_10x6, 'image/webp')).toEqual({ width: 10, height: 6 });
  });

  it('refuse anything else, whatever it claims to be', () => {
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});

describe('inspectMetadata and stripMetadata', () => {
  it('find an EXIF GPS block and XMP location in a JPEG, and remove both', () => {
    const dirty = jpegWithMetadata({ gps: true, xmp: XMP_WITH_GPS });
    expect(inspectMetadata(dirty, 'image/jpeg')).toEqual({ exif: true, xmp: true, location: true });
    const clean = stripMetadata(dirty, 'image/jpeg');
    expect(inspectMetadata(clean, 'image/jpeg')).toEqual({ exif: false, xmp: false, location: false });
    expect(clean).toEqual(JPEG_16x12);
    expect(containsText(clean, 'Exif')).toBe(false);
    expect(containsText(clean, 'GPS')).toBe(false);
  });

  it('tell camera EXIF without GPS apart from a GPS block', () => {
    expect(inspectMetadata(jpegWithMetadata({ gps: false }), 'image/jpeg')).toEqual({ exif: true, xmp: false, location: false });
    expect(inspectMetadata(JPEG_16x12, 'image/jpeg')).toEqual({ exif: false, xmp: false, location: false });
  });

  it('remove a PNG eXIf chunk and keep the image intact', () => {
    const dirty = pngWithExif();
    expect(inspectMetadata(dirty, 'image/png').location).toBe(true);
    const clean = stripMetadata(dirty, 'image/png');
    expect(clean).toEqual(PNG_4x3);
    expect(readDimensions(clean, 'image/png')).toEqual({ width: 4, height: 3 });
  });

  it('leave a clean image untouched', () => {
    expect(stripMetadata(WEBP_10x6, 'image/webp')).toBe(WEBP_10x6);
    expect(stripMetadata(JPEG_16x12, 'image/jpeg')).toBe(JPEG_16x12);
  });
});

describe('parseRange', () => {
  it('reads single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ offset: 0, length: 10 });
    expect(parseRange('bytes=90-', 100)).toEqual({ offset: 90, length: 10 });
    expect(parseRange('bytes=-5', 100)).toEqual({ offset: 95, length: 5 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ offset: 50, length: 50 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('bytes=9-3', 100)).toBe('invalid');
    expect(parseRange('bytes=-0', 100)).toBe('invalid');
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
