import * as z from 'zod';
import './zod-config';
import { withValues } from '../message';

/** Issue 13: every list answers pages of 30 by default and 100 at most. */
export const PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

/** A query string's empty parameter (`?cursor=`) means "the first page", as leaving it out does. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * An opaque keyset cursor (src/worker/platform/keyset.ts writes and reads it): where the previous
 * page ended, so a page never skips or repeats a row however many rows were added since.
 */
export const CursorSchema = z
  .string({ error: /*i18n*/ 'Invalid cursor.' })
  .max(512, /*i18n*/ 'Invalid cursor.')
  .regex(/^[A-Za-z0-9_-]+$/, /*i18n*/ 'Invalid cursor.');

export const PageLimitSchema = z.coerce
  .number({ error: /*i18n*/ 'The page size must be a number.' })
  .int(/*i18n*/ 'The page size must be a whole number.')
  .min(1, /*i18n*/ 'The page size must be at least 1.')
  .max(MAX_PAGE_SIZE, withValues(/*i18n*/ 'The page size must be at most {max}.', { max: MAX_PAGE_SIZE }));

/** The `cursor` and `limit` of every paged list (query parameters in REST, input fields in tRPC). */
export const PageQuerySchema = z.object({
  cursor: z.preprocess(blankToUndefined, CursorSchema.optional()),
  limit: z.preprocess(blankToUndefined, PageLimitSchema.optional()),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

/** One page of a list; `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
