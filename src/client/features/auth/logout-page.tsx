import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../components/toast';
import { useTRPC } from '../../lib/trpc';

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
        toast('Logout failed', 'error');
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
  return <p className="page-status">Logging out...</p>;
}
