// Written by scripts/i18n-compile.ts: the catalogs of ar, each a chunk of its own.
import type { Messages } from '@lingui/core';

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => import('../features/admin/locales/ar'),
  auth: () => import('../features/auth/locales/ar'),
  circles: () => import('../features/circles/locales/ar'),
  events: () => import('../features/events/locales/ar'),
  gallery: () => import('../features/gallery/locales/ar'),
  homes: () => import('../features/homes/locales/ar'),
  mail: () => import('../features/mail/locales/ar'),
  member: () => import('../features/member/locales/ar'),
  members: () => import('../features/members/locales/ar'),
  membership: () => import('../features/membership/locales/ar'),
  messages: () => import('../features/messages/locales/ar'),
  notifications: () => import('../features/notifications/locales/ar'),
  public: () => import('../features/public/locales/ar'),
  settings: () => import('../features/settings/locales/ar'),
  shell: () =>
    Promise.all([import('./ar'), import('../shared/locales/ar')]).then(([a, b]) => ({ messages: { ...a.messages, ...b.messages } })),
  common: () => import('../../shared/locales/ar'),
};
