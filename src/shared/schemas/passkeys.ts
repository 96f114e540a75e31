import * as z from 'zod';
import './zod-config';
import { IdSchema } from './common';
import { withValues } from '../message';

/** At most this many passkeys per member (issue 25). */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;

// The JSON the browser's WebAuthn answers become (SimpleWebAuthn's RegistrationResponseJSON and
// AuthenticationResponseJSON, the WebAuthn Level 3 toJSON() shapes): only their outline is
// checked here; the library checks every byte of them on the server.

/** Base64url without padding, bounded: a WebAuthn answer is a few kilobytes at most. */
const Base64UrlSchema = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, /*i18n*/ 'Not base64url.');

const CredentialOutline = {
  id: Base64UrlSchema.min(1),
  rawId: Base64UrlSchema.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Never read (the server asks for no extensions), so whatever the browser put there is dropped.
  clientExtensionResults: z.unknown().transform(() => ({})),
};

export const RegistrationResponseSchema = z.object({
  ...CredentialOutline,
  response: z.object({
    clientDataJSON: Base64UrlSchema,
    attestationObject: Base64UrlSchema,
    authenticatorData: Base64UrlSchema.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64UrlSchema.optional(),
  }),
});

export const AuthenticationResponseSchema = z.object({
  ...CredentialOutline,
  response: z.object({
    clientDataJSON: Base64UrlSchema,
    authenticatorData: Base64UrlSchema,
    signature: Base64UrlSchema,
    userHandle: Base64UrlSchema.optional(),
  }),
});

const PasskeyNameSchema = z
  .string({ error: /*i18n*/ 'Name is required.' })
  .trim()
  .min(1, /*i18n*/ 'Name is required.')
  .max(PASSKEY_NAME_MAX, withValues(/*i18n*/ 'Name must be at most {max} characters.', { max: PASSKEY_NAME_MAX }));

/**
 * Her proof that it is her, before adding a passkey (issue 45): her password, or a current code
 * of her authenticator app (2FA on); neither, right after a passkey sign-in of this session (five
 * minutes). Empty strings count as absent.
 */
export const ReauthenticationSchema = z.object({
  password: z.string({ error: /*i18n*/ 'Password must be text.' }).max(1024).optional(),
  code: z.string({ error: /*i18n*/ 'Code must be text.' }).trim().max(64, /*i18n*/ 'That code is too long.').optional(),
});
export type Reauthentication = z.infer<typeof ReauthenticationSchema>;

/** POST /api/passkeys/registration/options. */
export const PasskeyRegistrationOptionsInputSchema = ReauthenticationSchema;
export type PasskeyRegistrationOptionsInput = z.infer<typeof PasskeyRegistrationOptionsInputSchema>;

/**
 * POST /api/passkeys/registration: the browser's answer, and a name (left out or empty: the
 * device's, e.g. "Chrome on macOS").
 */
export const PasskeyRegistrationInputSchema = z.object({
  response: RegistrationResponseSchema,
  name: z
    .string()
    .trim()
    .max(PASSKEY_NAME_MAX, withValues(/*i18n*/ 'Name must be at most {max} characters.', { max: PASSKEY_NAME_MAX }))
    .optional(),
});
export type PasskeyRegistrationInput = z.infer<typeof PasskeyRegistrationInputSchema>;

/** POST /api/passkeys/authentication. */
export const PasskeyAuthenticationInputSchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeyAuthenticationInput = z.infer<typeof PasskeyAuthenticationInputSchema>;

/** PATCH /api/passkeys/{id}. */
export const RenamePasskeyInputSchema = z.object({ id: IdSchema, name: PasskeyNameSchema });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeyInputSchema>;

/** DELETE /api/passkeys/{id}: her password. */
export const RemovePasskeyInputSchema = z.object({
  id: IdSchema,
  password: z.string({ error: /*i18n*/ 'Password is required.' }).min(1, /*i18n*/ 'Password is required.').max(1024),
});
export type RemovePasskeyInput = z.infer<typeof RemovePasskeyInputSchema>;

/** One of her passkeys (GET /api/passkeys). Times are ISO 8601 (UTC). */
export interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  /** Null until she first signs in with it. */
  last_used_at: string | null;
}

/** A credential named to the browser (excludeCredentials). */
export interface PasskeyDescriptor {
  id: string;
  type: 'public-key';
  transports?: string[];
}

type Requirement = 'discouraged' | 'preferred' | 'required';

/**
 * POST /api/passkeys/registration/options: WebAuthn's PublicKeyCredentialCreationOptionsJSON as
 * the server makes it (SimpleWebAuthn's generateRegistrationOptions), for
 * navigator.credentials.create().
 */
export interface PasskeyCreationOptions {
  challenge: string;
  rp: { name: string; id?: string };
  /** id: her user handle (base64url of random bytes), never her email or row id. */
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  attestation?: 'none' | 'indirect' | 'direct' | 'enterprise';
  excludeCredentials?: PasskeyDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: 'platform' | 'cross-platform';
    residentKey?: Requirement;
    requireResidentKey?: boolean;
    userVerification?: Requirement;
  };
  extensions?: { credProps?: boolean };
  hints?: string[];
}

/**
 * POST /api/passkeys/authentication/options: WebAuthn's PublicKeyCredentialRequestOptionsJSON,
 * without allowCredentials (discoverable credentials), for navigator.credentials.get().
 */
export interface PasskeyRequestOptions {
  challenge: string;
  rpId?: string;
  timeout?: number;
  userVerification?: Requirement;
}
