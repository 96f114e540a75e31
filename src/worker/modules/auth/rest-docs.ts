import * as z from 'zod';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { LANGUAGES, THEMES } from '../../../shared/preferences';
import { EndSessionInputSchema } from '../../../shared/schemas/account-sessions';
import {
  LoginInputSchema,
  TwoFactorCodeInputSchema,
  TwoFactorDisableInputSchema,
  UpdatePasswordInputSchema,
  UpdateUserInputSchema,
} from '../../../shared/schemas/auth';
import { describeRoutes, IsoDateTime, OkSchema } from '../../platform/openapi';
import type { authRoutes } from './rest';
import { membershipTermFields } from '../membership/terms-rest-docs';

const CapabilitiesSchema = z
  .object({
    admin: z.boolean().describe('The admin screens and the Admin menu.'),
    create_event: z.boolean().describe('The Create Event button.'),
    change_account_type: z.boolean().describe('The Type field in Settings.'),
  })
  .meta({ id: 'AccountCapabilities', description: "What the member may do, from the server's policies." });

const accountFields = {
  user_id: z.number().int(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  admin: z.boolean(),
  must_change_password: z.boolean(),
  two_factor_enabled: z.boolean(),
  needs_two_factor_setup: z
    .boolean()
    .describe('An admin without 2FA: every admin call answers 403 TWO_FACTOR_REQUIRED until she sets it up.'),
  can: CapabilitiesSchema,
  // Her own term (issue 24): a lapsed member still signs in and reads it.
  ...membershipTermFields,
};

export const SessionUserSchema = z
  .object({
    ...accountFields,
    language: z.enum(LANGUAGES).nullable().describe('Her language (issue 41); null: none chosen, the request decides.'),
    theme: z.enum(THEMES),
  })
  .meta({ id: 'SessionUser' });
export const UserDetailsSchema = z.object({ ...accountFields, email: z.string() }).meta({ id: 'UserDetails' });

export const LoginAnswerSchema = z
  .union([
    z.object({ ok: z.literal(true), user: SessionUserSchema }),
    z.object({ twoFactorRequired: z.literal(true) }).describe('The password was right; POST /login/2fa with a code next.'),
  ])
  .meta({ id: 'LoginAnswer' });

const SessionSchema = z
  .object({
    id: z.string(),
    browser: z.string().nullable(),
    os: z.string().nullable(),
    created_at: IsoDateTime,
    last_seen_at: IsoDateTime.describe('ISO 8601 date and time (UTC), to within a few minutes'),
    current: z.boolean().describe('The session of this request'),
    signed_in_with_passkey: z.boolean().describe('It began with a passkey sign-in'),
  })
  .meta({ id: 'AccountSession' });

const TwoFactorStatusSchema = z.object({ enabled: z.boolean() }).meta({ id: 'TwoFactorStatus' });
export const SET_COOKIE = { 'Set-Cookie': 'The session cookie (and the 2FA step cookie), HttpOnly.' };

/** The REST routes of account.ts, two-factor.ts and account-sessions.ts (SPEC 7 "Auth and account", issue 11). */
export const authRestDocs = describeRoutes<typeof authRoutes>()('Auth and account', {
  'GET /auth-status': {
    operationId: 'getAuthStatus',
    summary: 'Whether this request is signed in, and as whom',
    access: 'public',
    responses: { 200: z.object({ authenticated: z.boolean(), user: SessionUserSchema.nullable() }) },
  },
  'POST /login': {
    operationId: 'login',
    summary: 'Sign in with email and password',
    description: 'Sets the session cookie, or (two-factor sign-in on) a short-lived cookie for POST /login/2fa.',
    access: 'public',
    body: LoginInputSchema,
    responses: {
      200: { description: 'Signed in, or a code is owed.', mediaType: 'application/json', schema: LoginAnswerSchema, headers: SET_COOKIE },
    },
    errors: [401, 429],
  },
  'POST /login/2fa': {
    operationId: 'loginTwoFactor',
    summary: 'The second step of sign-in: a TOTP code or a recovery code',
    access: 'public',
    body: TwoFactorCodeInputSchema,
    responses: { 200: { description: 'Signed in.', mediaType: 'application/json', schema: LoginAnswerSchema, headers: SET_COOKIE } },
    errors: [401, 429],
  },
  'POST /logout': {
    operationId: 'logout',
    summary: 'End this session (clears the cookie)',
    access: 'public',
    responses: { 200: OkSchema },
  },
  'GET /user-details': {
    operationId: 'getUserDetails',
    summary: 'The signed-in member',
    access: 'member',
    responses: { 200: UserDetailsSchema },
  },
  'POST /update-user': {
    operationId: 'updateUser',
    summary: 'Change her name (and, for admins, her type)',
    access: 'member',
    body: UpdateUserInputSchema,
    responses: { 200: z.object({ message: z.string(), user: UserDetailsSchema }) },
    // An admin may not drop her own admin flag (the last admin's safeguard).
    errors: [409],
  },
  'POST /update-password': {
    operationId: 'updatePassword',
    summary:
      'Change her password (ends her other sessions; this one gets a new cookie; removes her passkeys unless remove_passkeys is false)',
    access: 'member',
    body: UpdatePasswordInputSchema,
    responses: { 200: z.object({ message: z.string() }) },
    errors: [429],
  },
  'GET /api/account/sessions': {
    operationId: 'listMySessions',
    summary: 'Her signed-in devices',
    access: 'member',
    responses: { 200: z.object({ sessions: z.array(SessionSchema) }) },
  },
  'DELETE /api/account/sessions/:id': {
    operationId: 'endMySession',
    summary: 'Sign out one of her devices (this one: a logout)',
    access: 'member',
    params: EndSessionInputSchema,
    responses: { 200: z.object({ ok: z.literal(true), current: z.boolean() }) },
    errors: [404],
  },
  'POST /api/account/sessions/end-others': {
    operationId: 'endMyOtherSessions',
    summary: 'Sign out all her other devices',
    access: 'member',
    responses: { 200: z.object({ ended: z.number().int() }) },
  },
  'GET /api/account/2fa': {
    operationId: 'getTwoFactorStatus',
    summary: 'Whether two-factor sign-in is on',
    access: 'member',
    responses: { 200: TwoFactorStatusSchema },
  },
  'POST /api/account/2fa/setup': {
    operationId: 'setupTwoFactor',
    summary: 'A new TOTP secret to confirm with POST /api/account/2fa/enable',
    access: 'member',
    responses: { 200: z.object({ secret: z.string().describe('base32'), otpauthUri: z.string() }) },
    errors: [409, 429],
  },
  'POST /api/account/2fa/enable': {
    operationId: 'enableTwoFactor',
    summary: 'Turn two-factor sign-in on with a code of the new secret; answers the recovery codes once',
    access: 'member',
    body: TwoFactorCodeInputSchema,
    responses: { 200: z.object({ recoveryCodes: z.array(z.string()) }) },
    errors: [409, 429],
  },
  'POST /api/account/2fa/disable': {
    operationId: 'disableTwoFactor',
    summary: 'Turn two-factor sign-in off (password and a code)',
    access: 'member',
    body: TwoFactorDisableInputSchema,
    responses: { 200: TwoFactorStatusSchema },
    errors: [409, 429],
  },
});
