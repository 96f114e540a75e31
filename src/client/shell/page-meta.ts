import { useEffect } from 'react';
import { useLocation } from 'wouter';

export const CLUB_NAME = 'Outstanding Women Outside Work';

// Route patterns as in app.tsx (":x" is one path segment), the first match wins. The public
// pages' descriptions are written into their prerendered HTML (src/client/prerender.tsx), which
// is what search engines read; the browser only keeps the title in step.
const PAGES: [pattern: string, title: string][] = [
  ['/', `${CLUB_NAME}: a private club for women in business`],
  ['/home', `${CLUB_NAME}: a private club for women in business`],
  ['/about', 'About the club'],
  ['/membership', 'Membership'],
  ['/activities', 'Activities'],
  ['/login', 'Login'],
  ['/request', 'Apply for membership'],
  ['/register/:token', 'Create your account'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password/:token', 'Choose a new password'],
  ['/logout', 'Logout'],
  ['/no-permission', 'Access denied'],
  ['/calendar', 'Events'],
  ['/events/invite/:token', 'Event invitation'],
  ['/events/:id', 'Event'],
  ['/gallery', 'Image gallery'],
  ['/settings', 'Settings'],
  ['/settings/:section', 'Settings'],
  ['/member-home', 'Members’ home'],
  ['/notifications', 'Notifications'],
  ['/activities-member', 'My schedule'],
  ['/homes', 'Homes'],
  ['/homes/mine', 'My homes'],
  ['/homes/requests', 'Stay requests'],
  ['/homes/new', 'List a home'],
  ['/homes/:id/edit', 'Edit your home'],
  ['/homes/:id', 'Home'],
  ['/members', 'Members'],
  ['/members/:id', 'Member'],
  ['/circles', 'Circles'],
  ['/circles/:slug', 'Circle'],
  ['/messages', 'Messages'],
  ['/messages/new', 'New message'],
  ['/messages/:id', 'Conversation'],
  ['/admin', 'Admin dashboard'],
  ['/admin/codes', 'Invitation codes'],
  ['/admin/audit', 'Audit log'],
  ['/admin/homes', 'All homes and stays'],
  ['/admin/sent-mail', 'Sent mail'],
  ['/admin/reports', 'Message reports'],
  ['/applications', 'Applications'],
  ['/users', 'User management'],
  ['/mail', 'Send email'],
];

function matches(pattern: string, path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (pattern === '/' || trimmed === '/') return pattern === trimmed;
  const want = pattern.split('/');
  const have = trimmed.split('/');
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/** The <title> of the page at `path` (a path without its query). */
export function pageTitle(path: string): string {
  const found = PAGES.find(([pattern]) => matches(pattern, path));
  if (!found) return `Page not found · ${CLUB_NAME}`;
  const [pattern, title] = found;
  return pattern === '/' || pattern === '/home' ? title : `${title} · ${CLUB_NAME}`;
}

/** Keeps document.title in step with the route (the shell calls it once). */
export function usePageTitle(): void {
  const [location] = useLocation();
  useEffect(() => {
    document.title = pageTitle(location);
  }, [location]);
}
