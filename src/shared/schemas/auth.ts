import * as z from 'zod';
import type { Language, Theme } from '../preferences';
import { ACCOUNT_TYPES } from '../constants';
import type { MembershipTerm } from '../membership-term';
import { EmailSchema, NewPasswordSchema, PersonNameSchema } from './common';
import { acceptingOldNames } from './old-field-names';

export const LoginInputSchema = z.object({
  email: EmailSchema,
  // Any length is accepted at login (old passwords may predate today's rule); capped against abuse.
  password: z.string({ error: /*i18n*/ 'Password is required.' }).min(1, /*i18n*/ 'Password is required.').max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** POST /update-user. type and admin are honoured only for admins. */
export const UpdateUserInputSchema = z.object({
  name: PersonNameSchema,
  type: z.enum(ACCOUNT_TYPES, { error: /*i18n*/ 'Type is required.' }).optional(),
  admin: z.boolean().optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInputSchema>;

export const UpdatePasswordInputSchema = acceptingOldNames(
  z.object({
    oldPassword: z.string({ error: /*i18n*/ 'Old password is required.' }).min(1, /*i18n*/ 'Old password is required.').max(1024),
    newPassword: NewPasswordSchema,
    /** "Also remove my passkeys" (issue 45): left out, they are removed, as the form's box starts checked. */
    remove_passkeys: z.boolean({ error: 'remove_passkeys is true or false.' }).default(true),
  }),
  { remove_passkeys: 'removePasskeys' },
);
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInputSchema>;

/** A TOTP code (6 digits) or, at sign-in and to turn 2FA off, a recovery code. */
const SecondFactorCodeSchema = z
  .string({ error: /*i18n*/ 'Code is required.' })
  .trim()
  .min(1, /*i18n*/ 'Code is required.')
  .max(64, /*i18n*/ 'That code is too long.');

/** POST /api/account/2fa/enable and POST /login/2fa. */
export const TwoFactorCodeInputSchema = z.object({ code: SecondFactorCodeSchema });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInputSchema>;

/** POST /api/account/2fa/disable: the password and a current code (or a recovery code). */
export const TwoFactorDisableInputSchema = z.object({
  password: z.string({ error: /*i18n*/ 'Password is required.' }).min(1, /*i18n*/ 'Password is required.').max(1024),
  code: SecondFactorCodeSchema,
});
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInputSchema>;

/** GET /api/account/2fa. */
export interface TwoFactorStatus {
  enabled: boolean;
}

/** POST /api/account/2fa/setup: the new secret (base32) and the otpauth:// URI the QR code carries. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUri: string;
}

/** POST /api/account/2fa/enable: the ten recovery codes, shown this once. */
export interface TwoFactorEnabled {
  recoveryCodes: string[];
}

/**
 * What the signed-in member may do, decided by the server's policies (the client reads these
 * flags and never works a rule out from type or admin).
 */
export interface AccountCapabilities {
  /** The admin screens and the Admin menu. */
  admin: boolean;
  /** The Create Event button (Founding members, Travel Hosts and admins). */
  create_event: boolean;
  /** The Type field in Settings (admins choose their own account type). */
  change_account_type: boolean;
}

export interface AuthStatus {
  authenticated: boolean;
  user:
    | null
    | ({
        user_id: number;
        name: string;
        /** Shown (e.g. as a badge); what the member may do is in `can`. */
        admin: boolean;
        type: (typeof ACCOUNT_TYPES)[number];
        must_change_password: boolean;
        two_factor_enabled: boolean;
        /** An admin without 2FA: every admin screen and call is refused until she sets it up in Settings. */
        needs_two_factor_setup: boolean;
        can: AccountCapabilities;
        /** Her language (null: none chosen) and appearance (issue 41): the page keeps the device's cookies in step. */
        language: Language | null;
        theme: Theme;
      } & MembershipTerm);
}

/** POST /login (and tRPC auth.login): signed in, or a code is owed to POST /login/2fa. */
export type LoginAnswer = { ok: true; user: NonNullable<AuthStatus['user']> } | { twoFactorRequired: true };

/** GET /user-details: her account, with her own term (member_since, renews_on, status). */
export interface UserDetails extends MembershipTerm {
  user_id: number;
  name: string;
  email: string;
  type: (typeof ACCOUNT_TYPES)[number];
  admin: boolean;
  must_change_password: boolean;
  two_factor_enabled: boolean;
  needs_two_factor_setup: boolean;
  can: AccountCapabilities;
}
