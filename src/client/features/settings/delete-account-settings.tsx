import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SubmitButton } from '../../components/submit-button';
import { FormMessage, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { AccountUsername } from './account-username';
import { i18n } from './locales/i18n';

/** What the confirmation says goes, and what stays (DECISIONS "The member's own data"). */
function WhatGoes() {
  return (
    <>
      <p>{i18n.t('This cannot be undone. Deleting your account removes, for good:')}</p>
      <ul className="delete-account-list">
        <li>{i18n.t('your profile, your sign-ins and your settings;')}</li>
        <li>{i18n.t('your comments and likes;')}</li>
        <li>{i18n.t('the images you uploaded;')}</li>
        <li>{i18n.t('your event places, your homes, your stays and stay requests.')}</li>
      </ul>
      <p>{i18n.t('Events you created stay for those who joined them, hosted by ‘Former member’.')}</p>
    </>
  );
}

/**
 * Settings > Delete account (DECISIONS "The member's own data"): what goes, what stays, then
 * password (and code), then a dialog that asks once more (DECISIONS "Confirm destructive actions").
 */
export function DeleteAccountSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const twoFactor = user?.two_factor_enabled ?? false;
  const [values, setValues] = useState({ password: '', code: '' });
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const form = useFormErrors({
    values,
    validate: (v) => ({
      password: v.password ? undefined : i18n.t('Enter your password.'),
      code: twoFactor && !v.code.trim() ? i18n.t('Enter the code from your authenticator app.') : undefined,
    }),
  });
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        navigate('/');
        toast(i18n.t('Your account was deleted. Thank you for having been part of the club.'), 'success');
      },
      onError: (err) => {
        setConfirming(false);
        const fields = fieldErrors(err);
        if (fields.password || fields.code) form.show(fields);
        else setError(errorMessage(err, i18n.t('Could not delete your account.')));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) setConfirming(true);
  }

  return (
    <>
      <form className="card form-card" aria-labelledby="delete-account-heading" onSubmit={submit} {...form.formProps}>
        <h2 id="delete-account-heading">{i18n.t('Delete account')}</h2>
        <p>
          {i18n.t(
            'Deleting your account removes, for good: your profile, sessions, comments and likes, your uploaded images, your event participations, your properties and homes, and your stay requests.',
          )}
        </p>
        <p className="muted">
          {i18n.t(
            'Events you created stay for those who joined them, hosted by ‘Former member’. The audit log keeps that an account was deleted, without your name or email. Download your data first if you want a copy.',
          )}
        </p>
        <AccountUsername />
        <TextField
          label={i18n.t('Password')}
          name="delete-password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          error={form.errors.password}
        />
        {twoFactor ? (
          <TextField
            label={i18n.t('Two-factor code')}
            name="delete-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint={i18n.t('The 6-digit code from your authenticator app, or an unused recovery code.')}
            value={values.code}
            onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))}
            error={form.errors.code}
          />
        ) : null}
        <FormMessage>{error}</FormMessage>
        <SubmitButton className="button button-danger" disabled={remove.isPending}>
          {i18n.t('Delete my account')}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={confirming}
        title={i18n.t('Delete your account?')}
        message={<WhatGoes />}
        confirmLabel={i18n.t('Delete my account')}
        cancelLabel={i18n.t('Keep my account')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(twoFactor ? { password: values.password, code: values.code.trim() } : { password: values.password })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
