/** What the JPEG, PNG and WebP cleaners answer: the bytes to store, or why the file is refused. */

/** EXIF orientation: 1 is upright; 2-8 are the mirrorings and quarter turns a viewer applies. */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface CleanedImage {
  /** The file rebuilt from the parts a decoder needs, plus at most an orientation-only EXIF block. */
  bytes: Uint8Array;
  /** The pixel size as stored (before the orientation is applied). */
  width: number;
  height: number;
  /** The orientation kept from the file's first EXIF block (1 when it had none). */
  orientation: Orientation;
}

/** The file was not read with certainty; `reason` is for logs and tests, never shown to the member. */
export interface Refusal {
  refused: string;
}

export type CleanResult = CleanedImage | Refusal;

export const refuse = (reason: string): Refusal => ({ refused: reason });
export const isRefusal = (r: CleanResult): r is Refusal => 'refused' in r;
