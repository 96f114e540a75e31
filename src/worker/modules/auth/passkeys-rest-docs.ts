import * as z from 'zod';
import { IdSchema } from '../../../shared/schemas/common';
import {
  PasskeyAuthenticationInputSchema,
  PasskeyRegistrationInputSchema,
  PasskeyRegistrationOptionsInputSchema,
  RemovePasskeyInputSchema,
  RenamePasskeyInputSchema,
} from '../../../shared/schemas/passkeys';
import { describeRoutes, IsoDateTime, OkSchema } from '../../platform/openapi';
import type { passkeyRoutes } from './passkeys-rest';
import { LoginAnswerSchema, SET_COOKIE } from './rest-docs';

/** One of her passkeys (PasskeyView): names and dates, never a key. */
const PasskeySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    created_at: IsoDateTime,
    last_used_at: IsoDateTime.nullable().describe('null until she first signs in with it'),
  })
  .meta({ id: 'Passkey' });

const requirement = z.enum(['discouraged', 'preferred', 'required']);

const CreationOptionsSchema = z
  .object({
    challenge: z.string().describe('base64url, random, single use, 5 minutes, bound to this browser by a cookie'),
    rp: z.object({ name: z.string(), id: z.string().optional().describe("APP_ORIGIN's host; locally localhost") }),
    user: z.object({
      id: z.string().describe('Her user handle: base64url of random bytes, never her email or row id'),
      name: z.string(),
      displayName: z.string(),
    }),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
    timeout: z.number().int().optional(),
    attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
    excludeCredentials: z
      .array(z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() }))
      .optional()
      .describe('Her passkeys: the browser does not make a second one on the same authenticator'),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        residentKey: requirement.optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: requirement.optional(),
      })
      .optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
    hints: z.array(z.string()).optional(),
  })
  .meta({
    id: 'PasskeyCreationOptions',
    description: "WebAuthn's PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create().",
  });

const RequestOptionsSchema = z
  .object({
    challenge: z.string().describe('base64url, random, single use, 5 minutes, bound to this browser by a cookie'),
    rpId: z.string().optional(),
    timeout: z.number().int().optional(),
    userVerification: requirement.optional(),
  })
  .meta({
    id: 'PasskeyRequestOptions',
    description:
      "WebAuthn's PublicKeyCredentialRequestOptionsJSON without allowCredentials (discoverable credentials), for navigator.credentials.get().",
  });

const PasskeyIdParams = z.object({ id: IdSchema });
const CHALLENGE_COOKIE = { 'Set-Cookie': "This ceremony's challenge cookie (HttpOnly, 5 minutes): send it back with the answer." };

/** Issue 25's passkey routes (passkeys-rest.ts over passkeys.ts). */
export const passkeysRestDocs = describeRoutes<typeof passkeyRoutes>()('Passkeys', {
  'GET /api/passkeys': {
    operationId: 'listPasskeys',
    summary: 'Her passkeys, oldest first',
    access: 'member',
    responses: { 200: z.array(PasskeySchema) },
  },
  'POST /api/passkeys/registration/options': {
    operationId: 'passkeyRegistrationOptions',
    summary: 'Options for adding a passkey (navigator.credentials.create), once she confirms it is her',
    description:
      'She confirms it is her with her password, or a current code of her authenticator app (2FA on), or {} within five minutes of signing in with a passkey in this session: 403 naming the field (password or code) otherwise. Discoverable credential, user verification required. 409 when she has 10 passkeys; 403 for an admin who has a passkey but signed in with her password alone (she signs in with it first). The added passkey is announced by email to her account’s address.',
    access: 'member',
    body: PasskeyRegistrationOptionsInputSchema,
    responses: {
      200: {
        description: 'The creation options.',
        mediaType: 'application/json',
        schema: CreationOptionsSchema,
        headers: CHALLENGE_COOKIE,
      },
    },
    errors: [409, 429],
  },
  'POST /api/passkeys/registration': {
    operationId: 'registerPasskey',
    summary: "Add a passkey: the browser's answer, and a name (left out: the device's, e.g. Chrome on macOS)",
    description: '400 for an answer that does not verify, or a challenge that is missing, expired, used or of another browser.',
    access: 'member',
    body: PasskeyRegistrationInputSchema,
    responses: { 201: PasskeySchema },
    errors: [409, 429],
  },
  'PATCH /api/passkeys/:id': {
    operationId: 'renamePasskey',
    summary: 'Rename one of her passkeys',
    access: 'member',
    params: PasskeyIdParams,
    body: RenamePasskeyInputSchema.omit({ id: true }),
    responses: { 200: PasskeySchema },
    errors: [404, 429],
  },
  'DELETE /api/passkeys/:id': {
    operationId: 'removePasskey',
    summary: 'Remove one of her passkeys (her password; 403 when it is wrong)',
    access: 'member',
    params: PasskeyIdParams,
    body: RemovePasskeyInputSchema.omit({ id: true }),
    responses: { 200: OkSchema },
    errors: [404, 429],
  },
  'POST /api/passkeys/authentication/options': {
    operationId: 'passkeyAuthenticationOptions',
    summary: 'Options for signing in with a passkey (navigator.credentials.get)',
    access: 'public',
    responses: {
      200: { description: 'The request options.', mediaType: 'application/json', schema: RequestOptionsSchema, headers: CHALLENGE_COOKIE },
    },
    errors: [429],
  },
  'POST /api/passkeys/authentication': {
    operationId: 'signInWithPasskey',
    summary: 'Sign in with a passkey: the same answer and session cookie as a completed POST /login',
    description:
      'Never asks for a TOTP code (user verification makes it two factors). 400 for any failure, without saying whether the credential exists.',
    access: 'public',
    body: PasskeyAuthenticationInputSchema,
    responses: { 200: { description: 'Signed in.', mediaType: 'application/json', schema: LoginAnswerSchema, headers: SET_COOKIE } },
    errors: [429],
  },
});
