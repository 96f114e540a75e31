import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FormMessage, TextField } from '../../components/field';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';

/** Enough to catch a typo before asking the server (which checks the address properly). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
import './membership.css';

/** SPEC 2 forgot password: the server's text answer is shown as a message. */
export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const form = useFormErrors({
    values: { email },
    validate: (v) => ({
      email: !v.email.trim() ? 'Enter your email.' : EMAIL_SHAPE.test(v.email.trim()) ? undefined : 'Invalid email format.',
    }),
  });
  const send = useMutation(
    trpc.membership.forgotPassword.mutationOptions({
      onSuccess: (res) => {
        setError('');
        setAnswer(res.message);
      },
      onError: (err) => {
        setAnswer('');
        const fields = fieldErrors(err);
        if (fields.email) form.show(fields);
        else setError(errorMessage(err, 'Error sending reset link.'));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) send.mutate({ email });
  }

  return (
    <section className="page narrow">
      <form className="card form-card auth-card" onSubmit={submit} {...form.formProps}>
        <h1>Forgot password</h1>
        <p className="lead">Enter the email of your account and we will send you a link to choose a new password.</p>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={form.errors.email}
        />
        <FormMessage tone="success">{answer}</FormMessage>
        <FormMessage>{error}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send reset link'}
          </button>
          <Link href="/login" className="text-link">
            Back to Login
          </Link>
        </div>
      </form>
    </section>
  );
}
