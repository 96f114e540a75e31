import { AppError } from '../../platform/app-error';

// DECISIONS "Common passwords": besides the 8 to 128 characters of the shared schemas, every place that
// sets a password (registration, reset, change, admin-create) refuses the 10,000 most common
// passwords and the member's own email address. One function, so the rule cannot drift.

export const COMMON_PASSWORD_MESSAGE = /*i18n*/ 'This password is too common. Please choose another.';
export const EMAIL_PASSWORD_MESSAGE = /*i18n*/ 'Your password must not be your email address or the part before the @.';

/** How many of the ranked list are refused. */
const COMMON_COUNT = 10_000;

let common: Promise<Set<string>> | undefined;

/**
 * The first 10,000 of @zxcvbn-ts/language-common's ranked password list (lower case, as the list
 * is). Imported on first use, once per isolate: the list is not parsed for requests that never
 * set a password.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_COUNT)));
  common.catch(() => {
    common = undefined;
  });
  return common;
}

const normalized = (value: string) => value.normalize('NFKC').toLowerCase();

/** Why this password may not be set, or null when it may. */
export async function passwordProblem(password: string, opts: { email?: string | null } = {}): Promise<string | null> {
  const candidate = normalized(password);
  if (opts.email) {
    const email = normalized(opts.email.trim());
    const local = email.split('@')[0];
    if (candidate === email || (local && candidate === local)) return EMAIL_PASSWORD_MESSAGE;
  }
  if ((await commonPasswords()).has(candidate)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** 400 with the reason, on the form field that carries the password. */
export async function assertPasswordAllowed(password: string, opts: { email?: string | null; field: string }): Promise<void> {
  const problem = await passwordProblem(password, opts);
  if (problem) throw new AppError('BAD_REQUEST', problem, { fieldErrors: { [opts.field]: [problem] } });
}
