// Written by scripts/i18n-compile.ts: the catalogs of es, each a chunk of its own.
import type { Messages } from '@lingui/core';

/** wrangler.toml's define (true in the Worker's bundle), vite.config.ts's (false in the pages'). */
declare const CLIENT_IN_WORKER: boolean;
/** A catalog left out of the Worker (src/client/i18n/server-catalogs.ts), asked for there. */
const notInWorker = (name: string) => Promise.reject(new Error(`The ${name} catalog is not in the Worker's bundle`));

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => (CLIENT_IN_WORKER ? notInWorker('admin') : import('../features/admin/locales/es')),
  auth: () => (CLIENT_IN_WORKER ? notInWorker('auth') : import('../features/auth/locales/es')),
  circles: () => import('../features/circles/locales/es'),
  events: () => import('../features/events/locales/es'),
  gallery: () => import('../features/gallery/locales/es'),
  homes: () => import('../features/homes/locales/es'),
  mail: () => (CLIENT_IN_WORKER ? notInWorker('mail') : import('../features/mail/locales/es')),
  member: () => import('../features/member/locales/es'),
  members: () => import('../features/members/locales/es'),
  membership: () => (CLIENT_IN_WORKER ? notInWorker('membership') : import('../features/membership/locales/es')),
  messages: () => (CLIENT_IN_WORKER ? notInWorker('messages') : import('../features/messages/locales/es')),
  notifications: () => import('../features/notifications/locales/es'),
  public: () => (CLIENT_IN_WORKER ? notInWorker('public') : import('../features/public/locales/es')),
  settings: () => import('../features/settings/locales/es'),
  shell: () => import('./es'),
  shared: () => import('../shared/locales/es'),
  common: () => import('../../shared/locales/es'),
};
