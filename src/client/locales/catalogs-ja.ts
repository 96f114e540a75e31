// Written by scripts/i18n-compile.ts: the catalogs of ja, each a chunk of its own.
import type { Messages } from '@lingui/core';

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => import('../features/admin/locales/ja'),
  auth: () => import('../features/auth/locales/ja'),
  circles: () => import('../features/circles/locales/ja'),
  events: () => import('../features/events/locales/ja'),
  gallery: () => import('../features/gallery/locales/ja'),
  homes: () => import('../features/homes/locales/ja'),
  mail: () => import('../features/mail/locales/ja'),
  member: () => import('../features/member/locales/ja'),
  members: () => import('../features/members/locales/ja'),
  membership: () => import('../features/membership/locales/ja'),
  messages: () => import('../features/messages/locales/ja'),
  notifications: () => import('../features/notifications/locales/ja'),
  public: () => import('../features/public/locales/ja'),
  settings: () => import('../features/settings/locales/ja'),
  shell: () =>
    Promise.all([import('./ja'), import('../shared/locales/ja')]).then(([a, b]) => ({ messages: { ...a.messages, ...b.messages } })),
  common: () => import('../../shared/locales/ja'),
};
