import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * Her email as the hidden username of a Settings form that asks for her password: password
 * managers then know which account the password belongs to (and Chrome stops warning that the
 * form has none). The same query as the Account card, so no extra request.
 */
export function AccountUsername() {
  const trpc = useTRPC();
  const details = useQuery(trpc.auth.details.queryOptions());
  return <input type="email" name="username" autoComplete="username" value={details.data?.email ?? ''} readOnly hidden />;
}
