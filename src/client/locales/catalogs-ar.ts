// Written by scripts/i18n-compile.ts: the catalogs of ar, each a chunk of its own.
import type { Messages } from '@lingui/core';

/** wrangler.toml's define (true in the Worker's bundle), vite.config.ts's (false in the pages'). */
declare const CLIENT_IN_WORKER: boolean;
/** A catalog left out of the Worker (src/client/i18n/server-catalogs.ts), asked for there. */
const notInWorker = (name: string) => Promise.reject(new Error(`The ${name} catalog is not in the Worker's bundle`));

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => (CLIENT_IN_WORKER ? notInWorker('admin') : import('../features/admin/locales/ar')),
  auth: () => (CLIENT_IN_WORKER ? notInWorker('auth') : import('../features/auth/locales/ar')),
  circles: () => import('../features/circles/locales/ar'),
  events: () => import('../features/events/locales/ar'),
  gallery: () => import('../features/gallery/locales/ar'),
  homes: () => import('../features/homes/locales/ar'),
  mail: () => (CLIENT_IN_WORKER ? notInWorker('mail') : import('../features/mail/locales/ar')),
  member: () => import('../features/member/locales/ar'),
  members: () => import('../features/members/locales/ar'),
  membership: () => (CLIENT_IN_WORKER ? notInWorker('membership') : import('../features/membership/locales/ar')),
  messages: () => (CLIENT_IN_WORKER ? notInWorker('messages') : import('../features/messages/locales/ar')),
  notifications: () => import('../features/notifications/locales/ar'),
  public: () => (CLIENT_IN_WORKER ? notInWorker('public') : import('../features/public/locales/ar')),
  settings: () => import('../features/settings/locales/ar'),
  shell: () => import('./ar'),
  shared: () => import('../shared/locales/ar'),
  common: () => import('../../shared/locales/ar'),
};
