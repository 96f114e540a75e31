/** SPEC 9's lightbox constants: the defaults the gallery's lightbox is configured with. */
export const LIGHTBOX_DEFAULTS = {
  zoomTransitionMs: 300,
  /** A video slide whose size is unknown waits this long for its metadata, then takes videoDefaultSize. */
  videoMetadataTimeoutMs: 3000,
  /** Space between slides as a fraction of the viewport. */
  slideDistance: 0.3,
  slideshowMs: 8000,
  uiFadeOutMs: 8000,
  zoomIncrement: 0.25,
  minPinchZoom: 0.9,
  videoDefaultSize: { width: 1920, height: 1080 },
} as const;
