/**
 * Taps on a rendered page before React has taken it over (issue 27).
 *
 * A member's pages and the public ones paint from their HTML (src/worker/first-screen.ts, the
 * build's prerender), so a button is on screen before the scripts have run. Once React has taken
 * the page over (hydrateRoot), it keeps a tap on a part it has not hydrated yet and replays it
 * itself; before that, nothing would answer. From the moment the entry runs until then, a tap on a
 * button is kept here (and the browser's own action, such as a native form submit, held back), and
 * handed to React as the same click as soon as it listens.
 */

const TAPPABLE = 'button, [role="button"], [role="tab"], summary';

export function keepTapsUntilHydrated(container: HTMLElement): () => void {
  const kept = new Set<HTMLElement>();
  const keep = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(TAPPABLE) : null;
    if (!target || !container.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    kept.add(target);
  };
  document.addEventListener('click', keep, true);
  // Said on the container while taps are kept (a test waits for it before it taps).
  container.dataset.taps = 'kept';
  /** Call right after hydrateRoot: React's listeners are on the root from then on. */
  return () => {
    document.removeEventListener('click', keep, true);
    delete container.dataset.taps;
    for (const target of kept) if (target.isConnected) target.click();
  };
}
