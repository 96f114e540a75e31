/** Small readers over byte arrays, shared by the JPEG, PNG and WebP walkers. Reads past the end give 0. */

export const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
export const u32be = (b: Uint8Array, at: number) =>
  (b[at] ?? 0) * 0x1000000 + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));
export const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
export const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
export const u32le = (b: Uint8Array, at: number) => u24le(b, at) + (b[at + 3] ?? 0) * 0x1000000;

/** The bytes at `at` read as Latin-1 text (for magic numbers and FourCCs). */
export const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

/** Do the bytes at `at` spell this ASCII text? */
export function startsWithText(b: Uint8Array, at: number, t: string): boolean {
  if (at < 0 || at + t.length > b.length) return false;
  for (let k = 0; k < t.length; k++) if (b[at + k] !== t.charCodeAt(k)) return false;
  return true;
}

/** Every offset where the ASCII text occurs (native indexOf on its first byte, so linear in practice). */
export function offsetsOfText(b: Uint8Array, t: string): number[] {
  const out: number[] = [];
  const first = t.charCodeAt(0);
  for (let i = b.indexOf(first); i >= 0; i = b.indexOf(first, i + 1)) if (startsWithText(b, i, t)) out.push(i);
  return out;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The parts one after another in a new array. */
export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
