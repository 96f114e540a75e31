import { page } from '../routes';

/**
 * The member pages a lapsed member keeps (the server's twin: src/worker/platform/lapsed-gate.ts):
 * Settings, and her conversations to read (issue 38), not a new one.
 */
export const LAPSED_MEMBER_PAGES = /^\/(settings(\/[a-z-]+)?|messages(\/\d+)?)$/;

/** Her page when closed to her, and her /home (issue 46): its own chunk (only she needs the term's rules). */
export const LapsedNotice = page<'LapsedNotice', { renewsOn: string }>(
  () => import('../features/settings/lapsed-page'),
  'LapsedNotice',
  'settings',
);
