import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { env } from 'cloudflare:workers';
import { relyingParty } from '../../../src/worker/platform/app-origin';
import type { Reauthentication } from '../../../src/shared/schemas/passkeys';
import { cookieFrom, request, TEST_PASSWORD, type TestUser } from '../helpers';
import { SoftwareAuthenticator, type CeremonyOverrides } from '../../../scripts/lib/software-authenticator';

/** Where passkeys work in the tests: rp id localhost, the page at http://localhost:8787 (app-origin.ts). */
export const RP = relyingParty(env);

export function newAuthenticator(): Promise<SoftwareAuthenticator> {
  return SoftwareAuthenticator.create({ origin: RP.origins[0]!, rpId: RP.id });
}

const REGISTRATION_COOKIE = 'owow_passkey_registration';
const SIGN_IN_COOKIE = 'owow_passkey_sign_in';

/** The Cookie header of a browser holding the member's session and, when given, a challenge cookie. */
const cookies = (...pairs: (string | null | undefined)[]) => pairs.filter(Boolean).join('; ');

export interface RegistrationStart {
  status: number;
  options: PublicKeyCredentialCreationOptionsJSON;
  /** "owow_passkey_registration=…": this browser's challenge cookie. */
  cookie: string | null;
}

/**
 * POST /api/passkeys/registration/options as her browser. `proof` is how she confirms it is her
 * (issue 45): her password unless the test says otherwise.
 */
export async function registrationOptions(u: TestUser, opts: { ip?: string; proof?: Reauthentication } = {}): Promise<RegistrationStart> {
  const body = opts.proof ?? { password: TEST_PASSWORD };
  const res = await request('/api/passkeys/registration/options', { method: 'POST', as: u, ip: opts.ip, body });
  return {
    status: res.status,
    options: (await res.json()) as PublicKeyCredentialCreationOptionsJSON,
    cookie: cookieFrom(res, REGISTRATION_COOKIE),
  };
}

/** POST /api/passkeys/registration as her browser, with the given challenge cookie. */
export function sendRegistration(u: TestUser, cookie: string | null, body: unknown, headers: Record<string, string> = {}, ip?: string) {
  return request('/api/passkeys/registration', { body, headers: { ...headers, Cookie: cookies(u.cookie, cookie) }, ip });
}

/** The whole "Add a passkey": options, the authenticator's answer, the registration. */
export async function addPasskey(
  u: TestUser,
  authenticator: SoftwareAuthenticator,
  opts: { name?: string; overrides?: CeremonyOverrides; userAgent?: string } = {},
) {
  const start = await registrationOptions(u);
  if (start.status !== 200) throw new Error(`registration options answered ${start.status}: ${JSON.stringify(start.options)}`);
  const response = await authenticator.register(start.options, opts.overrides);
  const headers: Record<string, string> = opts.userAgent ? { 'User-Agent': opts.userAgent } : {};
  return sendRegistration(u, start.cookie, { response, ...(opts.name === undefined ? {} : { name: opts.name }) }, headers);
}

export interface SignInStart {
  status: number;
  options: PublicKeyCredentialRequestOptionsJSON;
  cookie: string | null;
}

export async function authenticationOptions(opts: { ip?: string } = {}): Promise<SignInStart> {
  const res = await request('/api/passkeys/authentication/options', { method: 'POST', ip: opts.ip });
  return {
    status: res.status,
    options: (await res.json()) as PublicKeyCredentialRequestOptionsJSON,
    cookie: cookieFrom(res, SIGN_IN_COOKIE),
  };
}

export function sendAuthentication(cookie: string | null, body: unknown, opts: { ip?: string; userAgent?: string } = {}) {
  const headers: Record<string, string> = { Cookie: cookies(cookie) };
  if (opts.userAgent) headers['User-Agent'] = opts.userAgent;
  return request('/api/passkeys/authentication', { body, headers, ip: opts.ip });
}

/** The whole "Sign in with a passkey" of a visitor's browser. */
export async function signInWithPasskey(
  authenticator: SoftwareAuthenticator,
  opts: { overrides?: CeremonyOverrides; ip?: string; userAgent?: string } = {},
) {
  const start = await authenticationOptions({ ip: opts.ip });
  if (start.status !== 200) throw new Error(`authentication options answered ${start.status}`);
  const response = await authenticator.assert(start.options, opts.overrides);
  return sendAuthentication(start.cookie, { response }, opts);
}

/** A test user for the browser that a passkey sign-in's answer signed in. */
export function signedInAs(u: TestUser, res: Response): TestUser {
  const session = cookieFrom(res, 'owow_session');
  if (!session) throw new Error('no session cookie in the answer');
  return { ...u, cookie: session };
}
