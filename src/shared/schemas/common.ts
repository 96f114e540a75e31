import * as z from 'zod';
import './zod-config';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';

/** Emails are compared lower-cased and trimmed; 254 is the longest address SMTP allows. */
export const EmailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .email('Invalid email format.');

/** DECISIONS: 8 to 128 characters for every new password. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

/**
 * Control characters (Unicode Cc: C0, DEL, C1) have no place in a name, a title or a link: a line
 * break in one would become a line of its own in a vCard or an email header (issue 45).
 */
export const hasControlCharacter = (s: string, opts: { lineBreaks?: boolean } = {}): boolean =>
  (opts.lineBreaks ? /(?![\n\t])\p{Cc}/u : /\p{Cc}/u).test(s);

export const controlCharacterMessage = (label: string) => `${label} cannot contain line breaks or other control characters.`;

export const PersonNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.')
  .refine((s) => !hasControlCharacter(s), controlCharacterMessage('Name'));

/** A positive integer id from a path segment or a JSON number. */
export const IdSchema = z.coerce.number({ error: 'Invalid id.' }).int('Invalid id.').positive('Invalid id.');

/** A random token from an emailed link. */
export const TokenSchema = z.string().trim().min(16, 'Invalid token.').max(128, 'Invalid token.');
