/**
 * Settings' sections (issue 46): each has its own address, /settings/{section}, which the Worker
 * serves as Settings with her first screen (src/shared/first-screen.ts) and the page scrolls to.
 * In the order of the page.
 */
export const SETTINGS_SECTIONS = [
  'membership',
  'account',
  'preferences',
  'profile',
  'privacy',
  'password',
  'app',
  'email',
  'calendar',
  'passkeys',
  'two-factor',
  'devices',
  'data',
  'delete',
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const isSettingsSection = (value: string | undefined): value is SettingsSection =>
  (SETTINGS_SECTIONS as readonly string[]).includes(value ?? '');
