import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../components/toast';
import { useTRPC } from '../../lib/trpc';
import { catalogI18n } from '../../i18n/i18n';

// The auth catalog's i18n without its English ICU messages (locales/i18n.ts has them): this page's
// texts have no placeholders, and the feature's module then stays inside the login page's chunk
// instead of becoming a chunk of its own on a visitor's /login. The /logout route loads the auth
// catalog (routes.tsx).
const i18n = catalogI18n('auth', {});

export function LogoutPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        navigate('/', { replace: true });
      },
      onError: () => {
        toast(i18n.t('Logout failed'), 'error');
        navigate('/home', { replace: true });
      },
    }),
  );
  const { mutate } = logout;
  useEffect(() => {
    // Keep 'Logging out...' on screen for a moment, so the step is seen rather than a flash.
    const timer = setTimeout(() => mutate(), 400);
    return () => clearTimeout(timer);
  }, [mutate]);
  return <p className="page-status">{i18n.t('Logging out...')}</p>;
}
