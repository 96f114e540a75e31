import { createElement, lazy, useState, type ComponentType } from 'react';
import { i18n, loadCatalog, type CatalogName, type PageLocale } from './i18n/i18n';

/** A page's component, loaded on first render, or at once with `preload()` (with its texts in a language: the page's by default). */
export type PageComponent<P extends object = object> = ComponentType<P> & {
  preload: (locale?: PageLocale) => Promise<void>;
  /** The feature's catalog its texts are in. */
  catalog?: CatalogName;
};

/**
 * Each page is its own chunk: a visitor's first load fetches only the shell and the page. Until
 * the chunk is there the page suspends (React.lazy); once preloaded, it renders at once, so a
 * member's page that arrives with its data (issue 27) shows it in the first render, no fallback.
 */
export function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  catalog?: CatalogName,
): PageComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // The page's texts come with its code, in the page's language only (src/client/i18n/i18n.ts).
  // The component counts as loaded once its texts are in too: a page whose chunk came first (the
  // prerendered page's boot script asks for it) would otherwise render in English at once.
  const preload = (locale = i18n.locale as PageLocale) =>
    Promise.all([(loading ??= load().then((m) => m[name])), loadCatalog(locale, catalog)]).then(([component]) => {
      loaded = component;
    });
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  // Chosen once per mount, so an instance never swaps its component type (and its state).
  const Page = (props: P) => createElement(useState(() => loaded ?? Lazy)[0], props);
  Page.displayName = name;
  return Object.assign(Page, { preload, catalog });
}

/** The tRPC client and provider, loaded only with the pages that call the API. */
export const TrpcRoot = page(() => import('./trpc-root'), 'TrpcRoot');

/** The pages that call the API, in their TrpcRoot (the same chunk: src/client/api-routes.tsx). */
export const ApiPages = page<'ApiPages'>(() => import('./trpc-root'), 'ApiPages');

/**
 * The bell and her messages in a member's header (issues 23 and 38), and her messages' count in
 * the menu (`menuCount`): their own small chunk; a member's first screen preloads it.
 */
export const NotificationBell = page<'NotificationBell', { menuCount?: boolean }>(
  () => import('./shell/notification-bell'),
  'NotificationBell',
);

export const pages = {
  Home: page(() => import('./features/public/home-page'), 'HomePage', 'public'),
  About: page(() => import('./features/public/about-page'), 'AboutPage', 'public'),
  Membership: page(() => import('./features/public/membership-page'), 'MembershipPage', 'public'),
  Activities: page(() => import('./features/public/activities-page'), 'ActivitiesPage', 'public'),
  NotFound: page(() => import('./features/public/not-found-page'), 'NotFoundPage', 'public'),
  NoPermission: page(() => import('./features/public/no-permission-page'), 'NoPermissionPage', 'public'),
  Login: page(() => import('./features/auth/login-page'), 'LoginPage', 'auth'),
  Logout: page(() => import('./features/auth/logout-page'), 'LogoutPage', 'auth'),
  Settings: page(() => import('./features/settings/settings-page'), 'SettingsPage', 'settings'),
  MemberHome: page(() => import('./features/member/member-home-page'), 'MemberHomePage', 'member'),
  YourClub: page(() => import('./features/member/your-club'), 'YourClubSection', 'member'),
  Application: page(() => import('./features/membership/application-page'), 'ApplicationPage', 'membership'),
  Register: page(() => import('./features/membership/register-page'), 'RegisterPage', 'membership'),
  ForgotPassword: page(() => import('./features/membership/forgot-password-page'), 'ForgotPasswordPage', 'membership'),
  ResetPassword: page(() => import('./features/membership/reset-password-page'), 'ResetPasswordPage', 'membership'),
  AdminDashboard: page(() => import('./features/admin/admin-dashboard-page'), 'AdminDashboardPage', 'admin'),
  Applications: page(() => import('./features/admin/applications-page'), 'ApplicationsPage', 'admin'),
  Users: page(() => import('./features/admin/users-page'), 'UsersPage', 'admin'),
  InvitationCodes: page(() => import('./features/admin/invitation-codes-page'), 'InvitationCodesPage', 'admin'),
  AuditLog: page(() => import('./features/admin/audit-log-page'), 'AuditLogPage', 'admin'),
  Insights: page(() => import('./features/admin/insights/insights-page'), 'InsightsPage', 'admin'),
  AdminHomes: page(() => import('./features/admin/admin-homes-page'), 'AdminHomesPage', 'admin'),
  RosterImport: page(() => import('./features/admin/roster-import-page'), 'RosterImportPage', 'admin'),
  RosterImportReport: page(() => import('./features/admin/roster-import-report-page'), 'RosterImportReportPage', 'admin'),
  Calendar: page(() => import('./features/events/calendar-page'), 'CalendarPage', 'events'),
  Event: page(() => import('./features/events/event-page'), 'EventPage', 'events'),
  AcceptInvitation: page(() => import('./features/events/accept-invitation-page'), 'AcceptInvitationPage', 'events'),
  MemberSchedule: page(() => import('./features/events/member-schedule-page'), 'MemberSchedulePage', 'events'),
  Gallery: page(() => import('./features/gallery/gallery-page'), 'GalleryPage', 'gallery'),
  Mail: page(() => import('./features/mail/mail-page'), 'MailPage', 'mail'),
  SentMail: page(() => import('./features/mail/sent-mail-page'), 'SentMailPage', 'mail'),
  Operations: page(() => import('./features/admin/operations-page'), 'OperationsPage', 'admin'),
  Homes: page(() => import('./features/homes/homes-page'), 'HomesPage', 'homes'),
  MyHomes: page(() => import('./features/homes/my-homes-page'), 'MyHomesPage', 'homes'),
  StayRequests: page(() => import('./features/homes/stay-requests-page'), 'StayRequestsPage', 'homes'),
  HomeEditor: page(() => import('./features/homes/home-editor-page'), 'HomeEditorPage', 'homes'),
  HomeDetail: page(() => import('./features/homes/home-detail-page'), 'HomeDetailPage', 'homes'),
  Members: page(() => import('./features/members/directory-page'), 'DirectoryPage', 'members'),
  Member: page(() => import('./features/members/member-page'), 'MemberPage', 'members'),
  Notifications: page(() => import('./features/notifications/notifications-page'), 'NotificationsPage', 'notifications'),
  Messages: page(() => import('./features/messages/messages-section'), 'MessagesSection', 'messages'),
  MessageReports: page(() => import('./features/admin/message-reports-page'), 'MessageReportsPage', 'admin'),
  Circles: page(() => import('./features/circles/circles-section'), 'CirclesSection', 'circles'),
};

/** The pages whose HTML may carry their first screen's data (src/shared/first-screen.ts). */
const FIRST_SCREEN_PAGES: Record<string, PageComponent> = {
  // A member's /home is "Your club" (issue 46).
  '/': pages.YourClub,
  '/home': pages.YourClub,
  '/calendar': pages.Calendar,
  '/gallery': pages.Gallery,
  '/homes': pages.Homes,
  '/settings': pages.Settings,
  '/members': pages.Members,
  '/notifications': pages.Notifications,
};

/** …a section of Settings (/settings/{section}), and /circles and a circle's page (/circles/{slug}: src/shared/first-screen.ts FIRST_SCREEN_ROUTES). */
const firstScreenPage = (path: string) =>
  FIRST_SCREEN_PAGES[path] ?? (path.startsWith('/settings/') ? pages.Settings : path.startsWith('/circles') ? pages.Circles : undefined);

/** The catalogs of the pages the Worker renders (src/client/i18n/server-catalogs.ts keeps these in its bundle). */
export const firstScreenCatalogs = () =>
  [...Object.values(FIRST_SCREEN_PAGES), pages.Settings, pages.Circles].flatMap((p) => (p.catalog ? [p.catalog] : []));

/**
 * Loads the chunks a member's page's first render needs (the page, the tRPC root, the header's
 * bell), so it renders without a fallback: in the browser before it hydrates, and in the Worker
 * before it renders (a fallback there would make the browser render that part again).
 */
export function preloadPage(path: string, locale?: PageLocale): Promise<unknown> {
  return Promise.all([
    ApiPages.preload(),
    TrpcRoot.preload(),
    NotificationBell.preload(),
    firstScreenPage(path)?.preload(locale),
    loadCatalog(locale ?? (i18n.locale as PageLocale), 'shell'),
  ]);
}
