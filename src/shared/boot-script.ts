/**
 * The one inline script of a page that paints from its HTML (the prerendered public pages, the
 * members' main pages: scripts/lib/prerender-plugin.ts writes it in place of Vite's module script
 * and modulepreload links). Issue 27, ADR 0019.
 *
 * - **The page's scripts are asked for once the page has painted** (its first contentful paint, as
 *   the browser reports it; a second at most). They only hydrate what is on screen, so they need
 *   not share the phone's first bytes and first frame with the page's own text and images.
 *   The first is the entry, the others its chunks (`data-scripts`, space-separated). A page that
 *   cannot paint her content without them (the Worker sends her data alone: `data-now`) asks at
 *   once, at normal priority; so does a page opened in the background, which paints nothing.
 * - **A tap before React takes the page over is kept.** From the first paint, a tap on a button of
 *   the page is held (the browser's own action too) and handed to React as the same click once it
 *   listens: src/client/main.tsx calls `window.owowReleaseTaps()` right after hydrateRoot.
 *
 * The Content-Security-Policy allows this exact text by its hash (BOOT_SCRIPT_HASH; a worker test
 * holds the two together), and no other inline script.
 */
export const BOOT_SCRIPT = `(() => {
  const d = document, boot = d.currentScript, root = d.getElementById('root'), kept = new Set();
  const keep = (e) => {
    const t = e.target instanceof Element && e.target.closest('button, [role="button"], [role="tab"], summary');
    if (t && root.contains(t)) { e.preventDefault(); e.stopPropagation(); kept.add(t); }
  };
  d.addEventListener('click', keep, true);
  root.dataset.taps = 'kept';
  window.owowReleaseTaps = () => {
    d.removeEventListener('click', keep, true);
    delete root.dataset.taps;
    for (const t of kept) if (t.isConnected) t.click();
  };
  const [entry, ...chunks] = boot.dataset.scripts.split(' ');
  const now = 'now' in boot.dataset;
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    const add = (el) => { el.crossOrigin = ''; if (!now) el.fetchPriority = 'low'; d.head.append(el); };
    for (const href of chunks) add(Object.assign(d.createElement('link'), { rel: 'modulepreload', href }));
    add(Object.assign(d.createElement('script'), { type: 'module', src: entry }));
  };
  if (now || d.visibilityState !== 'visible') ask();
  else {
    const painted = () => setTimeout(ask);
    setTimeout(ask, 1000);
    if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
      new PerformanceObserver((list, o) => {
        if (list.getEntriesByName('first-contentful-paint').length) { o.disconnect(); painted(); }
      }).observe({ type: 'paint', buffered: true });
    else requestAnimationFrame(painted);
  }
})();`;

/** The CSP source that allows BOOT_SCRIPT: sha256 of its text, base64. */
export const BOOT_SCRIPT_HASH = "'sha256-duPhSNY5a7BezQ6SlCPTrH1qpDAWk2KLfqIw8HbUG9E='";

export const BOOT_SCRIPT_ID = 'boot';
