import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

/*
 * The JS QR decoder of the door's scanner, for browsers without BarcodeDetector (issue 43): ZXing's
 * QR reader alone (@zxing/library, its QR parts only), in a chunk of its own that only the
 * check-in screen loads, and only when it needs it.
 */

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);

/** The text of the QR code in the frame (RGBA pixels), or null. */
export function decodeQr(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  const luma = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < luma.length; i++, p += 4) luma[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, width, height)));
    return new QRCodeReader().decode(bitmap, hints).getText();
  } catch {
    return null;
  }
}
