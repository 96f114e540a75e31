import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormMessage, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { AccountUsername } from './account-username';

/** Settings > Delete account (DECISIONS "The member's own data"): what goes, what stays, then password (and code). */
export function DeleteAccountSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const twoFactor = user?.twoFactorEnabled ?? false;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        navigate('/');
        toast('Your account was deleted. Thank you for having been part of the club.', 'success');
      },
      onError: (err) => setError(errorMessage(err, 'Could not delete your account.')),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError('Enter your password.');
    if (twoFactor && !code.trim()) return setError('Enter the code from your authenticator app.');
    setError('');
    remove.mutate(twoFactor ? { password, code: code.trim() } : { password });
  }

  return (
    <form className="card form-card" aria-labelledby="delete-account-heading" onSubmit={submit}>
      <h2 id="delete-account-heading">Delete account</h2>
      <p>
        Deleting your account removes, for good: your profile, sessions, comments and likes, your uploaded images, your event
        participations, your properties and homes, and your stay requests.
      </p>
      <p className="muted">
        Events you created stay for those who joined them, hosted by ‘Former member’. The audit log keeps that an account was deleted,
        without your name or email. Download your data first if you want a copy.
      </p>
      <AccountUsername />
      <TextField
        label="Password"
        name="delete-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {twoFactor ? (
        <TextField
          label="Two-factor code"
          name="delete-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          hint="The 6-digit code from your authenticator app, or an unused recovery code."
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      ) : null}
      <FormMessage>{error}</FormMessage>
      <button type="submit" className="button button-danger" disabled={remove.isPending}>
        Delete my account
      </button>
    </form>
  );
}
