import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { FormMessage, TextField } from '../../components/field';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { translateText } from '../../i18n/i18n';
import { i18n } from './locales/i18n';
import './membership.css';

/** Enough to catch a typo before asking the server (which checks the address properly). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC 2 forgot password: the server's text answer is shown as a message. */
export function ForgotPasswordPage() {
  const trpc = useTRPC();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState('');
  const form = useFormErrors({
    values: { email },
    validate: (v) => ({
      email: !v.email.trim() ? i18n.t('Enter your email.') : EMAIL_SHAPE.test(v.email.trim()) ? undefined : i18n.t('Invalid email format.'),
    }),
  });
  const send = useMutation(
    trpc.membership.forgotPassword.mutationOptions({
      onSuccess: (res) => {
        setError('');
        // SPEC's one answer, in English from the server: shown in the page's language.
        setAnswer(translateText(res.message));
      },
      onError: (err) => {
        setAnswer('');
        const fields = fieldErrors(err);
        if (fields.email) form.show(fields);
        else setError(errorMessage(err, i18n.t('Error sending reset link.')));
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
        <h1>{i18n.t('Forgot password')}</h1>
        <p className="lead">{i18n.t('Enter the email of your account and we will send you a link to choose a new password.')}</p>
        <TextField
          label={i18n.t('Email')}
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
            {send.isPending ? i18n.t('Sending…') : i18n.t('Send reset link')}
          </button>
          <Link href="/login" className="text-link">
            {i18n.t('Back to Login')}
          </Link>
        </div>
      </form>
    </section>
  );
}
