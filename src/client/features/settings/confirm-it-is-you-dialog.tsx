import { useState, type FormEvent } from 'react';
import type { Reauthentication } from '../../../shared/schemas/passkeys';
import { AuthenticatorCodeField, FormMessage, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { AccountUsername } from './account-username';
import { i18n } from './locales/i18n';

export interface ConfirmErrors {
  password?: string;
  code?: string;
  /** A reason that belongs to no field (too many tries, offline). */
  form?: string;
}

/**
 * "Add a passkey" asks who she is first (issue 45): her password or, with two-factor sign-in on,
 * a code of her authenticator app. The server says what was wrong (`errors`); the browser's own
 * passkey dialog opens once it is satisfied.
 */
export function ConfirmItIsYouDialog({
  open,
  twoFactor,
  pending,
  errors,
  onConfirm,
  onClose,
}: {
  open: boolean;
  twoFactor: boolean;
  pending: boolean;
  errors: ConfirmErrors;
  onConfirm: (proof: Reauthentication) => void;
  onClose: () => void;
}) {
  const [withCode, setWithCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState('');
  const close = () => {
    setPassword('');
    setCode('');
    setMissing('');
    setWithCode(false);
    onClose();
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (withCode ? !code.trim() : !password)
      return setMissing(withCode ? i18n.t('Enter the code your app shows now.') : i18n.t('Enter your password.'));
    setMissing('');
    onConfirm(withCode ? { code } : { password });
  }

  const fieldError = (missing || (withCode ? errors.code : errors.password)) ?? undefined;
  return (
    <Modal
      open={open}
      onClose={close}
      title={i18n.t('Add a passkey')}
      size="small"
      footer={
        <ModalActions
          onCancel={close}
          actionLabel={pending ? i18n.t('Checking…') : i18n.t('Continue')}
          form="confirm-passkey-form"
          disabled={pending}
        />
      }
    >
      <form id="confirm-passkey-form" onSubmit={submit} noValidate>
        <p>
          {i18n.t(
            'A passkey signs in to your account without your password, so first confirm it is you. Then your device asks for your fingerprint, face or PIN.',
          )}
        </p>
        <AccountUsername />
        {withCode ? (
          <AuthenticatorCodeField
            label={i18n.t('Code from your authenticator app')}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fieldError || undefined}
          />
        ) : (
          <TextField
            label={i18n.t('Password')}
            name="confirm-passkey-password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError || undefined}
          />
        )}
        {twoFactor ? (
          <button
            type="button"
            className="text-link"
            onClick={() => {
              setWithCode(!withCode);
              setMissing('');
            }}
          >
            {withCode ? i18n.t('Use your password instead') : i18n.t('Use a code from your authenticator app instead')}
          </button>
        ) : null}
        <FormMessage>{errors.form}</FormMessage>
      </form>
    </Modal>
  );
}
