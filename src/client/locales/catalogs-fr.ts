// Written by scripts/i18n-compile.ts: the catalogs of fr, each a chunk of its own.
import type { Messages } from '@lingui/core';

/** wrangler.toml's define (true in the Worker's bundle), vite.config.ts's (false in the pages'). */
declare const CLIENT_IN_WORKER: boolean;
/** A catalog left out of the Worker (src/client/i18n/server-catalogs.ts), asked for there. */
const notInWorker = (name: string) => Promise.reject(new Error(`The ${name} catalog is not in the Worker's bundle`));

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => (CLIENT_IN_WORKER ? notInWorker('admin') : import('../features/admin/locales/fr')),
  auth: () => (CLIENT_IN_WORKER ? notInWorker('auth') : import('../features/auth/locales/fr')),
  circles: () => import('../features/circles/locales/fr'),
  events: () => import('../features/events/locales/fr'),
  gallery: () => import('../features/gallery/locales/fr'),
  homes: () => import('../features/homes/locales/fr'),
  mail: () => (CLIENT_IN_WORKER ? notInWorker('mail') : import('../features/mail/locales/fr')),
  member: () => import('../features/member/locales/fr'),
  members: () => import('../features/members/locales/fr'),
  membership: () => (CLIENT_IN_WORKER ? notInWorker('membership') : import('../features/membership/locales/fr')),
  messages: () => (CLIENT_IN_WORKER ? notInWorker('messages') : import('../features/messages/locales/fr')),
  notifications: () => import('../features/notifications/locales/fr'),
  public: () => (CLIENT_IN_WORKER ? notInWorker('public') : import('../features/public/locales/fr')),
  settings: () => import('../features/settings/locales/fr'),
  shell: () => import('./fr'),
  shared: () => import('../shared/locales/fr'),
  common: () => import('../../shared/locales/fr'),
};
