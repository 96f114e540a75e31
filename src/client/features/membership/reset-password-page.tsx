import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'wouter';
import { FormMessage } from '../../components/field';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { NewPasswordFields, newPasswordErrors } from '../../components/new-password-fields';
import { useFormErrors } from '../../components/use-form-errors';
import { translateText } from '../../i18n/i18n';
import { i18n } from './locales/i18n';
import './membership.css';

/** SPEC 2 reset password: the form, then a success message with 'Go to Login'. */
export function ResetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const trpc = useTRPC();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const form = useFormErrors({ values: { password, confirm }, validate: (v) => newPasswordErrors(v.password, v.confirm) });
  const reset = useMutation(
    trpc.membership.resetPassword.mutationOptions({
      // SPEC's answer, in English from the server: shown in the page's language.
      onSuccess: (res) => setDone(translateText(res.message)),
      onError: (err) => {
        const fields = fieldErrors(err);
        if (fields.newPassword) form.show({ password: fields.newPassword });
        else setError(errorMessage(err, i18n.t('Error resetting password.')));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) reset.mutate({ token, newPassword: password });
  }

  if (done) {
    return (
      <section className="page narrow">
        <div className="card success-panel" role="status">
          <div className="success-mark" aria-hidden="true">
            ✓
          </div>
          <h1>{i18n.t('Password reset')}</h1>
          <p>{done}</p>
          <Link href="/login" className="button">
            {i18n.t('Go to Login')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page narrow">
      <form className="card form-card auth-card" onSubmit={submit} {...form.formProps}>
        <h1>{i18n.t('Choose a new password')}</h1>
        <p className="lead">{i18n.t('For your security, resetting the password signs your account out on every device.')}</p>
        <NewPasswordFields
          labels={[i18n.t('New password'), i18n.t('Confirm new password')]}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={form.errors}
        />
        <FormMessage>{error}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button" disabled={reset.isPending}>
            {reset.isPending ? i18n.t('Saving…') : i18n.t('Reset password')}
          </button>
          <Link href="/forgot-password" className="text-link">
            {i18n.t('Request a new link')}
          </Link>
        </div>
      </form>
    </section>
  );
}
