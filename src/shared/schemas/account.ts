import * as z from 'zod';
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '../constants';
import { UNSUBSCRIBE_CATEGORIES } from '../notifications';
import './zod-config';

export { EMAIL_CATEGORY_LABELS };

/**
 * Settings > Email: the optional kinds of email, each on unless she turned it off. One flag per
 * category of shared/constants.ts, no more and no fewer (the type checker holds them together, as
 * it holds the labels).
 */
export const EmailPreferencesSchema = z.object({
  announcements: z.boolean(),
  group_mail: z.boolean(),
  reminders: z.boolean(),
} satisfies Record<EmailCategory, z.ZodBoolean>);
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

/** The path segments of a one-click unsubscribe link: /unsubscribe/{userId}/{category}/{token}. */
export const UnsubscribeParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
  category: z.enum(UNSUBSCRIBE_CATEGORIES),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, /*i18n*/ 'This unsubscribe link is not valid.'),
});

/** DELETE /api/account: the password, and the 2FA code when two-factor sign-in is on. */
export const DeleteAccountInputSchema = z.object({
  password: z.string().min(1, /*i18n*/ 'Enter your password.').max(1000),
  code: z.string().trim().max(64).optional(),
});

/** An admin deletes a member from User Management. */
export const AdminDeleteUserInputSchema = z.object({ userId: z.coerce.number().int().positive() });
