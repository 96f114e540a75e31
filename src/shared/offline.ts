/*
 * Issue 40: what a member's device keeps for offline use, shared by the service worker
 * (src/client/sw/sw.ts) and the page (src/client/pwa/). Only her schedule: the events she joined,
 * waits for or hosts, and her accepted stays, as the app's own queries answer them. Nothing else
 * the API answers is ever stored by the service worker.
 */

/** The Cache Storage cache that holds it; Clear-Site-Data "storage" (logout) empties it too. */
export const SCHEDULE_CACHE = 'owow-schedule-v1';

/** The request key her snapshot is stored under in that cache (never a real route). */
export const SCHEDULE_SNAPSHOT_URL = '/__offline/schedule.json';

/** The language of her last page (its `<html lang>`), which the offline page speaks (src/client/sw/offline-language.ts). */
export const LANGUAGE_CACHE = 'owow-page-v1';
export const LANGUAGE_URL = '/__offline/language';

/** At most this many of her events are kept, soonest first. */
export const OFFLINE_EVENTS = 40;

/** What the page tells the service worker (postMessage); `language` is the page's `<html lang>`, for the offline page. */
export type PageToWorker =
  { type: 'sync-schedule' } | { type: 'forget-schedule' } | { type: 'skip-waiting' } | { type: 'language'; language: string };

/** Her snapshot: her session's answer, and the tRPC answers her schedule's pages ask for. */
export interface ScheduleSnapshot {
  userId: number;
  savedAt: number;
  /** GET /auth-status as it answered her. */
  auth: unknown;
  /** `${procedure}|${JSON of its input}` to the procedure's answer. */
  answers: Record<string, unknown>;
  /** The app paths that open offline from it. */
  pages: string[];
}

/** The key of a tRPC call in a snapshot: its path and its input as JSON (keys sorted). */
export function answerKey(path: string, input: unknown): string {
  return `${path}|${stableJson(input ?? null)}`;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
