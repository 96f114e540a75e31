import { and, eq, lte, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { AppError } from '../app-error';
import { JSON_BODY_LIMIT, keepBody } from '../body-limit';
import { sha256Hex } from '../crypto';
import { deleteInBatches, HOUSEKEEPING_BOUNDS } from '../bounded-delete';
import { addressGroup, clientAddress } from '../client-address';
import type { AppEnv } from '../hono-env';
import { IDEMPOTENCY_HEADER } from '../idempotent-routes';
import { actorOf } from '../request-actor';
import type { ScheduledJob } from '../scheduled-job';

/** How long a key answers its first answer again. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Stripe's rule: at most 255 characters; printable ASCII here, so it can be logged and compared. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Issue 47: Idempotency-Key on the writes of IDEMPOTENT_ROUTES (app.ts installs it on each, with
 * its route pattern). Without the header nothing changes. With it, the first request claims the
 * key for its sender in one statement (INSERT … ON CONFLICT: two at once cannot both win), runs,
 * and keeps its answer when it did something (2xx, 3xx; after a 4xx or 5xx the claim goes, so a
 * retry runs). A
 * later request with the key gets that answer again (`Idempotent-Replayed: true`), 409 while the
 * first still runs, and 400 when the key was used on another route, or on this route with another
 * path or body (Stripe's rule: a key names one request, not one endpoint). The body is read once,
 * through body-limit.ts (its limit and deadline), fingerprinted, and kept for the route's reader.
 * Answers kept a day.
 */
export function idempotency(route: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new AppError('BAD_REQUEST', /*i18n*/ 'An Idempotency-Key is 1 to 255 printable characters, without spaces.', {
        fieldErrors: { [IDEMPOTENCY_HEADER]: ['1 to 255 printable characters, without spaces.'] },
      });
    }
    // Every write of IDEMPOTENT_ROUTES takes JSON: its limit is the route's own.
    const body = await keepBody(c.req.raw, JSON_BODY_LIMIT);
    const fingerprint = await sha256Hex(`${c.req.path}\n${new TextDecoder().decode(body)}`);
    const deps = c.get('deps');
    const actor = await actorOf(c);
    const owner = actor.kind === 'visitor' ? `address:${addressGroup(clientAddress(c.req.raw.headers))}` : `member:${actor.id}`;
    const now = deps.now();
    const claimed = await deps.db
      .insert(idempotencyKeys)
      .values({ owner, key, route, fingerprint, status: null, createdAt: now })
      .onConflictDoUpdate({
        // A key older than the window is free again.
        target: [idempotencyKeys.owner, idempotencyKeys.key],
        set: { route, fingerprint, status: null, contentType: null, location: null, body: null, createdAt: now },
        setWhere: lte(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS),
      })
      .returning({ owner: idempotencyKeys.owner });
    const mine = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));
    if (claimed.length === 0) {
      const [first] = await deps.db.select().from(idempotencyKeys).where(mine);
      if (!first)
        throw new AppError('CONFLICT', /*i18n*/ 'A request with this Idempotency-Key is still in progress. Try again in a moment.');
      if (first.route !== route) throw new AppError('BAD_REQUEST', /*i18n*/ 'This Idempotency-Key was used for another request.');
      if (first.fingerprint !== null && first.fingerprint !== fingerprint) {
        throw new AppError(
          'BAD_REQUEST',
          /*i18n*/ 'This Idempotency-Key was used with another request body. Use a new key for a new request.',
        );
      }
      if (first.status === null)
        throw new AppError('CONFLICT', /*i18n*/ 'A request with this Idempotency-Key is still in progress. Try again in a moment.');
      const headers = new Headers({ 'Idempotent-Replayed': 'true' });
      if (first.contentType) headers.set('Content-Type', first.contentType);
      if (first.location) headers.set('Location', first.location);
      return new Response(first.body, { status: first.status, headers });
    }
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      // Only what was done is kept (Stripe's rule): a refusal (4xx) or a failure (5xx) did nothing,
      // so the key is released and a retry, after Retry-After or a fix, runs.
      if (status >= 400) await deps.db.delete(idempotencyKeys).where(and(mine, sql`${idempotencyKeys.status} IS NULL`));
    }
    if (status >= 400) return;
    const answer = c.res.clone();
    await deps.db
      .update(idempotencyKeys)
      .set({
        status,
        contentType: answer.headers.get('Content-Type'),
        location: answer.headers.get('Location'),
        body: status === 204 || status === 304 ? null : await answer.text(),
      })
      .where(mine);
  };
}

/** Housekeeping: keys older than the window answer nothing any more. */
export const idempotencyKeysJob: ScheduledJob = {
  name: 'old-idempotency-keys',
  async run(deps) {
    const before = deps.now() - IDEMPOTENCY_WINDOW_MS;
    return {
      idempotencyKeys: await deleteInBatches(deps, idempotencyKeys, lte(idempotencyKeys.createdAt, before), HOUSEKEEPING_BOUNDS),
    };
  },
};
