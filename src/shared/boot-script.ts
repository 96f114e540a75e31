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
 * - **What she does before React takes the page over counts.** From the first paint, a tap on a
 *   button is kept (the browser's own action too, such as a form's submit) and every field she
 *   changes is noted, in order, until the page's content has hydrated. Then `replay()`
 *   (src/client/app.tsx; the page's error boundary if it fails instead) stops that and
 *   hands React every field she changed as the event it listens for (React keeps a field's value
 *   on hydration but never tells the page), all at once (a render between two would put the
 *   page's value back into a field not yet handed over), then
 *   each tap as the same click, in the order she made them, each in a task of its own (the page
 *   has rendered what the fields said before the first tap reads it).
 *
 * Replaying a field: what she typed is what the field said at her last input (a render of the page
 * before the hand-over may have put its own value back, as the login page's does once hydrated).
 * React fires onChange when the field differs from what its value tracker last saw, so the
 * tracker is told another value through the element, the field gets hers back through the DOM's
 * own setter, and the event goes out (input for text and dates, click for a checkbox or
 * a radio, change for a select or a file, which React reads without a tracker).
 *
 * The Content-Security-Policy allows this exact text by its hash (BOOT_SCRIPT_HASH; a worker test
 * holds the two together), and no other inline script.
 */
export const BOOT_SCRIPT = `(() => {
  const d = document, boot = d.currentScript, root = d.getElementById('root'), log = [];
  const FIELD = 'input, textarea, select';
  const keep = (e) => {
    const t = e.target instanceof Element && e.target.closest('button, [role="button"], [role="tab"], summary');
    if (t && root.contains(t)) { e.preventDefault(); e.stopPropagation(); log.push(t); }
  };
  const typed = new Map();
  const note = (e) => {
    const t = e.target;
    if (!(t instanceof Element && t.matches(FIELD) && root.contains(t))) return;
    log.push(t);
    typed.set(t, t.type === 'checkbox' || t.type === 'radio' ? t.checked : t.value);
  };
  const listen = (how) => { for (const [type, f] of [['click', keep], ['input', note], ['change', note]]) d[how](type, f, true); };
  listen('addEventListener');
  root.dataset.taps = 'kept';
  const field = (el) => {
    if (el.type === 'file') return el.dispatchEvent(new Event('change', { bubbles: true }));
    if (el.localName === 'select') { el.value = typed.get(el); return el.dispatchEvent(new Event('change', { bubbles: true })); }
    const box = el.type === 'checkbox' || el.type === 'radio', key = box ? 'checked' : 'value', hers = typed.get(el);
    el[key] = box ? !hers : hers ? '' : el.defaultValue || ' ';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), key).set.call(el, hers);
    el.dispatchEvent(new Event(box ? 'click' : 'input', { bubbles: true }));
  };
  window.owowBoot = {
    stop() { listen('removeEventListener'); delete root.dataset.taps; },
    replay() {
      this.stop();
      const kept = log.splice(0).filter((t) => t.isConnected), taps = kept.filter((t) => !t.matches(FIELD));
      for (const el of new Set(kept.filter((t) => t.matches(FIELD)))) field(el);
      const next = () => { const t = taps.shift(); if (t) { t.click(); setTimeout(next); } };
      setTimeout(next);
    },
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
export const BOOT_SCRIPT_HASH = "'sha256-XE026KMZg0R6u3P5uK58Rj86JjfMPxL8IbAsy1GkhoA='";

export const BOOT_SCRIPT_ID = 'boot';
