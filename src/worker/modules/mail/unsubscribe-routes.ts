import { Hono, type Context } from 'hono';
import { CLUB_NAME } from '../../../shared/constants';
import type { UnsubscribeCategory } from '../../../shared/notifications';
import { UnsubscribeParamsSchema } from '../../../shared/schemas/account';
import { AppError, parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { checkUnsubscribeLink, unsubscribe } from './email-preferences';
import { appLink, escapeHtml } from './layout';

/*
 * One-click unsubscribe (RFC 8058), no session needed: the path's token is an HMAC of the member
 * and the category under the Worker secret. POST (what a mail client sends for
 * List-Unsubscribe-Post, and the page's button) unsubscribes at once; GET only shows the page
 * with a button, so a link scanner that follows the footer link changes nothing.
 */

const WHAT: Record<UnsubscribeCategory, string> = {
  announcements: 'announcements of events you joined',
  group_mail: 'group mail from the club’s admins',
  reminders: 'event reminders',
  // Issue 23's kinds, and the daily summary.
  comment: 'emails about comments on your events, images and conversations',
  like: 'emails about likes of your comments',
  event_changed: 'emails about changes to events you joined',
  waitlist_place: 'emails about places from a waitlist',
  stay: 'emails about stay requests and their answers',
  application: 'emails about new membership applications',
  new_event: 'emails about new events',
  message: 'emails about messages from members',
  circle_post: 'emails about new posts in your circles',
  circle_request: 'emails about requests to join the circles you host',
  circle_accepted: 'emails about your requests to join a circle',
  event_join_request: 'emails about requests to join the events you host',
  event_join_answer: 'emails about your requests to join an event',
  event_feedback: 'emails asking for your feedback after events you came to',
  digest: 'the daily summary of your notifications',
};

function page(c: Context<AppEnv>, status: 200 | 404, title: string, inner: string) {
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
  // The path carries the token: never send it on as a Referer.
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${CLUB_NAME}</title>
<style>body{font-family:Georgia,'Times New Roman',serif;background:#f6f1ec;color:#2b2320;margin:0;padding:2rem 1rem}main{max-width:32rem;margin:0 auto;background:#fff;border-radius:8px;padding:2rem}
h1{font-size:1.5rem;margin-top:0}button{font:inherit;background:#8a5a44;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}a{color:#8a5a44}</style></head>
<body><main><p style="letter-spacing:2px;text-transform:uppercase;color:#8a5a44;font-size:.8rem">${CLUB_NAME}</p><h1>${escapeHtml(title)}</h1>${inner}</main></body></html>`,
    status,
  );
}

function params(c: Context<AppEnv>) {
  return parseInput(UnsubscribeParamsSchema, {
    userId: c.req.param('userId'),
    category: c.req.param('category'),
    token: c.req.param('token'),
  });
}

async function withValidLink(c: Context<AppEnv>, run: (p: ReturnType<typeof params>) => Promise<Response>) {
  try {
    return await run(params(c));
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'BAD_REQUEST')) {
      return page(
        c,
        404,
        'This link does not work',
        `<p>This unsubscribe link is not valid. You can choose which emails you receive in <a href="${escapeHtml(appLink(c.env.APP_ORIGIN, '/settings'))}">Settings</a>.</p>`,
      );
    }
    throw err;
  }
}

export const unsubscribeRoutes = new Hono<AppEnv>()
  .get('/unsubscribe/:userId/:category/:token', (c) =>
    withValidLink(c, async (p) => {
      await checkUnsubscribeLink(c.env, p);
      return page(
        c,
        200,
        'Unsubscribe',
        `<p>Stop sending me ${WHAT[p.category]}?</p><form method="post"><button type="submit">Unsubscribe</button></form>
<p style="font-size:.9rem;color:#6b5d57">Emails about your account and invitations addressed to you are always sent. You can change this any time in Settings.</p>`,
      );
    }),
  )
  .post('/unsubscribe/:userId/:category/:token', (c) =>
    withValidLink(c, async (p) => {
      await unsubscribe(c.get('deps'), p);
      return page(
        c,
        200,
        'You are unsubscribed',
        `<p>You will no longer receive ${WHAT[p.category]}. You can turn them back on in <a href="${escapeHtml(appLink(c.env.APP_ORIGIN, '/settings'))}">Settings</a>.</p>`,
      );
    }),
  );
