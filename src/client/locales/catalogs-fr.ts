// Written by scripts/i18n-compile.ts: the catalogs of fr, each a chunk of its own.
import type { Messages } from '@lingui/core';

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => import('../features/admin/locales/fr'),
  auth: () => import('../features/auth/locales/fr'),
  circles: () => import('../features/circles/locales/fr'),
  events: () => import('../features/events/locales/fr'),
  gallery: () => import('../features/gallery/locales/fr'),
  homes: () => import('../features/homes/locales/fr'),
  mail: () => import('../features/mail/locales/fr'),
  member: () => import('../features/member/locales/fr'),
  members: () => import('../features/members/locales/fr'),
  membership: () => import('../features/membership/locales/fr'),
  messages: () => import('../features/messages/locales/fr'),
  notifications: () => import('../features/notifications/locales/fr'),
  public: () => import('../features/public/locales/fr'),
  settings: () => import('../features/settings/locales/fr'),
  shell: () =>
    Promise.all([import('./fr'), import('../shared/locales/fr')]).then(([a, b]) => ({ messages: { ...a.messages, ...b.messages } })),
  common: () => import('../../shared/locales/fr'),
};
