import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A form's submit button, disabled until React runs the page. A member's page may arrive rendered
 * in its HTML (issue 27) before its scripts: a native submit then would put the form's fields
 * (a password) in the URL. Disabled, it also keeps Enter from submitting the form natively.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  const hydrated = useHydrated();
  return <button type="submit" {...props} disabled={!hydrated || disabled} />;
}
