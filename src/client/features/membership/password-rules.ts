import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/constants';

/** The new-password form rules (DECISIONS: 8 to 128 characters), or '' when they hold. */
export function passwordProblem(password: string, confirm: string): string {
  if (!password || !confirm) return 'Please enter the password in both fields.';
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (password !== confirm) return 'Passwords do not match.';
  return '';
}
