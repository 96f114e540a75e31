import { useEffect, useState } from 'react';
import { FormMessage } from '../../components/field';
import type { LoginAnswer } from '../../../shared/schemas/auth';
import { useHydrated } from '../../lib/use-hydrated';
import { autofillSupported, loadWebAuthn, passkeysSupported, usePasskeySignIn } from '../../shared/passkeys';
import { i18n } from './locales/i18n';

/**
 * The login page's "Sign in with a passkey" (issue 25): the browser's dialog on the button, and
 * her passkeys among the email field's suggestions where the browser offers that (conditional
 * mediation: the email field says autocomplete="username webauthn"). Neither needs her email or
 * password; the answer is the same as a login's.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (answer: LoginAnswer) => void | Promise<void> }) {
  const hydrated = useHydrated();
  const [supported, setSupported] = useState(true);
  const { start, pending, error } = usePasskeySignIn(onSignedIn);

  useEffect(() => {
    setSupported(passkeysSupported());
    let left = false;
    void autofillSupported().then((ok) => {
      if (ok && !left) void start(true);
    });
    return () => {
      left = true;
      // The autofill request waits for her; leaving the page (or the form) ends it.
      void loadWebAuthn().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [start]);

  if (!supported) return null;
  return (
    <>
      <hr />
      <p className="muted">{i18n.t('Or without your email and password, with your fingerprint, face or device PIN:')}</p>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => void start(false)} disabled={pending || !hydrated}>
          {pending ? i18n.t('Signing in…') : i18n.t('Sign in with a passkey')}
        </button>
      </div>
      <FormMessage>{error}</FormMessage>
    </>
  );
}
