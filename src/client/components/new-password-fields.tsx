import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/constants';
import { TextField } from './field';

/** The new-password form rules (DECISIONS: 8 to 128 characters), or '' when they hold. */
export function passwordProblem(password: string, confirm: string): string {
  if (!password || !confirm) return 'Please enter the password in both fields.';
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (password !== confirm) return 'Passwords do not match.';
  return '';
}

interface NewPasswordFieldsProps {
  labels: [password: string, confirm: string];
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}

/** A new password and its confirmation, as registration and reset ask for them. */
export function NewPasswordFields({ labels, password, confirm, onPassword, onConfirm }: NewPasswordFieldsProps) {
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
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <TextField
        label={labels[1]}
        type="password"
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
      />
    </>
  );
}
