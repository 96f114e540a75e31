import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthenticatorCodeField, FormMessage, TextField } from '../../components/field';
import { useFormErrors } from '../../components/use-form-errors';
import type { LoginAnswer } from '../../../shared/schemas/auth';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { safeNext } from '../../lib/safe-next';
import { useHydrated } from '../../lib/use-hydrated';
import { PasskeySignIn } from './passkey-sign-in';
import { i18n } from './locales/i18n';

/**
 * The second step of a login with 2FA on: a code from the authenticator app, or one of the
 * recovery codes. The pending sign-in lives in an HttpOnly cookie for 5 minutes; when it has run
 * out (401) the member starts again with her password.
 */
function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (answer: LoginAnswer) => void; onRestart: (message: string) => void }) {
  const trpc = useTRPC();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const form = useFormErrors({
    values: { code },
    validate: (v) => ({
      code: v.code.trim()
        ? undefined
        : recovery
          ? i18n.t('Enter one of your recovery codes.')
          : i18n.t('Enter the 6-digit code from your app.'),
    }),
  });
  const verify = useMutation(
    trpc.auth.loginTwoFactor.mutationOptions({
      onSuccess: onSignedIn,
      onError: (err) => {
        if (err instanceof TRPCClientError && err.data?.httpStatus === 401) onRestart(errorMessage(err, i18n.t('Please sign in again.')));
        else form.show({ code: fieldErrors(err).code ?? errorMessage(err, i18n.t('Could not check the code. Please try again.')) });
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.check()) verify.mutate({ code });
  }

  return (
    <form onSubmit={submit} {...form.formProps}>
      <p className="muted">
        {recovery
          ? i18n.t('Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.')
          : i18n.t('Open your authenticator app and enter the 6-digit code it shows for this club.')}
      </p>
      {recovery ? (
        <TextField
          key="recovery"
          autoFocus
          label={i18n.t('Recovery code')}
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={form.errors.code}
        />
      ) : (
        <AuthenticatorCodeField
          key="totp"
          autoFocus
          label={i18n.t('Authentication code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={form.errors.code}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={verify.isPending}>
          {verify.isPending ? i18n.t('Checking…') : i18n.t('Verify')}
        </button>
        <button
          type="button"
          className="text-link"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            form.clear();
          }}
        >
          {recovery ? i18n.t('Use a code from the app') : i18n.t('Use a recovery code')}
        </button>
      </div>
    </form>
  );
}

export function LoginPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const hydrated = useHydrated();
  const form = useFormErrors({
    values: { email, password },
    validate: (v) => ({
      email: v.email.trim() ? undefined : i18n.t('Enter your email.'),
      password: v.password ? undefined : i18n.t('Enter your password.'),
    }),
  });
  const formElement = form.formProps.ref;
  // The page arrives prerendered: what was typed or autofilled before React took the form over
  // is in the fields but not in the state yet.
  useEffect(() => {
    const field = (name: string) => (formElement.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    if (field('email')) setEmail(field('email'));
    if (field('password')) setPassword(field('password'));
  }, [formElement]);
  const signedIn = async (answer: LoginAnswer) => {
    await queryClient.invalidateQueries();
    // A password an admin reset is changed first (the server refuses everything else until then):
    // straight to the form that says why, not to /home or the page she was heading for.
    const mustChange = 'user' in answer && answer.user.must_change_password;
    navigate(mustChange ? '/settings' : safeNext(new URLSearchParams(search).get('next')), { replace: true });
  };
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (answer) => {
        if ('twoFactorRequired' in answer) {
          setPassword('');
          setCodeStep(true);
          return;
        }
        await signedIn(answer);
      },
      onError: (err) => {
        // SPEC's 'Login failed', then the server's reason (already in her language: Content-Language).
        const reason = errorMessage(err, '');
        setError(reason ? i18n.t('Login failed. {reason}', { reason }) : i18n.t('Login failed.'));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) login.mutate({ email, password });
  }

  return (
    <section className="page narrow">
      <div className="card form-card">
        <h1>{codeStep ? i18n.t('Two-factor sign-in') : i18n.t('Login')}</h1>
        {codeStep ? (
          <CodeStep
            onSignedIn={signedIn}
            onRestart={(message) => {
              setCodeStep(false);
              setError(message);
            }}
          />
        ) : (
          <form onSubmit={submit} {...form.formProps}>
            <TextField
              label={i18n.t('Email')}
              type="email"
              name="email"
              // "webauthn": the browser may offer her passkeys here too (passkey-sign-in.tsx).
              autoComplete="username webauthn"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={form.errors.email}
            />
            <TextField
              label={i18n.t('Password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={form.errors.password}
            />
            <FormMessage>{error}</FormMessage>
            <div className="form-actions">
              <button type="submit" className="button" disabled={login.isPending || !hydrated}>
                {login.isPending ? i18n.t('Logging in…') : i18n.t('Login')}
              </button>
              <Link href="/forgot-password" className="text-link">
                {i18n.t('Forgot password?')}
              </Link>
            </div>
          </form>
        )}
        {codeStep ? null : <PasskeySignIn onSignedIn={signedIn} />}
        {codeStep ? null : (
          <>
            <hr />
            <p className="muted">{i18n.t('New here? Membership is by invitation.')}</p>
            <Link href="/request" className="button button-secondary">
              {i18n.t('Apply with Invitation Code')}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
