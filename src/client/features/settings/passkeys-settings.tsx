import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MAX_PASSKEYS, PASSKEY_NAME_MAX, type PasskeyView, type Reauthentication } from '../../../shared/schemas/passkeys';
import { formatDateTime } from '../../../shared/date-format';
import { FormMessage, TextField } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { useHydrated } from '../../lib/use-hydrated';
import { ceremonyProblem, loadWebAuthn, passkeysSupported, usePasskeySignIn } from '../../shared/passkeys';
import { useAuth } from '../../shared/use-auth';
import { AccountUsername } from './account-username';
import { ConfirmItIsYouDialog, type ConfirmErrors } from './confirm-it-is-you-dialog';
import './settings.css';
import { withNodes } from '../../i18n/with-nodes';
import { i18n } from './locales/i18n';

const when = (iso: string) => formatDateTime(Date.parse(iso));

/** A passkey's row: its name and dates, Rename in place, Remove behind her password. */
function PasskeyRow({ passkey, onRemove }: { passkey: PasskeyView; onRemove: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState('');
  const rename = useMutation(
    trpc.auth.passkeys.rename.mutationOptions({
      onSuccess: async (saved) => {
        setEditing(false);
        toast(i18n.t('Renamed to “{name}”.', { name: saved.name }), 'success');
        await queryClient.invalidateQueries(trpc.auth.passkeys.pathFilter());
      },
      onError: (err) => setError(fieldErrors(err).name ?? errorMessage(err, i18n.t('Could not rename the passkey.'))),
    }),
  );

  function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError(i18n.t('Give the passkey a name.'));
    setError('');
    rename.mutate({ id: passkey.id, name });
  }

  return (
    <li className="device">
      {editing ? (
        <form className="passkey-rename" onSubmit={save}>
          <TextField
            label={i18n.t('Passkey name')}
            name="passkey-name"
            autoFocus
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error || undefined}
          />
          <div className="form-actions">
            <SubmitButton className="button button-small" disabled={rename.isPending}>
              {i18n.t('Save')}
            </SubmitButton>
            <button
              type="button"
              className="text-link"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setError('');
              }}
            >
              {i18n.t('Cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className="device-text">
            <p className="device-name">
              <strong>{passkey.name}</strong>
            </p>
            <p className="device-meta">
              <span>
                {withNodes((m) => i18n.t('Added {date}', m), {
                  date: <time dateTime={passkey.created_at}>{when(passkey.created_at)}</time>,
                })}
              </span>
              <span>
                {passkey.last_used_at
                  ? withNodes((m) => i18n.t('Last used {date}', m), {
                      date: <time dateTime={passkey.last_used_at}>{when(passkey.last_used_at)}</time>,
                    })
                  : i18n.t('Not used to sign in yet')}
              </span>
            </p>
          </div>
          <div className="device-actions">
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={i18n.t('Rename {name}', { name: passkey.name })}
              onClick={() => setEditing(true)}
            >
              {i18n.t('Rename')}
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              aria-label={i18n.t('Remove {name}', { name: passkey.name })}
              onClick={onRemove}
            >
              {i18n.t('Remove')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** Removing a passkey asks for her password (issue 25). */
function RemoveDialog({ passkey, onClose }: { passkey: PasskeyView | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const close = () => {
    setPassword('');
    setError('');
    onClose();
  };
  const remove = useMutation(
    trpc.auth.passkeys.remove.mutationOptions({
      onSuccess: async () => {
        toast(i18n.t('The passkey “{name}” is removed. It no longer signs you in.', { name: passkey?.name ?? '' }), 'success');
        close();
        await queryClient.invalidateQueries(trpc.auth.pathFilter());
      },
      onError: (err) => setError(fieldErrors(err).password ?? errorMessage(err, i18n.t('Could not remove the passkey.'))),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!passkey) return;
    if (!password) return setError(i18n.t('Enter your password.'));
    setError('');
    remove.mutate({ id: passkey.id, password });
  }

  return (
    <Modal
      open={passkey !== null}
      onClose={close}
      title={i18n.t('Remove this passkey?')}
      size="small"
      footer={
        <ModalActions
          onCancel={close}
          actionLabel={i18n.t('Remove passkey')}
          form="remove-passkey-form"
          disabled={remove.isPending}
          danger
        />
      }
    >
      <form id="remove-passkey-form" onSubmit={submit}>
        <p>
          {i18n.t(
            '“{name}” will no longer sign you in. The device keeps it until you delete it there too. Enter your password to confirm.',
            {
              name: passkey?.name ?? '',
            },
          )}
        </p>
        <AccountUsername />
        <TextField
          label={i18n.t('Password')}
          name="remove-passkey-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error || undefined}
        />
      </form>
    </Modal>
  );
}

/**
 * Settings > Passkeys (issue 25): add one with the browser's own dialog (named after the device,
 * renamable) once she confirms it is her (issue 45), see them (added, last used), rename, remove. An admin who signed in with her
 * password while she has a passkey is offered a passkey sign-in here, which opens the admin pages.
 */
export function PasskeysSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user } = useAuth();
  const list = useQuery(trpc.auth.passkeys.list.queryOptions());
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmErrors, setConfirmErrors] = useState<ConfirmErrors>({});
  const options = useMutation(trpc.auth.passkeys.registrationOptions.mutationOptions());
  const register = useMutation(trpc.auth.passkeys.register.mutationOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.auth.pathFilter());
  const upgrade = usePasskeySignIn(async () => {
    await queryClient.invalidateQueries();
    toast(i18n.t('Signed in with your passkey: the admin pages are open.'), 'success');
  });

  /**
   * Adding asks who she is first (issue 45). The first try sends no proof: right after a passkey
   * sign-in the server needs none; otherwise it names the field it wants and the dialog asks.
   */
  async function add(proof?: Reauthentication) {
    setError('');
    setConfirmErrors({});
    setAdding(true);
    try {
      let optionsJSON: PublicKeyCredentialCreationOptionsJSON;
      try {
        optionsJSON = (await options.mutateAsync(proof ?? {})) as PublicKeyCredentialCreationOptionsJSON;
      } catch (err) {
        const fields = fieldErrors(err);
        if (fields.password || fields.code) {
          setConfirming(true);
          if (proof) setConfirmErrors({ password: fields.password, code: fields.code });
          return;
        }
        if (!proof) throw err;
        setConfirmErrors({ form: errorMessage(err, i18n.t('Could not check that. Please try again.')) });
        return;
      }
      setConfirming(false);
      const { startRegistration } = await loadWebAuthn();
      let response;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (err) {
        setError(ceremonyProblem(err, 'registration') ?? '');
        return;
      }
      const added = await register.mutateAsync({ response });
      toast(i18n.t('Passkey “{name}” added. Rename it if you like.', { name: added.name }), 'success');
      await refresh();
    } catch (err) {
      // The server's reason (a full list, an expired request), or a generic one (offline, say).
      setError(errorMessage(err, i18n.t('Could not add the passkey. Please try again.')));
    } finally {
      setAdding(false);
    }
  }

  const passkeys = list.data ?? [];
  const full = passkeys.length >= MAX_PASSKEYS;
  // The Worker's render of this page (issue 27) cannot ask the browser: until hydrated, it shows
  // the button, disabled (a tap before the page runs would do nothing).
  const hydrated = useHydrated();
  const supported = !hydrated || passkeysSupported();
  // Her password session has no admin powers while she has a passkey: signing in with it opens them.
  const useYourPasskey = Boolean(user?.needs_two_factor_setup) && passkeys.length > 0;

  return (
    <section className="card form-card" id="passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{i18n.t('Passkeys')}</h2>
      <p className="muted">
        {i18n.t(
          'Sign in with your fingerprint, face or device PIN instead of your password: a passkey stays on your phone or computer (or in its password manager) and cannot be phished. You can have up to {max}.',
          { max: MAX_PASSKEYS },
        )}
      </p>
      {useYourPasskey ? (
        <>
          <FormMessage tone="info">
            {i18n.t(
              'You signed in with your password. Administrators who have a passkey use it to open the admin pages: sign in with it here.',
            )}
          </FormMessage>
          <div className="form-actions">
            <button type="button" className="button" disabled={upgrade.pending} onClick={() => void upgrade.start()}>
              {upgrade.pending ? i18n.t('Signing in…') : i18n.t('Sign in with your passkey')}
            </button>
          </div>
          <FormMessage>{upgrade.error}</FormMessage>
        </>
      ) : null}
      {list.isPending ? (
        <p className="muted">{i18n.t('Loading…')}</p>
      ) : list.isError ? (
        <FormMessage>{errorMessage(list.error, i18n.t('Could not load your passkeys.'))}</FormMessage>
      ) : passkeys.length === 0 ? (
        <p>{i18n.t('You have no passkeys yet.')}</p>
      ) : (
        <ul className="device-list" aria-label={i18n.t('Your passkeys')}>
          {passkeys.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onRemove={() => setRemoving(p)} />
          ))}
        </ul>
      )}
      <FormMessage>{error}</FormMessage>
      {!supported ? (
        <p className="muted">{i18n.t('This browser cannot create passkeys.')}</p>
      ) : full ? (
        <p className="muted">
          {i18n.t('You have {max} passkeys, the most an account can have. Remove one to add another.', { max: MAX_PASSKEYS })}
        </p>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button"
            disabled={!hydrated || adding || list.isPending || useYourPasskey}
            onClick={() => void add()}
          >
            {adding ? i18n.t('Adding…') : i18n.t('Add a passkey')}
          </button>
        </div>
      )}
      <RemoveDialog passkey={removing} onClose={() => setRemoving(null)} />
      <ConfirmItIsYouDialog
        open={confirming}
        twoFactor={Boolean(user?.two_factor_enabled)}
        pending={adding}
        errors={confirmErrors}
        onConfirm={(proof) => void add(proof)}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
