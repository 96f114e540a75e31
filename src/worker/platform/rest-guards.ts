import { createMiddleware } from 'hono/factory';
import { requireAdmin, requireMember } from './guards';
import type { AppEnv } from './hono-env';
import { actorOf } from './request-actor';

/*
 * The REST twins of tRPC's memberProcedure and adminProcedure: a route's audience is checked
 * before its input is read, so a visitor always gets 401 (and a member an admin route's 403),
 * never a validation message about a request she may not make. Services still check the actor
 * themselves; this only fixes the order, the same on both transports.
 */
export const members = createMiddleware<AppEnv>(async (c, next) => {
  requireMember(await actorOf(c));
  await next();
});

export const admins = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(await actorOf(c));
  await next();
});
