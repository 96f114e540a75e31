import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/constants';
import { TextField } from './field';
import type { FieldErrorMap } from './use-form-errors';
import { i18n } from '../i18n/i18n';

/**
 * The new-password form rules (DECISIONS: 8 to 128 characters), as messages for the two fields
 * (`password` and `confirm`); `mismatch` is the text a form quotes for two that differ.
 */
export function newPasswordErrors(password: string, confirm: string, mismatch = i18n.t('Passwords do not match.')): FieldErrorMap {
  const out: FieldErrorMap = {};
  if (!password) out.password = i18n.t('Enter a new password.');
  else if (password.length < PASSWORD_MIN) out.password = i18n.t('Password must be at least {min} characters.', { min: PASSWORD_MIN });
  else if (password.length > PASSWORD_MAX) out.password = i18n.t('Password must be at most {max} characters.', { max: PASSWORD_MAX });
  if (!confirm) out.confirm = i18n.t('Enter the new password again.');
  else if (password && password !== confirm) out.confirm = mismatch;
  return out;
}

interface NewPasswordFieldsProps {
  labels: [password: string, confirm: string];
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Messages under the two fields (keys `password` and `confirm`). */
  errors?: FieldErrorMap;
}

/** A new password and its confirmation, as registration, reset and Settings ask for them. */
export function NewPasswordFields({ labels, password, confirm, onPassword, onConfirm, errors = {} }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={i18n.t('{min} to {max} characters.', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        label={labels[1]}
        type="password"
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
