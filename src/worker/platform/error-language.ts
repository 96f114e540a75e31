import type { ErrorBody, FieldErrors } from '../../shared/errors';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/preferences';
import { AppError } from './app-error';
import { inLoadedLanguage, translate } from './i18n';

/**
 * Issue 41: an API error's `message` (and `error`, and each field's messages) in the request's
 * language. The one translation step of errors, used where they become JSON: REST answers in
 * middleware/content-language.ts, tRPC's in its error formatter (platform/trpc.ts). English is
 * the text as written (SPEC's quoted texts exactly); a text that is no catalog's message (a zod
 * default, an unmarked one) stays English. The language's catalog must be loaded (loadLanguage).
 */
export function localizedError(body: ErrorBody, cause: unknown, language: Language): ErrorBody {
  if (language === DEFAULT_LANGUAGE) return body;
  return inLoadedLanguage(language, () => {
    const message = cause instanceof AppError ? cause.prefix + translate(cause.template, cause.values) : translate(body.message);
    return {
      ...body,
      error: message,
      message,
      ...(body.fieldErrors && { fieldErrors: localizedFieldErrors(body.fieldErrors) }),
    };
  });
}

export function localizedFieldErrors(fieldErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((m) => translate(m))]));
}
