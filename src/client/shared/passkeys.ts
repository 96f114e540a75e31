import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginAnswer } from '../../shared/schemas/auth';
import { errorMessage, useTRPC } from '../lib/trpc';
import { i18n } from './i18n';

/*
 * The browser side of passkeys (issue 25), shared by the login page and Settings. SimpleWebAuthn's
 * browser package turns the server's JSON options into navigator.credentials calls and their
 * answers back into JSON. It is imported on first use only, so no page's first load carries it.
 */

export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** The browser has WebAuthn at all (every current one does; an old embedded view may not). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** What went wrong in the browser's own dialog, in words; null when nothing needs saying. */
export function ceremonyProblem(err: unknown, ceremony: 'registration' | 'authentication'): string | null {
  const { code, name } = (err ?? {}) as { code?: string; name?: string };
  // A newer ceremony replaced this one (the autofill one, when the button is pressed).
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return null;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return i18n.t('This device already has a passkey for your account.');
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return i18n.t('Passkeys work only at the club’s own address. Open this page at its usual address and try again.');
  }
  if (name === 'NotAllowedError') {
    return ceremonyCancelled(ceremony);
  }
  return ceremony === 'registration'
    ? i18n.t('The passkey could not be created. Please try again.')
    : i18n.t('The passkey could not be used. Please try again.');
}

const ceremonyCancelled = (ceremony: 'registration' | 'authentication') =>
  ceremony === 'registration'
    ? i18n.t('No passkey was added: the request was cancelled or timed out.')
    : i18n.t('The passkey sign-in was cancelled or timed out.');

/**
 * Asks the browser for one of her passkeys: `autofill` for the email field's suggestions
 * (conditional mediation, which waits until she picks one), else the browser's dialog.
 */
export async function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  autofill = false,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await loadWebAuthn();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Whether the email field may offer passkeys (conditional mediation). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await loadWebAuthn();
  return browserSupportsWebAuthnAutofill();
}

/**
 * "Sign in with a passkey": the server's options, the browser's dialog (or, with `autofill`, the
 * email field's suggestions), then the answer, which opens a session as a login does. Used by the
 * login page, and by Settings for an admin whose password session has no admin powers.
 */
export function usePasskeySignIn(onSignedIn: (answer: LoginAnswer) => void | Promise<void>) {
  const trpc = useTRPC();
  const options = useMutation(trpc.auth.passkeys.authenticationOptions.mutationOptions());
  const authenticate = useMutation(trpc.auth.passkeys.authenticate.mutationOptions());
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });
  const { mutateAsync: fetchOptions } = options;
  const { mutateAsync: send } = authenticate;

  const start = useCallback(
    async (autofill = false) => {
      if (!autofill) setError('');
      let response: AuthenticationResponseJSON;
      try {
        if (!autofill) setPending(true);
        // The JSON the server made; tRPC's serialized type of it spells its buffer types differently.
        response = await getPasskey((await fetchOptions()) as PublicKeyCredentialRequestOptionsJSON, autofill);
      } catch (err) {
        setPending(false);
        // The autofill request waits quietly; only a failure she caused is worth words.
        if (err instanceof TRPCClientError) {
          if (!autofill) setError(errorMessage(err, i18n.t('Could not start the passkey sign-in. Please try again.')));
        } else if (!autofill) setError(ceremonyProblem(err, 'authentication') ?? '');
        return;
      }
      setPending(true);
      try {
        await signedIn.current(await send({ response }));
      } catch (err) {
        setError(errorMessage(err, i18n.t('Could not sign in with that passkey. Please try again.')));
      } finally {
        setPending(false);
      }
    },
    [fetchOptions, send],
  );
  return { start, pending, error };
}
