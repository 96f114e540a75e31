import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../components/toast';
import { useTRPC } from '../../lib/trpc';

export function LogoutPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const started = useRef(false);
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        navigate('/', { replace: true });
      },
      onError: () => {
        toast('Logout failed', 'error');
        navigate('/home', { replace: true });
      },
    }),
  );
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate();
  }, [logout]);
  return <p className="page-status">Logging out...</p>;
}
