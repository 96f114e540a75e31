import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { AppError } from './app-error';
import { rateLimitHeaders } from './rate-limit-policy';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/preferences';
import { localizedError } from './error-language';
import { loadLanguage } from './i18n';

/** What an AppError becomes on the wire, whatever the transport. */
export interface HttpError {
  status: ContentfulStatusCode;
  body: ErrorBody;
  /** Headers the answer carries (Retry-After on 429s); the one place they are decided. */
  headers: Record<string, string>;
}

export const INTERNAL_MESSAGE = /*i18n*/ 'Something went wrong. Please try again.';

function body(code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { error: message, message, code, ...extra };
}

/** What a 429 or 503 that named no wait says (issue 47: every one carries Retry-After). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Headers an AppError adds to any answer, REST or tRPC. */
export function errorHeaders(err: AppError): Record<string, string> {
  if (err.code === 'REQUEST_TIMEOUT') return { Connection: 'close' };
  const waits = err.code === 'TOO_MANY_REQUESTS' || err.code === 'SERVICE_UNAVAILABLE';
  const retryAfter = err.retryAfter ?? (waits ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter === undefined) return {};
  return { 'Retry-After': String(retryAfter), ...(err.policy ? rateLimitHeaders(err.policy, retryAfter) : {}) };
}

/**
 * The one mapping of errors to HTTP: AppError keeps its code, Hono's HTTPException (a body over
 * the limit, a malformed request) becomes the matching code, anything else a generic 500 that
 * leaks nothing.
 */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof AppError) {
    const extra = err.fieldErrors ? { fieldErrors: err.fieldErrors } : {};
    return { status: err.status, body: body(err.code, err.message, extra), headers: errorHeaders(err) };
  }
  if (err instanceof HTTPException) {
    const code: ErrorCode = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 400 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
    const status = code === 'INTERNAL_SERVER_ERROR' ? 500 : err.status;
    return {
      status,
      body: body(code, code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_MESSAGE : err.message || /*i18n*/ 'Bad request'),
      headers: {},
    };
  }
  return { status: 500, body: body('INTERNAL_SERVER_ERROR', INTERNAL_MESSAGE), headers: {} };
}

/**
 * The JSON answer for an error (REST routes, middleware, onError). An unexpected error (a 500)
 * names the request's id, so what a member reports can be found in the log.
 */
export function errorResponse(err: unknown, requestId?: string): Response {
  const { status, body, headers } = toHttpError(err);
  const json = status === 500 && requestId ? { ...body, request_id: requestId } : body;
  return remember(Response.json(json, { status, headers }), { body: json, cause: err, text: false });
}

/** What an error answer was made from, so its language can be chosen once the request's is known. */
const madeFrom = new WeakMap<Response, { body: ErrorBody; cause: unknown; text: boolean }>();

function remember(res: Response, made: { body: ErrorBody; cause: unknown; text: boolean }): Response {
  madeFrom.set(res, made);
  return res;
}

/** An answer made by errorResponse or errorTextResponse. */
export const isErrorAnswer = (res: Response): boolean => madeFrom.has(res);

/**
 * The same error answer in `language` (issue 41; middleware/content-language.ts asks it, knowing
 * the request's), or null for an answer that is no error of errorResponse's or errorTextResponse's.
 */
export async function errorInLanguage(res: Response, language: Language): Promise<Response | null> {
  const made = madeFrom.get(res);
  if (!made || language === DEFAULT_LANGUAGE) return null;
  await Promise.all([loadLanguage(DEFAULT_LANGUAGE), loadLanguage(language)]);
  const body = localizedError(made.body, made.cause, language);
  return made.text ? new Response(body.message, res) : Response.json(body, res);
}

/** The same 500 as a page, for a browser that asked for a page (a member's page failed to render). */
export function errorPage(requestId: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5"><h1>Something went wrong</h1><p>${INTERNAL_MESSAGE}</p><p>If it happens again, tell the club's administrators this reference: <code>${requestId.replace(/[^A-Za-z0-9-]/g, '')}</code></p><p><a href="/">Go to the home page</a></p></body></html>`;
  return new Response(html, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** SPEC 7 answers a few calls (forgot and reset password) as plain text, failures included. */
export function errorTextResponse(err: unknown): Response {
  const { status, body, headers } = toHttpError(err);
  const res = new Response(body.message, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=UTF-8' } });
  return remember(res, { body, cause: err, text: true });
}
