import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { AccountType } from '../../../shared/constants';
import { INVALID_REGISTRATION_TOKEN } from '../../../shared/schemas/membership';
import { FormMessage, SelectField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { NewPasswordFields, newPasswordErrors } from '../../components/new-password-fields';
import { useFormErrors } from '../../components/use-form-errors';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';
import './membership.css';

/** An account type in the page's language (the value sent stays SPEC's English one). */
const typeLabel = (type: string): string =>
  ({ Founding: i18n.t('Founding'), Standard: i18n.t('Standard'), 'Travel Host': i18n.t('Travel Host') })[type] ?? type;

/** SPEC 2 /register/{token}: loading, then the invalid-token message or the form. */
export function RegisterPage() {
  const { token = '' } = useParams<{ token: string }>();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const invite = useQuery({ ...trpc.membership.registrationInvite.queryOptions({ token }), retry: false, staleTime: Infinity });
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const form = useFormErrors({
    values: { name, type, password, confirm },
    validate: (v) => ({
      name: v.name.trim() ? undefined : i18n.t('Name is required.'),
      type: v.type ? undefined : i18n.t('Account type is required.'),
      ...newPasswordErrors(v.password, v.confirm),
    }),
  });

  useEffect(() => {
    if (!invite.data) return;
    setName(invite.data.name);
    if (invite.data.allowed_types.length === 1) setType(invite.data.allowed_types[0]!);
  }, [invite.data]);

  const register = useMutation(
    trpc.membership.register.mutationOptions({
      onSuccess: async (answer) => {
        // Issue 46: signed in by the answer, she is welcomed on /home (a browser signed in as
        // someone else was left as it was: she logs in there).
        if (!answer.signedIn) {
          toast(i18n.t('Your account is ready. Please log in.'), 'success');
          navigate('/login', { replace: true });
          return;
        }
        await queryClient.invalidateQueries();
        navigate('/home', { replace: true });
      },
      onError: (err) => {
        const status = err instanceof TRPCClientError ? (err.data?.httpStatus ?? 500) : 500;
        const fields = fieldErrors(err);
        if (fields.name || fields.type || fields.password) return form.show(fields);
        setError(
          status >= 500 ? i18n.t('Error creating account. Please try again later.') : errorMessage(err, i18n.t('Error creating account.')),
        );
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) register.mutate({ token, name, type: type as AccountType, password });
  }

  if (invite.isPending)
    return (
      <p className="page-status" role="status">
        {i18n.t('Verifying your invitation…')}
      </p>
    );
  if (invite.isError) {
    const notFound =
      invite.error instanceof TRPCClientError && (invite.error.data?.httpStatus === 404 || invite.error.data?.httpStatus === 400);
    return (
      <section className="page narrow">
        <div className="card auth-card">
          <h1>{i18n.t('Create your account')}</h1>
          <FormMessage>
            {notFound ? i18n._(INVALID_REGISTRATION_TOKEN) : i18n.t('Error verifying token. Please try again later.')}
          </FormMessage>
          <p className="muted">
            {withNodes((m) => i18n.t('Already created your account? {login}.', m), {
              login: <Link href="/login">{i18n.t('Log in')}</Link>,
            })}
          </p>
        </div>
      </section>
    );
  }

  const types = invite.data.allowed_types;
  return (
    <section className="page narrow">
      <form className="card form-card auth-card" onSubmit={submit} {...form.formProps}>
        <p className="eyebrow">{i18n.t('Welcome to the club')}</p>
        <h1>{i18n.t('Create your account')}</h1>
        <p className="lead">{i18n.t('Your application was accepted. Choose how you will appear to other members and set a password.')}</p>
        <TextField
          label={i18n.t('Email')}
          type="email"
          name="email"
          value={invite.data.email}
          readOnly
          autoComplete="username"
          hint={i18n.t('The address your invitation was sent to.')}
        />
        <TextField
          label={i18n.t('Name')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={form.errors.name}
        />
        <SelectField
          label={i18n.t('Account type')}
          name="type"
          required
          value={type}
          onChange={(e) => setType(e.target.value)}
          error={form.errors.type}
        >
          <option value="">{i18n.t('Select…')}</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {typeLabel(t)}
            </option>
          ))}
        </SelectField>
        <NewPasswordFields
          labels={[i18n.t('Password'), i18n.t('Confirm password')]}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={form.errors}
        />
        <FormMessage>{error}</FormMessage>
        <div className="form-actions">
          <button type="submit" className="button" disabled={register.isPending}>
            {register.isPending ? i18n.t('Creating account…') : i18n.t('Create account')}
          </button>
        </div>
      </form>
    </section>
  );
}
