/**
 * The hand-over from the boot script of a page painted from its HTML (src/shared/boot-script.ts):
 * what she did before React took the page over. Absent on pages without it (the empty shell).
 */
interface BootHandOver {
  /** Taps and fields are no longer kept (the page was rendered afresh: nothing kept is left on it). */
  stop(): void;
  /** The page's content has hydrated: her fields, then her taps, in the order she made them. */
  replay(): void;
}

declare global {
  interface Window {
    owowBoot?: BootHandOver;
  }
}

export const stopKeepingTaps = () => window.owowBoot?.stop();
export const replayBeforeHydration = () => window.owowBoot?.replay();
