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

/**
 * A set of ASCII texts (each at least 4 bytes long) compiled for textSearch: a set Horspool search
 * on their first m bytes (m: the shortest text's length), which looks at about one byte in m of
 * pixel or media data, then a full compare where a prefix may end. Build it once per set of texts
 * (a module constant), not per call: the tables are 512 bytes to fill.
 */
export interface TextSearch {
  readonly texts: readonly string[];
  readonly longest: number;
  readonly m: number;
  readonly codes: readonly Uint8Array[];
  /** How far the window may move when its last byte is c: as far as c allows no prefix to start earlier. */
  readonly shift: Uint8Array;
  readonly endsPrefix: Uint8Array;
}

export function compileTexts(texts: readonly string[]): TextSearch {
  const codes = texts.map((t) => Uint8Array.from(t, (c) => c.charCodeAt(0)));
  if (codes.length === 0 || codes.some((c) => c.length < 4)) throw new Error('compileTexts needs texts of 4 bytes or more');
  const m = Math.min(8, ...codes.map((c) => c.length));
  const shift = new Uint8Array(256).fill(m);
  const endsPrefix = new Uint8Array(256);
  for (const c of codes) {
    for (let j = 0; j < m - 1; j++) shift[c[j]!] = Math.min(shift[c[j]!]!, m - 1 - j);
    endsPrefix[c[m - 1]!] = 1;
  }
  return { texts, longest: Math.max(...codes.map((c) => c.length)), m, codes, shift, endsPrefix };
}

/**
 * Where the first occurrence of one of the texts that lies wholly in b[from, to) starts, or -1;
 * textAt() tells which. Time linear in to - from (a compare of at most every text's length per
 * candidate), and nothing allocated: the video walk calls it between every two media payloads.
 */
export function firstTextAt(search: TextSearch, b: Uint8Array, from = 0, to = b.length): number {
  const { m, codes, shift, endsPrefix } = search;
  for (let i = from; i + m <= to; i += shift[b[i + m - 1]!]!) {
    if (!endsPrefix[b[i + m - 1]!]) continue;
    for (let k = 0; k < codes.length; k++) if (matchesAt(codes[k]!, b, i, to)) return i;
  }
  return -1;
}

const matchesAt = (c: Uint8Array, b: Uint8Array, i: number, to: number) => {
  if (i + c.length > to) return false;
  let j = 0;
  while (j < c.length && b[i + j] === c[j]) j++;
  return j === c.length;
};

/** Which of the texts starts at b[at] (firstTextAt's answer). */
export const textAt = (search: TextSearch, b: Uint8Array, at: number): string =>
  search.texts[search.codes.findIndex((c) => matchesAt(c, b, at, b.length))] ?? '';

/** The occurrences of the texts that lie wholly in b[from, to), in order. */
export function searchTexts(search: TextSearch, b: Uint8Array, from = 0, to = b.length): { text: string; at: number }[] {
  const { m, codes, shift, endsPrefix, texts } = search;
  const out: { text: string; at: number }[] = [];
  for (let i = from; i + m <= to; i += shift[b[i + m - 1]!]!) {
    if (!endsPrefix[b[i + m - 1]!]) continue;
    for (let k = 0; k < codes.length; k++) if (matchesAt(codes[k]!, b, i, to)) out.push({ text: texts[k]!, at: i });
  }
  return out;
}

/** Every occurrence of any of these ASCII texts (each at least 4 bytes long), in one pass over the bytes. */
export function findTexts(b: Uint8Array, texts: readonly string[]): { text: string; at: number }[] {
  return searchTexts(compileTexts(texts), b);
}

/** Same length and bytes; compared four bytes at a time when both start on a 4-byte boundary. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.length >> 2;
    const wa = new Uint32Array(a.buffer, a.byteOffset, words);
    const wb = new Uint32Array(b.buffer, b.byteOffset, words);
    for (; i < words; i++) if (wa[i] !== wb[i]) return false;
    i = words * 4;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
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
