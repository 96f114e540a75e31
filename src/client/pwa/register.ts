import type { PageToWorker } from '../../shared/offline';
import type { InstallPromptWindow } from '../lib/install-prompt-event';
import { i18n } from '../i18n/i18n';

/*
 * The service worker (issue 40), registered once the page is interactive (src/client/main.tsx
 * imports this chunk a few seconds after start-up; importing it registers), so it costs the first
 * load nothing. It then:
 * - asks the worker to refresh her offline schedule (the worker checks her session first), and
 *   tells it the page's language (its offline page speaks it);
 * - says "A new version of the club is ready" with Reload when a new build's worker is waiting,
 *   and on Reload lets it take over and loads the page again, so a page never mixes two builds.
 */

const tell = (worker: ServiceWorker | null | undefined, message: PageToWorker) => worker?.postMessage(message);

let banner: HTMLElement | null = null;

function showUpdateBanner(waiting: ServiceWorker) {
  if (banner) return;
  banner = document.createElement('div');
  banner.className = 'app-update';
  banner.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = i18n.t('A new version of the club is ready');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button';
  reload.textContent = i18n.t('Reload');
  reload.addEventListener('click', () => {
    reload.disabled = true;
    reloadWhenTakenOver = true;
    tell(waiting, { type: 'skip-waiting' });
  });
  banner.appendChild(text);
  banner.appendChild(reload);
  document.body.appendChild(banner);
}

let reloadWhenTakenOver = false;

/** Watches a registration for a new build's worker that has installed while this page has a worker. */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) showUpdateBanner(registration.waiting);
  };
  offer();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
  // A deploy while she keeps the app open: look again when she comes back to it, and hourly.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => {});
  });
  setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // Chromium offers to install only once a worker controls the page: this listens before that, and
  // keeps the offer for Settings' "Install the app" (lib/install-prompt.ts).
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    (window as InstallPromptWindow).owowInstallPrompt = event;
    // INSTALL_PROMPT_EVENT, written out: a value imported from there would be a chunk of its own.
    window.dispatchEvent(new Event('owow-install-prompt'));
  });
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Her Reload: the new build now serves this page. Another tab's Reload is not hers: this page
    // keeps what it has loaded (a chunk it no longer finds reloads it once: shell/chunk-reload.ts).
    if (reloadWhenTakenOver && hadController) window.location.reload();
  });
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  watchForUpdates(registration);
  const ready = await navigator.serviceWorker.ready;
  tell(ready.active, { type: 'language', language: document.documentElement.lang });
  tell(ready.active, { type: 'sync-schedule' });
}

void registerServiceWorker().catch(() => {});
