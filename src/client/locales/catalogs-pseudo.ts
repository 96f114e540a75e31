// Written by scripts/i18n-compile.ts: the catalogs of pseudo, each a chunk of its own.
import type { Messages } from '@lingui/core';

export const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  admin: () => import('../features/admin/locales/pseudo'),
  auth: () => import('../features/auth/locales/pseudo'),
  circles: () => import('../features/circles/locales/pseudo'),
  events: () => import('../features/events/locales/pseudo'),
  gallery: () => import('../features/gallery/locales/pseudo'),
  homes: () => import('../features/homes/locales/pseudo'),
  mail: () => import('../features/mail/locales/pseudo'),
  member: () => import('../features/member/locales/pseudo'),
  members: () => import('../features/members/locales/pseudo'),
  membership: () => import('../features/membership/locales/pseudo'),
  messages: () => import('../features/messages/locales/pseudo'),
  notifications: () => import('../features/notifications/locales/pseudo'),
  public: () => import('../features/public/locales/pseudo'),
  settings: () => import('../features/settings/locales/pseudo'),
  shell: () =>
    Promise.all([import('./pseudo'), import('../shared/locales/pseudo')]).then(([a, b]) => ({ messages: { ...a.messages, ...b.messages } })),
  common: () => import('../../shared/locales/pseudo'),
};
