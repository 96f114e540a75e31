import * as z from 'zod';
import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '../../shared/errors';
import type { RateLimitPolicy } from './rate-limit-policy';

/** The one error type of the product's rules; mapped to HTTP by Hono's onError and by tRPC. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  readonly retryAfter?: number;
  /** The limit a 429 hit (its RateLimit-Policy and RateLimit headers). */
  readonly policy?: RateLimitPolicy;
  constructor(code: ErrorCode, message: string, opts: { fieldErrors?: FieldErrors; retryAfter?: number; policy?: RateLimitPolicy } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = opts.fieldErrors;
    this.retryAfter = opts.retryAfter;
    this.policy = opts.policy;
  }
  get status() {
    return ERROR_STATUS[this.code];
  }
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationError(error: z.ZodError): AppError {
  const fieldErrors = fieldErrorsOf(error);
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return new AppError('BAD_REQUEST', `${where}${first?.message ?? 'Invalid input'}`, { fieldErrors });
}

/** Parse untrusted input with its shared schema; a failure is a 400 with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
