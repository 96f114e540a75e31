import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorBody } from '../shared/errors';
import type { AppEnv } from './hono-env';
import { AppError } from './lib/app-error';
import { originCheck } from './middleware/origin-check';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { adminMailRoutes } from './rest/admin-mail';
import { authRoutes } from './rest/auth';
import { commentsRoutes } from './rest/comments';
import { devMailboxRoutes } from './rest/dev-mailbox';
import { eventsRoutes } from './rest/events';
import { imagesRoutes } from './rest/images';
import { membershipRoutes } from './rest/membership';
import { handleTrpc } from './trpc/handler';

export const app = new Hono<AppEnv>();

app.use('*', requestContext, securityHeaders, originCheck);

app.all('/trpc/*', handleTrpc);
app.route('/', authRoutes);
app.route('/', membershipRoutes);
app.route('/', eventsRoutes);
app.route('/', imagesRoutes);
app.route('/', commentsRoutes);
app.route('/', adminMailRoutes);
app.route('/', devMailboxRoutes);

function errorBody(code: ErrorBody['code'], message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { error: message, message, code, ...extra };
}

app.notFound((c) => {
  // Page GETs (and HEADs) are the React app's: hand them to Workers Static Assets, whose
  // single-page-application mode answers index.html for client routes.
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    const path = new URL(c.req.url).pathname;
    if (!path.startsWith('/api/') && !path.startsWith('/trpc/')) {
      return c.env.ASSETS.fetch(c.req.raw).then((res) => new Response(res.body, res));
    }
  }
  return c.json(errorBody('NOT_FOUND', 'Not found'), 404);
});

app.onError((err, c) => {
  if (err instanceof AppError) {
    if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
    return c.json(errorBody(err.code, err.message, err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 400 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
    return c.json(errorBody(code, err.message || 'Bad request'), status);
  }
  console.error('unhandled error', { requestId: c.get('requestId'), path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
  return c.json(errorBody('INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again.', {}), 500);
});
