import { i18n } from '../i18n/i18n';
import { CLUB_NAME } from './page-meta';

/**
 * The pages' titles (issue 41: in the page's language), a chunk of its own: a first load's title is
 * in its HTML (prerendered), so the entry does not carry this table (src/client/shell/page-meta.ts).
 */
// Route patterns as in app.tsx and api-routes.tsx (":x" is one path segment), the first match wins. The public
// pages' descriptions are written into their prerendered HTML (src/client/prerender.tsx), which
// is what search engines read; the browser only keeps the title in step.
// A function, so each title is read in the page's language.
const pages = (): [pattern: string, title: string][] => [
  ['/about', i18n.t('About the club')],
  ['/membership', i18n.t('Membership')],
  ['/activities', i18n.t('Activities')],
  ['/login', i18n.t('Login')],
  ['/request', i18n.t('Apply for membership')],
  ['/register/:token', i18n.t('Create your account')],
  ['/forgot-password', i18n.t('Forgot password')],
  ['/reset-password/:token', i18n.t('Choose a new password')],
  ['/logout', i18n.t('Logout')],
  ['/no-permission', i18n.t('Access denied')],
  ['/calendar', i18n.t('Events')],
  ['/events/invite/:token', i18n.t('Event invitation')],
  ['/events/:id', i18n.t('Event')],
  ['/gallery', i18n.t('Image gallery')],
  ['/settings', i18n.t('Settings')],
  ['/settings/:section', i18n.t('Settings')],
  ['/member-home', i18n.t('Members’ home')],
  ['/notifications', i18n.t('Notifications')],
  ['/activities-member', i18n.t('My schedule')],
  ['/homes', i18n.t('Homes')],
  ['/homes/mine', i18n.t('My homes')],
  ['/homes/requests', i18n.t('Stay requests')],
  ['/homes/new', i18n.t('List a home')],
  ['/homes/:id/edit', i18n.t('Edit your home')],
  // A listed home, not the menu's Home: the select keeps the two apart in the catalogs (English is the same).
  ['/homes/:id', i18n.t('{place, select, other {Home}}')],
  ['/members', i18n.t('Members')],
  ['/members/:id', i18n.t('Member')],
  ['/circles', i18n.t('Circles')],
  ['/circles/:slug', i18n.t('Circle')],
  ['/messages', i18n.t('Messages')],
  ['/messages/new', i18n.t('New message')],
  ['/messages/:id', i18n.t('Conversation')],
  ['/admin', i18n.t('Admin dashboard')],
  ['/admin/codes', i18n.t('Invitation codes')],
  ['/admin/audit', i18n.t('Audit log')],
  ['/admin/homes', i18n.t('All homes and stays')],
  ['/admin/sent-mail', i18n.t('Sent mail')],
  ['/admin/reports', i18n.t('Message reports')],
  ['/applications', i18n.t('Applications')],
  ['/users', i18n.t('User management')],
  ['/mail', i18n.t('Send email')],
];

function matches(pattern: string, path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (pattern === '/' || trimmed === '/') return pattern === trimmed;
  const want = pattern.split('/');
  const have = trimmed.split('/');
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/** The <title> of the page at `path` (a path without its query), in the page's language. */
export function pageTitle(path: string): string {
  if (matches('/', path) || matches('/home', path)) return i18n.t('Outstanding Women Outside Work: a private club for women in business');
  const found = pages().find(([pattern]) => matches(pattern, path));
  return `${found?.[1] ?? i18n.t('Page not found')} · ${CLUB_NAME}`;
}
