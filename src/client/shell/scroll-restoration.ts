import { useLayoutEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * Scrolling like a site of separate pages (issue 31): a link to another page opens it at the top
 * (at the element a `#anchor` names), Back and Forward return to where she was, and so does a
 * reload. wouter has no scroll restoration (molefrog/wouter#300), and the browser's own restores
 * before the page it returns to has rendered (a lazy chunk, a query), then leaves a new page
 * where the old one was scrolled to. So this takes it over (`history.scrollRestoration =
 * 'manual'`): each history entry carries a key in its `history.state`, and its position is kept
 * under that key (in sessionStorage too, for a reload).
 */

const STATE_KEY = 'owowScroll';
const STORE = 'owow:scroll-positions';
/** How long a restore waits for the page to grow tall enough (its data arriving). */
const RESTORE_WAIT_MS = 3000;
/** Positions kept across a reload: the latest ones. */
const KEPT = 50;
const USER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

type Nav = 'push' | 'replace' | 'pop';

let positions = new Map<string, number>();
/** The entry whose position scrolling records; none between a navigation and the new page's render. */
let current: string | undefined;
let lastNav: Nav | undefined;
/** The address the last render showed, to tell a link to the same page. */
let shownUrl: string | undefined;
let ownReplace = false;
let stopRestore: (() => void) | undefined;

const urlNow = () => location.pathname + location.search;
const keyOf = (state: unknown): string | undefined =>
  state && typeof state === 'object' && STATE_KEY in state ? String((state as Record<string, unknown>)[STATE_KEY]) : undefined;

/** Gives the current entry this key in its state, in place (the URL unchanged). */
function stamp(key: string) {
  const state: object = history.state && typeof history.state === 'object' ? history.state : {};
  ownReplace = true;
  try {
    history.replaceState({ ...state, [STATE_KEY]: key }, '');
  } finally {
    ownReplace = false;
  }
}

/** The current entry's key, given to it when it has none yet. */
function entryKey(): string {
  const key = keyOf(history.state) ?? Math.random().toString(36).slice(2, 12);
  if (!keyOf(history.state)) stamp(key);
  return key;
}

function persist() {
  if (current !== undefined) positions.set(current, scrollY);
  try {
    sessionStorage.setItem(STORE, JSON.stringify([...positions].slice(-KEPT)));
  } catch {
    // Storage refused (private mode, full): positions still last as long as the page.
  }
}

function loadPositions() {
  try {
    positions = new Map(JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as [string, number][]);
  } catch {
    positions = new Map();
  }
}

function cancelRestore() {
  stopRestore?.();
  stopRestore = undefined;
}

/** Scrolls to `y` as soon as the page is tall enough for it, unless she scrolls first. */
function restore(y: number) {
  cancelRestore();
  const started = performance.now();
  let frame = 0;
  stopRestore = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLLS) removeEventListener(type, cancelRestore);
  };
  for (const type of USER_SCROLLS) addEventListener(type, cancelRestore, { passive: true });
  const attempt = () => {
    const room = Math.max(document.documentElement.scrollHeight - innerHeight, 0);
    scrollTo(0, Math.min(y, room));
    if (room >= y || performance.now() - started > RESTORE_WAIT_MS) cancelRestore();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
}

function toTopOrAnchor() {
  cancelRestore();
  const id = decodeURIComponent(location.hash.slice(1));
  const anchor = id ? document.getElementById(id) : null;
  if (anchor) anchor.scrollIntoView();
  else scrollTo(0, 0);
}

/** At a navigation the page is still the one she leaves: its position is final. */
function onNavigation(nav: Nav) {
  if (nav === 'replace') {
    if (ownReplace) return;
    // Someone else's replaceState (a redirect, a query tidied) drops the key: the entry keeps it.
    if (current !== undefined && !keyOf(history.state)) stamp(current);
    lastNav = nav;
    return;
  }
  if (current !== undefined) positions.set(current, scrollY);
  current = undefined;
  lastNav = nav;
  // A link to the page already shown renders nothing new: the new entry starts at the top here.
  if (nav === 'push' && urlNow() === shownUrl) {
    current = entryKey();
    lastNav = undefined;
    toTopOrAnchor();
  }
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  history.scrollRestoration = 'manual';
  loadPositions();
  addEventListener('pushState', () => onNavigation('push'));
  addEventListener('replaceState', () => onNavigation('replace'));
  addEventListener('popstate', () => onNavigation('pop'));
  let queued = false;
  addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        if (current !== undefined && !stopRestore) positions.set(current, scrollY);
      });
    },
    { passive: true },
  );
  addEventListener('pagehide', persist);
}

/** Mounted once, in the app shell (wouter's history events reach it from the first render). */
export function useScrollRestoration() {
  const [path] = useLocation();
  const search = useSearch();
  const shownPath = useRef<string | null>(null);
  // Runs once the new page has rendered (a lazy page may show its fallback first: restore waits for the height).
  useLayoutEffect(() => {
    install();
    const nav = lastNav;
    lastNav = undefined;
    current = entryKey();
    shownUrl = urlNow();
    const first = shownPath.current === null;
    const newPage = shownPath.current !== path;
    shownPath.current = path;
    const saved = positions.get(current);
    // Back or Forward, or a reload (the entry keeps its key in history.state): where she was.
    if ((nav === 'pop' || first) && saved !== undefined) restore(saved);
    // Another page: its top. The same page with another query (a filter, an image opened) stays put.
    else if (newPage && !first) toTopOrAnchor();
  }, [path, search]);
}
