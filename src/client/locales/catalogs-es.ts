// Written by scripts/i18n-compile.ts: the catalogs of es, each a chunk of its own.
import type { Messages } from '@lingui/core';

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => import('../features/admin/locales/es'),
  auth: () => import('../features/auth/locales/es'),
  circles: () => import('../features/circles/locales/es'),
  events: () => import('../features/events/locales/es'),
  gallery: () => import('../features/gallery/locales/es'),
  homes: () => import('../features/homes/locales/es'),
  mail: () => import('../features/mail/locales/es'),
  member: () => import('../features/member/locales/es'),
  members: () => import('../features/members/locales/es'),
  membership: () => import('../features/membership/locales/es'),
  messages: () => import('../features/messages/locales/es'),
  notifications: () => import('../features/notifications/locales/es'),
  public: () => import('../features/public/locales/es'),
  settings: () => import('../features/settings/locales/es'),
  shell: () =>
    Promise.all([import('./es'), import('../shared/locales/es')]).then(([a, b]) => ({ messages: { ...a.messages, ...b.messages } })),
  common: () => import('../../shared/locales/es'),
};
