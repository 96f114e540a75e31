import * as z from 'zod';
import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '../../shared/errors';
import type { RateLimitPolicy } from './rate-limit-policy';
import { englishText, type MessageValues } from './i18n';

/**
 * The one error type of the product's rules; mapped to HTTP by Hono's onError and by tRPC. Its
 * message is English, the id of its translations (issue 41: platform/error-language.ts answers it
 * in the request's language): a message with `values` is an ICU text (`Send part {part} first.`)
 * whose English rendering is `message`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  readonly retryAfter?: number;
  /** The limit a 429 hit (its RateLimit-Policy and RateLimit headers). */
  readonly policy?: RateLimitPolicy;
  /** The message as marked for extraction (an ICU text when it has values), and its values. */
  readonly template: string;
  readonly values?: MessageValues;
  /** Written before the message as it is (a field's path: `email: `). */
  readonly prefix: string;
  constructor(
    code: ErrorCode,
    message: string,
    opts: { fieldErrors?: FieldErrors; retryAfter?: number; policy?: RateLimitPolicy; values?: MessageValues; prefix?: string } = {},
  ) {
    super((opts.prefix ?? '') + (opts.values ? englishText(message, opts.values) : message));
    this.template = message;
    this.values = opts.values;
    this.prefix = opts.prefix ?? '';
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
  return new AppError('BAD_REQUEST', first?.message ?? /*i18n*/ 'Invalid input', { fieldErrors, prefix: where });
}

/** Parse untrusted input with its shared schema; a failure is a 400 with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
