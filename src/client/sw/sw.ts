import { cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import {
  answerKey,
  OFFLINE_EVENTS,
  SCHEDULE_CACHE,
  SCHEDULE_SNAPSHOT_URL,
  type PageToWorker,
  type ScheduleSnapshot,
} from '../../shared/offline';
import type { PushPayload } from '../../shared/push';
import { keepLanguage, NOT_KEPT, offlineLanguage, offlinePageIn, say } from './offline-language';
import type { SwFetchEvent, SwScope } from './sw-types';

/*
 * The club's service worker (issue 40), built by vite-plugin-pwa (injectManifest, Workbox) into
 * /sw.js. It never serves stale code or another member's data:
 * - It precaches this build's hashed scripts and styles, the empty app shell and the offline page
 *   (Workbox's precache, one revision per build). A page keeps the build it was loaded with: its
 *   lazy chunks come from this precache even after a deploy removed them from the server. A new
 *   build's worker waits until the page's "Reload" (src/client/pwa/register.ts) lets it take over.
 * - Pages and the API go to the network. Only when the network fails does it answer: her schedule's
 *   pages (the app shell, /auth-status and the tRPC answers of her snapshot) and, for any other page,
 *   the offline page (in her language: offline-language.ts). Nothing the API answers is stored but her schedule; /api/live, uploads and
 *   every write pass straight through (a write offline fails, and the page says so in words).
 * - Her schedule is refreshed when a page of hers asks (sync-schedule) or her session changes (an
 *   /auth-status answer passing through), after it checked her session with the server: signed
 *   out, or another member, and the snapshot is deleted first.
 * - Push: shows the notification with the club's icon, one per tag, and a tap opens or focuses the
 *   app at its URL.
 */

declare const self: SwScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first worker takes the pages that are open at once; a later one waits for the page's Reload.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The snapshot, or null. */
async function readSnapshot(): Promise<ScheduleSnapshot | null> {
  const cache = await caches.open(SCHEDULE_CACHE);
  const res = await cache.match(SCHEDULE_SNAPSHOT_URL);
  return res ? ((await res.json()) as ScheduleSnapshot) : null;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Offline': '1' } });

/** A tRPC GET (one call or a batch) answered from the snapshot: each call it has, an error for the rest. */
function trpcAnswer(url: URL, snapshot: ScheduleSnapshot, notKept: string): Response {
  const paths = decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
  const batch = url.searchParams.get('batch') === '1';
  let inputs: Record<string, unknown> = {};
  try {
    const raw = JSON.parse(url.searchParams.get('input') ?? (batch ? '{}' : 'null')) as unknown;
    inputs = batch ? ((raw ?? {}) as Record<string, unknown>) : { 0: raw };
  } catch {
    return Response.error();
  }
  const items = paths.map((path, i) => {
    const key = answerKey(path, inputs[String(i)]);
    if (key in snapshot.answers) return { result: { data: snapshot.answers[key] } };
    return {
      error: {
        message: notKept,
        code: -32603,
        // eslint-disable-next-line lingui/no-unlocalized-strings -- tRPC's error code
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 503, path },
      },
    };
  });
  const failed = items.some((it) => 'error' in it);
  if (!batch) return json(items[0], failed ? 503 : 200);
  return json(items, failed ? (items.every((it) => 'error' in it) ? 503 : 207) : 200);
}

/** Offline: what the snapshot can answer for this request, else null. */
async function offlineAnswer(request: Request, url: URL): Promise<Response | null> {
  const snapshot = await readSnapshot();
  if (request.mode === 'navigate') {
    if (snapshot?.pages.includes(url.pathname)) return (await matchPrecache('/index.html')) ?? null;
    const page = await matchPrecache('/offline.html');
    return page ? offlinePageIn(page, await offlineLanguage()) : null;
  }
  if (!snapshot) return null;
  if (url.pathname === '/auth-status') return json(snapshot.auth);
  if (url.pathname.startsWith('/trpc/')) return trpcAnswer(url, snapshot, say(await offlineLanguage(), NOT_KEPT));
  return null;
}

self.addEventListener('fetch', (event: SwFetchEvent) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    // This build's files from the precache (the page's own build, even after a deploy); others from the network.
    event.respondWith(matchPrecache(url.pathname).then((hit) => hit ?? fetch(request)));
    return;
  }
  const handled = request.mode === 'navigate' || url.pathname === '/auth-status' || url.pathname.startsWith('/trpc/');
  if (!handled) return;
  event.respondWith(
    fetch(request).then(
      (res) => {
        // Her session as the server just told her page (after a sign-in, a sign-out, a session
        // ended elsewhere): the schedule follows it.
        if (url.pathname === '/auth-status' && res.ok) event.waitUntil(followSession(res.clone()));
        return res;
      },
      async (error: unknown) => {
        const answer = await offlineAnswer(request, url);
        if (answer) return answer;
        throw error;
      },
    ),
  );
});

/** One tRPC query as her page would ask it (her cookie goes with it); null when it failed. */
async function query(path: string, input?: unknown): Promise<unknown> {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a query string
  const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await fetch(`/trpc/${path}${qs}`, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) return null;
  return ((await res.json()) as { result?: { data?: unknown } }).result?.data ?? null;
}

async function forgetSchedule(): Promise<void> {
  await caches.delete(SCHEDULE_CACHE);
}

/**
 * Checks her session with the server, then keeps her schedule: her events (the list and each
 * event's page as she sees it: time, place, the private details she may see, participants, her ticket) and
 * her accepted stays (the list and each home's page, its address included).
 */
async function syncSchedule(): Promise<void> {
  const res = await fetch('/auth-status', { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) return;
  const auth = (await res.json()) as { authenticated?: boolean; user?: { id: number } | null };
  const previous = await readSnapshot();
  if (!auth.authenticated || !auth.user) return forgetSchedule();
  if (previous && previous.userId !== auth.user.id) await forgetSchedule();
  const answers: Record<string, unknown> = {};
  const pages = new Set<string>(['/activities-member']);
  const schedule = (await query('events.mySchedule')) as { id: number; slug: string }[] | null;
  if (!schedule) return;
  answers[answerKey('events.mySchedule', undefined)] = schedule;
  for (const ev of schedule.slice(0, OFFLINE_EVENTS)) {
    const page = await query('events.byId', { ref: String(ev.id) });
    if (page === null) continue;
    for (const ref of [String(ev.id), ev.slug]) {
      answers[answerKey('events.byId', { ref })] = page;
      pages.add(`/events/${ref}`);
    }
    // Issue 43: her ticket (a participant's) and what the event page shows of the door, so the
    // code opens at a venue without reception.
    for (const path of ['checkIn.door', 'checkIn.ticket']) {
      const answer = await query(path, { id: ev.id });
      if (answer !== null) answers[answerKey(path, { id: ev.id })] = answer;
    }
  }
  const stays = (await query('homes.stays', { role: 'guest', limit: 100 })) as {
    items: { status: string; end_date: string; home: { id: number } }[];
  } | null;
  if (stays) {
    answers[answerKey('homes.stays', { role: 'guest', limit: 100 })] = stays;
    pages.add('/homes/requests');
    const today = new Date().toISOString().slice(0, 10);
    const homes = new Set(stays.items.filter((s) => s.status === 'accepted' && s.end_date >= today).map((s) => s.home.id));
    for (const id of homes) {
      const home = await query('homes.get', { id });
      if (home === null) continue;
      answers[answerKey('homes.get', { id })] = home;
      pages.add(`/homes/${id}`);
    }
  }
  const snapshot: ScheduleSnapshot = { userId: auth.user.id, savedAt: Date.now(), auth, answers, pages: [...pages] };
  const cache = await caches.open(SCHEDULE_CACHE);
  await cache.put(SCHEDULE_SNAPSHOT_URL, new Response(JSON.stringify(snapshot), { headers: { 'Content-Type': 'application/json' } }));
}

/** A snapshot younger than this is not fetched again when her session is the same. */
const RESYNC_MS = 5 * 60 * 1000;
let syncing: Promise<void> | null = null;

/** One sync at a time; the page's and the session's requests share it. */
function syncOnce(): Promise<void> {
  syncing ??= syncSchedule()
    .catch(() => {})
    .finally(() => (syncing = null));
  return syncing;
}

async function followSession(res: Response): Promise<void> {
  const auth = (await res.json().catch(() => null)) as { authenticated?: boolean; user?: { id: number } | null } | null;
  if (!auth) return;
  if (!auth.authenticated || !auth.user) return forgetSchedule();
  const snapshot = await readSnapshot();
  if (!snapshot || snapshot.userId !== auth.user.id || Date.now() - snapshot.savedAt > RESYNC_MS) await syncOnce();
}

self.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | null;
  if (message?.type === 'skip-waiting') void self.skipWaiting();
  else if (message?.type === 'forget-schedule') event.waitUntil(forgetSchedule());
  else if (message?.type === 'sync-schedule') event.waitUntil(syncOnce());
  else if (message?.type === 'language') event.waitUntil(keepLanguage(message.language));
});

self.addEventListener('push', (event) => {
  let payload: PushPayload | null;
  try {
    payload = (event.data?.json() ?? null) as PushPayload | null;
  } catch {
    return;
  }
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.tag,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/notifications';
  const target = new URL(path.startsWith('/') ? path : '/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (client) {
        const focused = await client.focus();
        await focused.navigate(target);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
