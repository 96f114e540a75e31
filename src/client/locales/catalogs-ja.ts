// Written by scripts/i18n-compile.ts: the catalogs of ja, each a chunk of its own.
import type { Messages } from '@lingui/core';

/** wrangler.toml's define (true in the Worker's bundle), vite.config.ts's (false in the pages'). */
declare const CLIENT_IN_WORKER: boolean;
/** A catalog left out of the Worker (src/client/i18n/server-catalogs.ts), asked for there. */
const notInWorker = (name: string) => Promise.reject(new Error(`The ${name} catalog is not in the Worker's bundle`));

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => (CLIENT_IN_WORKER ? notInWorker('admin') : import('../features/admin/locales/ja')),
  auth: () => (CLIENT_IN_WORKER ? notInWorker('auth') : import('../features/auth/locales/ja')),
  circles: () => import('../features/circles/locales/ja'),
  events: () => import('../features/events/locales/ja'),
  gallery: () => import('../features/gallery/locales/ja'),
  homes: () => import('../features/homes/locales/ja'),
  mail: () => (CLIENT_IN_WORKER ? notInWorker('mail') : import('../features/mail/locales/ja')),
  member: () => import('../features/member/locales/ja'),
  members: () => import('../features/members/locales/ja'),
  membership: () => (CLIENT_IN_WORKER ? notInWorker('membership') : import('../features/membership/locales/ja')),
  messages: () => (CLIENT_IN_WORKER ? notInWorker('messages') : import('../features/messages/locales/ja')),
  notifications: () => import('../features/notifications/locales/ja'),
  public: () => (CLIENT_IN_WORKER ? notInWorker('public') : import('../features/public/locales/ja')),
  settings: () => import('../features/settings/locales/ja'),
  shell: () => import('./ja'),
  shared: () => import('../shared/locales/ja'),
  common: () => import('../../shared/locales/ja'),
};
