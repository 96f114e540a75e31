import * as z from 'zod';
import './zod-config';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { withValues } from '../message';

/** Emails are compared lower-cased and trimmed; 254 is the longest address SMTP allows. */
export const EmailSchema = z
  .string({ error: /*i18n*/ 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, /*i18n*/ 'Email is required.')
  .max(254, /*i18n*/ 'Email is too long.')
  .email(/*i18n*/ 'Invalid email format.');

/** DECISIONS: 8 to 128 characters for every new password. */
export const NewPasswordSchema = z
  .string({ error: /*i18n*/ 'Password is required.' })
  .min(PASSWORD_MIN, withValues(/*i18n*/ 'Password must be at least {min} characters.', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, withValues(/*i18n*/ 'Password must be at most {max} characters.', { max: PASSWORD_MAX }));

/**
 * Control characters (Unicode Cc: C0, DEL, C1) have no place in a name, a title or a link: a line
 * break in one would become a line of its own in a vCard or an email header (issue 45).
 */
export const hasControlCharacter = (s: string, opts: { lineBreaks?: boolean } = {}): boolean =>
  (opts.lineBreaks ? /(?![\n\t])\p{Cc}/u : /\p{Cc}/u).test(s);

export const controlCharacterMessage = (label: string) =>
  withValues(/*i18n*/ '{label} cannot contain line breaks or other control characters.', { label });

export const PersonNameSchema = z
  .string({ error: /*i18n*/ 'Name is required.' })
  .trim()
  .min(1, /*i18n*/ 'Name is required.')
  .max(100, /*i18n*/ 'Name must be at most 100 characters.')
  .refine((s) => !hasControlCharacter(s), controlCharacterMessage(/*i18n*/ 'Name'));

/** A positive integer id from a path segment or a JSON number. */
export const IdSchema = z.coerce.number({ error: /*i18n*/ 'Invalid id.' }).int(/*i18n*/ 'Invalid id.').positive(/*i18n*/ 'Invalid id.');

/** A random token from an emailed link. */
export const TokenSchema = z.string().trim().min(16, /*i18n*/ 'Invalid token.').max(128, /*i18n*/ 'Invalid token.');
