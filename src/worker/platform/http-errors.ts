import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { AppError } from './app-error';

/** What an AppError becomes on the wire, whatever the transport. */
export interface HttpError {
  status: ContentfulStatusCode;
  body: ErrorBody;
  /** Headers the answer carries (Retry-After on 429s); the one place they are decided. */
  headers: Record<string, string>;
}

export const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

function body(code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { error: message, message, code, ...extra };
}

/** Headers an AppError adds to any answer, REST or tRPC. */
export function errorHeaders(err: AppError): Record<string, string> {
  if (err.code === 'REQUEST_TIMEOUT') return { Connection: 'close' };
  return err.retryAfter ? { 'Retry-After': String(err.retryAfter) } : {};
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
    return { status, body: body(code, code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_MESSAGE : err.message || 'Bad request'), headers: {} };
  }
  return { status: 500, body: body('INTERNAL_SERVER_ERROR', INTERNAL_MESSAGE), headers: {} };
}

/** The JSON answer for an error (REST routes, middleware, onError). */
export function errorResponse(err: unknown): Response {
  const { status, body, headers } = toHttpError(err);
  return Response.json(body, { status, headers });
}

/** SPEC 7 answers a few calls (forgot and reset password) as plain text, failures included. */
export function errorTextResponse(err: unknown): Response {
  const { status, body, headers } = toHttpError(err);
  return new Response(body.message, { status, headers: { ...headers, 'Content-Type': 'text/plain; charset=UTF-8' } });
}
