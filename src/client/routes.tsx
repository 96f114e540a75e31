import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page's component, loaded on first render, or at once with `preload()`. */
export type PageComponent<P extends object = object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * Each page is its own chunk: a visitor's first load fetches only the shell and the page. Until
 * the chunk is there the page suspends (React.lazy); once preloaded, it renders at once, so a
 * member's page that arrives with its data (issue 27) shows it in the first render, no fallback.
 */
export function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PageComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((m) => {
      loaded = m[name];
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  // Chosen once per mount, so an instance never swaps its component type (and its state).
  const Page = (props: P) => createElement(useState(() => loaded ?? Lazy)[0], props);
  Page.displayName = name;
  return Object.assign(Page, { preload });
}

/** The tRPC client and provider, loaded only with the pages that call the API. */
export const TrpcRoot = page(() => import('./trpc-root'), 'TrpcRoot');

/**
 * The bell and her messages in a member's header (issues 23 and 38), and her messages' count in
 * the menu (`menuCount`): their own small chunk; a member's first screen preloads it.
 */
export const NotificationBell = page<'NotificationBell', { menuCount?: boolean }>(
  () => import('./shell/notification-bell'),
  'NotificationBell',
);

export const pages = {
  Home: page(() => import('./features/public/home-page'), 'HomePage'),
  About: page(() => import('./features/public/about-page'), 'AboutPage'),
  Membership: page(() => import('./features/public/membership-page'), 'MembershipPage'),
  Activities: page(() => import('./features/public/activities-page'), 'ActivitiesPage'),
  NotFound: page(() => import('./features/public/not-found-page'), 'NotFoundPage'),
  NoPermission: page(() => import('./features/public/no-permission-page'), 'NoPermissionPage'),
  Login: page(() => import('./features/auth/login-page'), 'LoginPage'),
  Logout: page(() => import('./features/auth/logout-page'), 'LogoutPage'),
  Settings: page(() => import('./features/settings/settings-page'), 'SettingsPage'),
  MemberHome: page(() => import('./features/member/member-home-page'), 'MemberHomePage'),
  YourClub: page(() => import('./features/member/your-club'), 'YourClubSection'),
  Application: page(() => import('./features/membership/application-page'), 'ApplicationPage'),
  Register: page(() => import('./features/membership/register-page'), 'RegisterPage'),
  ForgotPassword: page(() => import('./features/membership/forgot-password-page'), 'ForgotPasswordPage'),
  ResetPassword: page(() => import('./features/membership/reset-password-page'), 'ResetPasswordPage'),
  AdminDashboard: page(() => import('./features/admin/admin-dashboard-page'), 'AdminDashboardPage'),
  Applications: page(() => import('./features/admin/applications-page'), 'ApplicationsPage'),
  Users: page(() => import('./features/admin/users-page'), 'UsersPage'),
  InvitationCodes: page(() => import('./features/admin/invitation-codes-page'), 'InvitationCodesPage'),
  AuditLog: page(() => import('./features/admin/audit-log-page'), 'AuditLogPage'),
  Insights: page(() => import('./features/admin/insights/insights-page'), 'InsightsPage'),
  AdminHomes: page(() => import('./features/admin/admin-homes-page'), 'AdminHomesPage'),
  RosterImport: page(() => import('./features/admin/roster-import-page'), 'RosterImportPage'),
  RosterImportReport: page(() => import('./features/admin/roster-import-report-page'), 'RosterImportReportPage'),
  Calendar: page(() => import('./features/events/calendar-page'), 'CalendarPage'),
  Event: page(() => import('./features/events/event-page'), 'EventPage'),
  AcceptInvitation: page(() => import('./features/events/accept-invitation-page'), 'AcceptInvitationPage'),
  MemberSchedule: page(() => import('./features/events/member-schedule-page'), 'MemberSchedulePage'),
  Gallery: page(() => import('./features/gallery/gallery-page'), 'GalleryPage'),
  Mail: page(() => import('./features/mail/mail-page'), 'MailPage'),
  SentMail: page(() => import('./features/mail/sent-mail-page'), 'SentMailPage'),
  Operations: page(() => import('./features/admin/operations-page'), 'OperationsPage'),
  Homes: page(() => import('./features/homes/homes-page'), 'HomesPage'),
  MyHomes: page(() => import('./features/homes/my-homes-page'), 'MyHomesPage'),
  StayRequests: page(() => import('./features/homes/stay-requests-page'), 'StayRequestsPage'),
  HomeEditor: page(() => import('./features/homes/home-editor-page'), 'HomeEditorPage'),
  HomeDetail: page(() => import('./features/homes/home-detail-page'), 'HomeDetailPage'),
  Members: page(() => import('./features/members/directory-page'), 'DirectoryPage'),
  Member: page(() => import('./features/members/member-page'), 'MemberPage'),
  Notifications: page(() => import('./features/notifications/notifications-page'), 'NotificationsPage'),
  Messages: page(() => import('./features/messages/messages-section'), 'MessagesSection'),
  MessageReports: page(() => import('./features/admin/message-reports-page'), 'MessageReportsPage'),
  Circles: page(() => import('./features/circles/circles-section'), 'CirclesSection'),
};

/** The pages whose HTML may carry their first screen's data (src/shared/first-screen.ts). */
const FIRST_SCREEN_PAGES: Record<string, PageComponent> = {
  '/calendar': pages.Calendar,
  '/gallery': pages.Gallery,
  '/homes': pages.Homes,
  '/settings': pages.Settings,
  '/members': pages.Members,
  '/notifications': pages.Notifications,
};

/** …and /circles and a circle's page (/circles/{slug}: src/shared/first-screen.ts FIRST_SCREEN_ROUTES). */
const firstScreenPage = (path: string) => FIRST_SCREEN_PAGES[path] ?? (path.startsWith('/circles') ? pages.Circles : undefined);

/**
 * Loads the chunks a member's page's first render needs (the page, the tRPC root, the header's
 * bell), so it renders without a fallback: in the browser before it hydrates, and in the Worker
 * before it renders (a fallback there would make the browser render that part again).
 */
export function preloadPage(path: string): Promise<unknown> {
  return Promise.all([TrpcRoot.preload(), NotificationBell.preload(), firstScreenPage(path)?.preload()]);
}
