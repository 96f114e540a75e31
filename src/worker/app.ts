import { Hono } from 'hono';
import { apiReferenceRoutes } from './api-reference';
import { hasFirstScreen, serveMemberPage } from './first-screen';
import { firstScreenShell } from '../shared/first-screen';
import { idempotency } from './platform/middleware/idempotency';
import { IDEMPOTENT_ROUTES } from './platform/idempotent-routes';
import { contentLanguage } from './platform/middleware/content-language';
import { assetRequestFor, pagePreferences, withPagePreferences } from './page-preferences';
import { accountRoutes } from './modules/account/rest';
import { adminRoutes } from './modules/admin/rest';
import { authRoutes } from './modules/auth/rest';
import { passkeyRoutes } from './modules/auth/passkeys-rest';
import { sessionActor } from './modules/auth/session-middleware';
import { circlesRoutes } from './modules/circles/rest';
import { checkInRoutes } from './modules/check-in/rest';
import { commentsRoutes } from './modules/comments/rest';
import { eventsRoutes } from './modules/events/rest';
import { homesRoutes } from './modules/homes/rest';
import { insightsRoutes } from './modules/insights/rest';
import { imagesRoutes } from './modules/images/rest';
import { videoRoutes } from './modules/images/video-rest';
import { devMailboxRoutes } from './modules/mail/dev-mailbox';
import { adminMailRoutes } from './modules/mail/rest';
import { unsubscribeRoutes } from './modules/mail/unsubscribe-routes';
import { membershipRoutes } from './modules/membership/rest';
import { membersRoutes } from './modules/members/rest';
import { rosterRoutes } from './modules/membership/roster-rest';
import { notificationsRoutes } from './modules/notifications/rest';
import { pushRoutes } from './modules/push/rest';
import { operationsRoutes } from './modules/operations/rest';
import { messagesRoutes } from './modules/messages/rest';
import { AppError } from './platform/app-error';
import type { FreshReads } from './platform/d1-session';
import type { AppEnv } from './platform/hono-env';
import { errorPage, errorResponse } from './platform/http-errors';
import { describeError, redactPath } from './platform/log-redaction';
import { originCheck } from './platform/middleware/origin-check';
import { requestContext } from './platform/middleware/request-context';
import { requestLog } from './platform/request-log';
import { loadShed } from './platform/middleware/load-shed';
import { securityHeaders } from './platform/middleware/security-headers';
import { handleTrpc } from './trpc-handler';

export const app = new Hono<AppEnv>();

/**
 * Reads that start at the D1 primary although they write nothing (ADR 0012): the links of emails,
 * whose token another person's request wrote moments before, opened in a browser that carries no
 * bookmark of that write. A replica that lags would call a fresh link invalid.
 */
const FRESH_READS: FreshReads = {
  paths: [/^\/api\/register\/validate-token\//, /^\/api\/events\/invite\//],
  procedures: ['membership.registrationInvite'],
};

app.use(
  '*',
  requestLog,
  requestContext(FRESH_READS),
  securityHeaders,
  loadShed(),
  originCheck,
  sessionActor((req, env, ctx) => app.fetch(req, env, ctx)),
  contentLanguage,
);

// Issue 47: the writes that take an Idempotency-Key, before their routes.
for (const route of IDEMPOTENT_ROUTES) {
  const [method, path] = route.split(' ') as [string, string];
  app.on(method, path, idempotency(route));
}

app.all('/trpc/*', handleTrpc);
app.route('/', authRoutes);
app.route('/', passkeyRoutes);
app.route('/', accountRoutes);
app.route('/', unsubscribeRoutes);
app.route('/', membershipRoutes);
app.route('/', rosterRoutes);
app.route('/', adminRoutes);
app.route('/', insightsRoutes);
app.route('/', eventsRoutes);
app.route('/', checkInRoutes);
app.route('/', imagesRoutes);
app.route('/', videoRoutes);
app.route('/', commentsRoutes);
app.route('/', homesRoutes);
app.route('/', membersRoutes);
app.route('/', circlesRoutes);
app.route('/', notificationsRoutes);
app.route('/', pushRoutes);
app.route('/', operationsRoutes);
app.route('/', messagesRoutes);
app.route('/', adminMailRoutes);
app.route('/', devMailboxRoutes);
app.route('/', apiReferenceRoutes);

app.notFound((c) => {
  // Page GETs (and HEADs) are the React app's: hand them to Workers Static Assets, whose
  // single-page-application mode answers index.html for client routes. Its headers are
  // immutable, so the answer is copied before the middleware adds its own.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    const path = new URL(c.req.url).pathname;
    if (!path.startsWith('/api/') && !path.startsWith('/trpc/')) {
      // "/" is the prerendered home page, built as /home: index.html stays the empty shell that
      // every other client route falls back to (scripts/lib/prerender-plugin.ts).
      // A page whose path names something (/circles/{slug}) has its route's prerendered shell.
      const shell = path === '/' ? '/home' : firstScreenShell(path);
      const asset = shell === path ? c.req.raw : new Request(new URL(shell, c.req.url), c.req.raw);
      // A member's main page also carries her first screen's data (issue 27).
      if (hasFirstScreen(path)) return serveMemberPage(c, path, asset);
      // In her language and appearance (issue 41).
      const prefs = pagePreferences(c);
      return c.env.ASSETS.fetch(assetRequestFor(asset, prefs)).then((res) => withPagePreferences(res, prefs));
    }
  }
  return errorResponse(new AppError('NOT_FOUND', /*i18n*/ 'Not found'));
});

app.onError((thrown, c) => {
  // A check riding on a D1 round trip (a stale session hint) reaches here wrapped in the driver's
  // "Failed query": it is that AppError, not a fault (the session middleware answers it anew).
  const err = !(thrown instanceof AppError) && thrown.cause instanceof AppError ? thrown.cause : thrown;
  if (!(err instanceof AppError)) {
    // Redacted: no bound values of a failed statement, no token from the path (DECISIONS
    // "No secret at rest").
    console.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: redactPath(c.req.path),
      error: describeError(err),
    });
    // A browser that asked for a page gets a page, with the same id as the log line.
    const path = c.req.path;
    if (
      c.req.method === 'GET' &&
      !path.startsWith('/api/') &&
      !path.startsWith('/trpc/') &&
      c.req.header('Accept')?.includes('text/html')
    ) {
      return errorPage(c.get('requestId'));
    }
  }
  return errorResponse(err, c.get('requestId'));
});
