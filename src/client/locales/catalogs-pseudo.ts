// Written by scripts/i18n-compile.ts: the catalogs of pseudo, each a chunk of its own.
import type { Messages } from '@lingui/core';

/** wrangler.toml's define (true in the Worker's bundle), vite.config.ts's (false in the pages'). */
declare const CLIENT_IN_WORKER: boolean;
/** A catalog left out of the Worker (src/client/i18n/server-catalogs.ts), asked for there. */
const notInWorker = (name: string) => Promise.reject(new Error(`The ${name} catalog is not in the Worker's bundle`));

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => (CLIENT_IN_WORKER ? notInWorker('admin') : import('../features/admin/locales/pseudo')),
  auth: () => (CLIENT_IN_WORKER ? notInWorker('auth') : import('../features/auth/locales/pseudo')),
  circles: () => import('../features/circles/locales/pseudo'),
  events: () => import('../features/events/locales/pseudo'),
  gallery: () => import('../features/gallery/locales/pseudo'),
  homes: () => import('../features/homes/locales/pseudo'),
  mail: () => (CLIENT_IN_WORKER ? notInWorker('mail') : import('../features/mail/locales/pseudo')),
  member: () => import('../features/member/locales/pseudo'),
  members: () => import('../features/members/locales/pseudo'),
  membership: () => (CLIENT_IN_WORKER ? notInWorker('membership') : import('../features/membership/locales/pseudo')),
  messages: () => (CLIENT_IN_WORKER ? notInWorker('messages') : import('../features/messages/locales/pseudo')),
  notifications: () => import('../features/notifications/locales/pseudo'),
  public: () => (CLIENT_IN_WORKER ? notInWorker('public') : import('../features/public/locales/pseudo')),
  settings: () => import('../features/settings/locales/pseudo'),
  shell: () => import('./pseudo'),
  shared: () => import('../shared/locales/pseudo'),
  common: () => import('../../shared/locales/pseudo'),
};
