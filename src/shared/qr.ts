import { encode } from 'uqr';

/**
 * A QR code as one SVG path of its dark modules (uqr's matrix), with the four-module quiet zone
 * the standard asks for, so phone cameras find it. The 2FA set-up draws its otpauth:// URI with
 * it in the browser; the Worker draws event tickets with it (issue 43). Nothing leaves for an
 * image service, and no markup is injected.
 */
export function qrPath(value: string, ecc: 'L' | 'M' | 'Q' | 'H' = 'M'): { path: string; size: number; modules: boolean[][] } {
  const qr = encode(value, { ecc, border: 4 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { path, size: qr.size, modules: qr.data };
}

/** The code as a whole SVG document (black on white, crisp edges), labelled for screen readers. */
export function qrSvg(value: string, label: string): string {
  const { path, size } = qrPath(value);
  const escaped = label.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escaped}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
