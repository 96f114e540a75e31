import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import * as z from 'zod';
import type { Actor } from './actor';
import { AppError, fieldErrorsOf } from './app-error';
import { errorHeaders, INTERNAL_MESSAGE } from './http-errors';
import { requireAdmin, requireMember, requireSession } from './guards';
import { languageOf, type RequestMeta } from './request-actor';
import { localizedError } from './error-language';
import { DEFAULT_LANGUAGE } from '../../shared/preferences';
import type { Deps } from './deps';
import { busyError } from './middleware/load-shed';
import { keepingLapsedAccess, procedureKeptWhileLapsed } from './lapsed-gate';
import type { ErrorCode, FieldErrors } from '../../shared/errors';

/**
 * tRPC's codes are a fixed set: each of ours is its namesake, and the codes tRPC lacks map to the
 * one of the same HTTP status (an unknown code would become a 500). The error data then carries
 * our own code as appCode, so a client can tell TWO_FACTOR_REQUIRED from any other 403.
 */
const TRPC_CODE: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  TWO_FACTOR_REQUIRED: 'FORBIDDEN',
  MEMBERSHIP_LAPSED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  REQUEST_TIMEOUT: 'TIMEOUT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UPGRADE_REQUIRED: 'BAD_REQUEST',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

export interface TrpcContext {
  deps: Deps;
  actor: Actor;
  meta: RequestMeta;
  /** The incoming request (its URL decides the cookie's Secure flag). */
  req: Request;
  /** Headers added to the answer (Set-Cookie, Retry-After). */
  resHeaders: Headers;
  requestId: string;
  /** The isolate was overloaded when the request came in: every call is refused at once (load-shed.ts). */
  overloaded?: boolean;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error, ctx }) {
    let fieldErrors: FieldErrors | undefined;
    if (error.cause instanceof z.ZodError) fieldErrors = fieldErrorsOf(error.cause);
    else if (error.cause instanceof AppError) fieldErrors = error.cause.fieldErrors;
    const message =
      error.code === 'INTERNAL_SERVER_ERROR'
        ? INTERNAL_MESSAGE
        : fieldErrors && error.cause instanceof z.ZodError
          ? (error.cause.issues[0]?.message ?? shape.message)
          : shape.message;
    const appCode = error.cause instanceof AppError ? error.cause.code : undefined;
    // An unexpected error names the request (as its log line does), for the member to quote.
    const requestId = error.code === 'INTERNAL_SERVER_ERROR' ? ctx?.requestId : undefined;
    // Issue 41: in the member's (or the device's) language; handleTrpc loaded its catalog.
    const language = ctx ? languageOf(ctx.actor, ctx.meta) : DEFAULT_LANGUAGE;
    const cause = error.code === 'INTERNAL_SERVER_ERROR' ? undefined : error.cause;
    const localized = localizedError({ error: message, message, code: appCode ?? 'BAD_REQUEST', fieldErrors }, cause, language);
    return {
      ...shape,
      message: localized.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors: localized.fieldErrors, appCode, requestId },
    };
  },
});

/** Turns the services' AppError into the tRPC error of the same code. */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    for (const [name, value] of Object.entries(errorHeaders(cause))) ctx.resHeaders.set(name, value);
    throw new TRPCError({ code: TRPC_CODE[cause.code], message: cause.message, cause });
  }
  return result;
});

/** An overloaded isolate's 503 in tRPC's own error shape, before any input is read or D1 asked. */
const refuseWhenOverloaded = t.middleware(({ ctx, next }) => {
  if (ctx.overloaded) throw busyError();
  return next();
});

/** The procedures a lapsed member keeps (lapsed-gate.ts), each on its own: a batch may mix them with others. */
const lapsedAccess = t.middleware(({ ctx, path, next }) =>
  next({ ctx: { actor: keepingLapsedAccess(ctx.actor, procedureKeptWhileLapsed(path)) } }),
);

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors).use(refuseWhenOverloaded).use(lapsedAccess);

/** Signed in, even with a forced password change pending (only for that change). */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { member: requireSession(ctx.actor) } }));
export const memberProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { member: requireMember(ctx.actor) } }));
export const adminProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { member: requireAdmin(ctx.actor) } }));
