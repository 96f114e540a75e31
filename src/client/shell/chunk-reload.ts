/**
 * After a deploy, a tab opened on the previous build asks for page chunks whose hashed names no
 * longer exist. Vite's preload helper then fires `vite:preloadError`; reloading fetches the new
 * index.html and its chunks. Once only: sessionStorage remembers the reload, and a second failure
 * within RELOAD_GUARD_MS (the chunk is really missing, or the network is down) is left to the
 * error boundary, so the page can never reload in a loop.
 */
const RELOADED_AT = 'owow:chunk-reload-at';
const RELOAD_GUARD_MS = 60_000;

let reloading = false;

/** True while the page is reloading for a missing chunk: the error boundary shows no error then. */
export function isReloadingForNewBuild(): boolean {
  return reloading;
}

/** A failed dynamic import (the browsers word it differently) or a failed preload of its CSS. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported/i.test(
    message,
  );
}

function lastReload(): number {
  try {
    return Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  } catch {
    return 0;
  }
}

/** Reloads once for a missing chunk; false when it did so moments ago (or storage is unavailable). */
export function reloadForNewBuild(): boolean {
  // Offline a chunk fails because the network does, not because a new build replaced it: a reload
  // would trade the page she has (a host's door list) for the browser's offline error.
  if (!navigator.onLine || Date.now() - lastReload() < RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false; // without the guard a reload could loop
  }
  reloading = true;
  window.location.reload();
  return true;
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Not prevented, the error reaches React.lazy and so the error boundary, which says so calmly.
    if (reloadForNewBuild()) event.preventDefault();
  });
}
