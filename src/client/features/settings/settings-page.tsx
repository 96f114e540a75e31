import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { isSettingsSection, type SettingsSection } from '../../../shared/settings-sections';
import { ACCOUNT_TYPES } from '../../../shared/constants';
import { FormMessage, SelectField, TextField } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { NewPasswordFields, newPasswordErrors } from '../../components/new-password-fields';
import { useFormErrors } from '../../components/use-form-errors';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { useAuth } from '../../shared/use-auth';
import { CalendarFeedSettings } from '../../shared/calendar-feed-settings';
import { SignedInDevices } from './signed-in-devices';
import { TwoFactorSettings } from './two-factor-settings';
import { PasskeysSettings } from './passkeys-settings';
import { EmailPreferencesSettings } from './email-preferences-settings';
import { AppSettings } from './app-settings';
import { DeleteAccountSettings } from './delete-account-settings';
import { YourDataSettings } from './your-data-settings';
import { AccountUsername } from './account-username';
import { ProfileSettings } from './profile-settings';
import { PrivacySettings } from './privacy-settings';
import { PreferencesSettings } from './preferences-settings';
import { MembershipSettings } from './membership-settings';
import { SettingsContents, SettingsSectionPlace } from './settings-sections';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';

function AccountForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const details = useQuery(trpc.auth.details.queryOptions());
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  // SPEC 2: the Type field appears only to those the server lets choose it (admins).
  const canChangeType = details.data?.can.change_account_type ?? false;
  // SPEC 5: username and type are required (the Type field only for those who may change it).
  const form = useFormErrors({
    values: { name, type },
    validate: (v) => ({
      name: v.name.trim() ? undefined : i18n.t('Name is required.'),
      type: canChangeType && !v.type ? i18n.t('Type is required.') : undefined,
    }),
  });
  useEffect(() => {
    if (details.data) {
      setName(details.data.name);
      setType(details.data.type);
    }
  }, [details.data]);
  const save = useMutation(
    trpc.auth.updateUser.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('User details updated successfully'), 'success');
        await queryClient.invalidateQueries(trpc.auth.pathFilter());
      },
      onError: (err) => {
        toast(i18n.t('Failed to update user details'), 'error');
        form.show(fieldErrors(err));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.check()) return;
    save.mutate(canChangeType ? { name, type: type as (typeof ACCOUNT_TYPES)[number] } : { name });
  }

  return (
    <form className="card form-card" onSubmit={submit} {...form.formProps}>
      <h2>{i18n.t('Account')}</h2>
      <p className="muted">{details.data?.email}</p>
      <TextField
        label={i18n.t('Name')}
        name="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
        // Until her details arrive: what she typed would be replaced by them.
        disabled={details.isPending}
        error={form.errors.name}
      />
      {canChangeType ? (
        <SelectField
          label={i18n.t('Type')}
          name="type"
          required
          value={type}
          onChange={(e) => setType(e.target.value)}
          error={form.errors.type}
        >
          {ACCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="muted">{i18n.t('Account type: {type}', { type: details.data?.type ?? '' })}</p>
      )}
      <SubmitButton className="button" disabled={save.isPending || details.isPending}>
        {i18n.t('Save')}
      </SubmitButton>
    </form>
  );
}

function PasswordForm({ forced }: { forced: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState({ oldPassword: '', password: '', confirm: '' });
  const [removePasskeys, setRemovePasskeys] = useState(true);
  const [error, setError] = useState('');
  // "Also remove my passkeys" (issue 45), offered when she has one (or her passkeys cannot be
  // listed yet: a forced change cannot list them).
  const passkeys = useQuery({ ...trpc.auth.passkeys.list.queryOptions(), enabled: !forced });
  const offerRemoval = forced || !passkeys.isSuccess || passkeys.data.length > 0;
  const [, navigate] = useLocation();
  const form = useFormErrors({
    values,
    validate: (v) => ({
      oldPassword: v.oldPassword ? undefined : forced ? i18n.t('Enter the temporary password.') : i18n.t('Enter your old password.'),
      // SPEC 8's text for two new passwords that differ.
      ...newPasswordErrors(v.password, v.confirm, i18n.t('New passwords do not match')),
    }),
  });
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const change = useMutation(
    trpc.auth.updatePassword.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('Password updated successfully'), 'success');
        setValues({ oldPassword: '', password: '', confirm: '' });
        await queryClient.invalidateQueries(trpc.auth.pathFilter());
        // The forced change is done: the club opens again, where a login would have gone.
        if (forced) navigate('/home', { replace: true });
      },
      onError: (err) => {
        toast(i18n.t('Failed to update password'), 'error');
        // The server's reason (a wrong old password, a too common new one) shows under its field.
        const fields = fieldErrors(err);
        if (fields.newPassword) form.show({ password: fields.newPassword });
        else if (fields.oldPassword) form.show({ oldPassword: fields.oldPassword });
        else setError(errorMessage(err, ''));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (!form.check()) {
      if (values.password && values.confirm && values.password !== values.confirm) toast(i18n.t('New passwords do not match'), 'error');
      return;
    }
    change.mutate({ oldPassword: values.oldPassword, newPassword: values.password, remove_passkeys: offerRemoval ? removePasskeys : true });
  }

  return (
    <form className="card form-card" onSubmit={submit} {...form.formProps}>
      <h2>{i18n.t('Password')}</h2>
      {forced ? (
        <FormMessage tone="info">
          {i18n.t(
            'An administrator reset your password. Please choose a new one to continue: enter the temporary password you were given, then your new password twice. The rest of the club opens again as soon as it is changed.',
          )}
        </FormMessage>
      ) : null}
      <AccountUsername />
      <TextField
        label={forced ? i18n.t('Temporary password') : i18n.t('Old password')}
        type="password"
        name="oldPassword"
        autoComplete="current-password"
        required
        value={values.oldPassword}
        onChange={(e) => set('oldPassword')(e.target.value)}
        error={form.errors.oldPassword}
      />
      <NewPasswordFields
        labels={[i18n.t('New password'), i18n.t('Confirm new password')]}
        password={values.password}
        confirm={values.confirm}
        onPassword={set('password')}
        onConfirm={set('confirm')}
        errors={form.errors}
      />
      {offerRemoval ? (
        <label className="checkbox checkbox-with-hint">
          <input type="checkbox" name="removePasskeys" checked={removePasskeys} onChange={(e) => setRemovePasskeys(e.target.checked)} />
          <span>
            <strong>{i18n.t('Also remove my passkeys')}</strong>
            <span className="field-hint">
              {i18n.t(
                'Keep this checked if someone else may have used your account: a passkey they added stops signing in. Add yours again afterwards.',
              )}
            </span>
          </span>
        </label>
      ) : null}
      <FormMessage>{error}</FormMessage>
      <SubmitButton className="button" disabled={change.isPending}>
        {i18n.t('Change password')}
      </SubmitButton>
    </form>
  );
}

export function SettingsPage() {
  const { user } = useAuth();
  const params = useParams<{ section?: string }>();
  const forced = user?.must_change_password ?? false;
  // Where login and the guards send a member whose password an admin reset: only this form.
  if (forced) {
    return (
      <section className="page narrow stack">
        <h1>{i18n.t('Choose a new password')}</h1>
        <PasswordForm forced />
      </section>
    );
  }
  // A section that is not one: Settings itself.
  if (params.section !== undefined && !isSettingsSection(params.section)) return <Redirect to="/settings" replace />;
  const current = params.section;
  const cards: [SettingsSection, ReactNode][] = [
    ['membership', <MembershipSettings />],
    ['account', <AccountForm />],
    ['preferences', <PreferencesSettings />],
    ['profile', <ProfileSettings />],
    ['privacy', <PrivacySettings />],
    ['password', <PasswordForm forced={false} />],
    ['app', <AppSettings />],
    ['email', <EmailPreferencesSettings />],
    // A lapsed member keeps her own account only (DECISIONS "Membership terms"): no event feed.
    ...(user?.status === 'lapsed' ? [] : [['calendar', <CalendarFeedSettings />] as [SettingsSection, ReactNode]]),
    ['passkeys', <PasskeysSettings />],
    ['two-factor', <TwoFactorSettings />],
    ['devices', <SignedInDevices />],
    ['data', <YourDataSettings />],
    ['delete', <DeleteAccountSettings />],
  ];
  return (
    <section className="page settings-page">
      <h1>{i18n.t('Settings')}</h1>
      {/* Where the admin guard sends an admin without 2FA (shell/guards.tsx). */}
      {user?.needs_two_factor_setup ? (
        <FormMessage tone="info">
          {withNodes(
            (m) =>
              i18n.t(
                'Administrators sign in with a second factor: {passkey} or {twoFactor}. Set one up below (or sign in with your passkey) to open the admin pages.',
                m,
              ),
            {
              passkey: <Link href="/settings/passkeys">{i18n.t('a passkey')}</Link>,
              twoFactor: <Link href="/settings/two-factor">{i18n.t('two-factor sign-in')}</Link>,
            },
          )}
        </FormMessage>
      ) : null}
      <div className="settings-layout">
        <SettingsContents sections={cards.map(([s]) => s)} current={current} />
        <div className="settings-cards stack">
          {cards.map(([section, card]) => (
            <SettingsSectionPlace key={section} section={section} current={current}>
              {card}
            </SettingsSectionPlace>
          ))}
        </div>
      </div>
    </section>
  );
}
