/**
 * Issue 47: the writes that create something or send email, which take an optional
 * `Idempotency-Key` header (as Stripe's): the same key from the same sender within 24 hours is
 * answered the first answer again and does nothing twice. app.ts installs the middleware on these
 * routes and the OpenAPI document describes the header on them, from this one list.
 */
export const IDEMPOTENT_ROUTES: readonly string[] = [
  // SPEC's application form, the group mail, stay requests and event creation.
  'POST /request',
  'POST /api/admin/send-email',
  'POST /api/homes/:id/stays',
  'POST /api/events',
  // This turn's new writes: messages, circles, the door.
  'POST /api/conversations',
  'POST /api/conversations/:id/messages',
  'POST /api/messages/:id/report',
  'POST /api/circles',
  'POST /api/circles/:slug/posts',
  'POST /api/circle-proposals',
  'POST /api/events/:id/walk-ins',
  'POST /api/events/:id/feedback',
];

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function isIdempotentRoute(method: string, path: string): boolean {
  return IDEMPOTENT_ROUTES.includes(`${method.toUpperCase()} ${path}`);
}
