import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { FormMessage, TextField } from '../../components/field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { safeNext } from '../../lib/safe-next';

export function LoginPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        navigate(safeNext(new URLSearchParams(search).get('next')), { replace: true });
      },
      onError: (err) => setError(`Login failed. ${errorMessage(err, '')}`.trim()),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    login.mutate({ email, password });
  }

  return (
    <section className="page narrow">
      <div className="card form-card">
        <h1>Login</h1>
        <form onSubmit={submit} noValidate={false}>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormMessage>{error}</FormMessage>
          <div className="form-actions">
            <button type="submit" className="button" disabled={login.isPending}>
              {login.isPending ? 'Logging in…' : 'Login'}
            </button>
            <Link href="/forgot-password" className="text-link">
              Forgot password?
            </Link>
          </div>
        </form>
        <hr />
        <p className="muted">New here? Membership is by invitation.</p>
        <Link href="/request" className="button button-secondary">
          Apply with Invitation Code
        </Link>
      </div>
    </section>
  );
}
