import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { qrPath } from '../../../shared/qr';
import type { TwoFactorSetup } from '../../../shared/schemas/auth';
import { AuthenticatorCodeField, FormMessage, TextField } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { AccountUsername } from './account-username';
import './two-factor.css';
import { i18n } from './locales/i18n';

/** The otpauth:// URI as a QR code, drawn here from the URI (src/shared/qr.ts): the secret never leaves the page. */
function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    <svg className="qr-code" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret in groups of four, as authenticator apps accept it typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

async function copyText(text: string, toast: ReturnType<typeof useToast>, copied: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast(copied, 'success');
  } catch {
    toast(i18n.t('Copy failed: select the text and copy it by hand.'), 'error');
  }
}

/** The ten codes, shown once after turning 2FA on: copy, download, then done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const toast = useToast();
  const headingId = useId();
  const text = codes.join('\n');

  function download() {
    const body = `${i18n.t('Outstanding Women Outside Work: two-factor recovery codes')}\n\n${i18n.t('Each code signs you in once, instead of a code from your authenticator app.')}\n${i18n.t('Keep them somewhere safe.')}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'owow-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section className="recovery" aria-labelledby={headingId}>
      <FormMessage tone="success">{i18n.t('Two-factor sign-in is on.')}</FormMessage>
      <h3 id={headingId}>{i18n.t('Your recovery codes')}</h3>
      <p className="muted">
        {i18n.t(
          'If you lose your phone, each of these codes signs you in once instead of the app. Save them now, in a password manager or on paper: they are not shown again.',
        )}
      </p>
      <ol className="recovery-codes" aria-label={i18n.t('Recovery codes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={() => copyText(text, toast, i18n.t('Recovery codes copied.'))}>
          {i18n.t('Copy')}
        </button>
        <button type="button" className="button button-secondary" onClick={download}>
          {i18n.t('Download (.txt)')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {i18n.t('I have saved them')}
        </button>
      </div>
    </section>
  );
}

/** Set-up: the QR code, the secret as text, and a first code that proves the app has it. */
function SetupStep({ setup, onCancel, onEnabled }: { setup: TwoFactorSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const [code, setCode] = useState('');
  const form = useFormErrors({
    values: { code },
    validate: (v) => ({ code: /^\d{6}$/.test(v.code.replace(/\s/g, '')) ? undefined : i18n.t('Enter the 6-digit code your app shows.') }),
  });
  const enable = useMutation(
    trpc.auth.twoFactor.enable.mutationOptions({
      onSuccess: (data) => onEnabled(data.recoveryCodes),
      onError: (err) =>
        form.show({ code: fieldErrors(err).code ?? errorMessage(err, i18n.t('Could not turn on two-factor sign-in. Please try again.')) }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (form.check()) enable.mutate({ code });
  }

  return (
    <form className="two-factor-setup" onSubmit={submit} {...form.formProps}>
      <ol className="setup-steps">
        <li>
          <p>{i18n.t('Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).')}</p>
          <QrCode value={setup.otpauthUri} label={i18n.t('QR code for your authenticator app')} />
        </li>
        <li>
          <p>{i18n.t('Or, if you cannot scan it, enter this setup key in the app (time-based):')}</p>
          <div className="secret-row">
            <code className="secret" aria-label={i18n.t('Setup key')}>
              {grouped(setup.secret)}
            </code>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => copyText(setup.secret, toast, i18n.t('Setup key copied.'))}
            >
              {i18n.t('Copy')}
            </button>
          </div>
        </li>
        <li>
          <AuthenticatorCodeField
            label={i18n.t('Code from the app')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={form.errors.code}
            hint={i18n.t('The 6 digits the app shows for this account.')}
          />
        </li>
      </ol>
      <div className="form-actions">
        <SubmitButton className="button" disabled={enable.isPending}>
          {enable.isPending ? i18n.t('Turning on…') : i18n.t('Turn on')}
        </SubmitButton>
        <button type="button" className="text-link" onClick={onCancel}>
          {i18n.t('Cancel')}
        </button>
      </div>
    </form>
  );
}

/** Turning 2FA off asks for the password and a current code (or a recovery code). */
function DisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const form = useFormErrors({
    values: { password, code },
    validate: (v) => ({
      password: v.password ? undefined : i18n.t('Enter your password.'),
      code: v.code.trim() ? undefined : i18n.t('Enter a code from your app, or a recovery code.'),
    }),
  });
  const disable = useMutation(
    trpc.auth.twoFactor.disable.mutationOptions({
      onSuccess: onDone,
      onError: (err) => {
        const fields = fieldErrors(err);
        if (Object.keys(fields).length) form.show(fields);
        else setError(errorMessage(err, i18n.t('Could not turn off two-factor sign-in. Please try again.')));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) disable.mutate({ password, code });
  }

  return (
    <form onSubmit={submit} className="two-factor-disable" {...form.formProps}>
      <AccountUsername />
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
      <TextField
        label={i18n.t('Code from the app, or a recovery code')}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={form.errors.code}
      />
      <FormMessage>{error}</FormMessage>
      <div className="form-actions">
        <SubmitButton className="button button-danger" disabled={disable.isPending}>
          {i18n.t('Turn off two-factor sign-in')}
        </SubmitButton>
        <button type="button" className="text-link" onClick={onCancel}>
          {i18n.t('Cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * Settings: two-factor sign-in (DECISIONS "Privacy and trust"). Any member may turn it on; an
 * admin without it is sent here, since every admin page and call refuses her until it is on.
 */
export function TwoFactorSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const status = useQuery(trpc.auth.twoFactor.status.queryOptions());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const refresh = () => queryClient.invalidateQueries(trpc.auth.pathFilter());
  const start = useMutation(
    trpc.auth.twoFactor.setup.mutationOptions({
      onSuccess: setSetup,
      onError: (err) => toast(errorMessage(err, i18n.t('Could not start the set-up. Please try again.')), 'error'),
    }),
  );
  const enabled = status.data?.enabled ?? false;

  return (
    <section className="card form-card two-factor" id="two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">{i18n.t('Two-factor sign-in')}</h2>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            toast(i18n.t('Two-factor sign-in is on.'), 'success');
          }}
        />
      ) : status.isPending ? (
        <p className="muted">{i18n.t('Loading…')}</p>
      ) : enabled ? (
        <>
          <p>
            <strong>{i18n.t('On.')}</strong>{' '}
            <span className="muted">{i18n.t('After your password, sign-in asks for a code from your authenticator app.')}</span>
          </p>
          {turningOff ? (
            <DisableForm
              onCancel={() => setTurningOff(false)}
              onDone={async () => {
                setTurningOff(false);
                toast(i18n.t('Two-factor sign-in is off.'), 'success');
                await refresh();
              }}
            />
          ) : (
            <div className="form-actions">
              <button type="button" className="button button-ghost button-small" onClick={() => setTurningOff(true)}>
                {i18n.t('Turn off…')}
              </button>
            </div>
          )}
        </>
      ) : setup ? (
        <SetupStep
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={async (recovery) => {
            setSetup(null);
            setCodes(recovery);
            await refresh();
          }}
        />
      ) : (
        <>
          {user?.needs_two_factor_setup ? (
            <FormMessage tone="info">
              {i18n.t('Administrators sign in with two-factor sign-in. Set it up here to open the admin pages.')}
            </FormMessage>
          ) : null}
          <p className="muted">
            {i18n.t(
              'Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone, so a stolen password is not enough.',
            )}
          </p>
          <div className="form-actions">
            <button type="button" className="button" disabled={start.isPending} onClick={() => start.mutate()}>
              {i18n.t('Set up two-factor sign-in')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
