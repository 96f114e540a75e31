import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_TYPES, type AccountType } from '../../../shared/constants';
import type { MemberCounts, UserView } from '../../../shared/schemas/membership';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadMore } from '../../components/load-more';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDebounced } from '../../lib/use-debounced';
import { withNodes } from '../../i18n/with-nodes';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { MemberProfileDialog } from './member-profile';
import { MemberName } from '../../shared/members/member-name';
import { RenewDialog } from './renew-dialog';
import { RenewsOnCell, RosterDownload, StatusFilterField, useStatusFilter } from './users-terms';
import { i18n } from './locales/i18n';
import './admin.css';

/** "42 members", then "5 Founding · 30 Standard · 7 Travel Host": the server's counts. */
function MemberTotals({ counts }: { counts: MemberCounts }) {
  // The types are the club's names for them, as written.
  const parts = ACCOUNT_TYPES.filter((t) => counts[t] > 0).map((t) => `${i18n.number(counts[t])} ${t}`);
  return (
    <p className="muted admin-totals">
      <strong>{i18n.t('{count, plural, one {# member} other {# members}}', { count: counts.total })}</strong>
      {parts.length ? <span>{parts.join(' · ')}</span> : null}
    </p>
  );
}

/**
 * SPEC 2 'User Management': Name, Email, a Privilege select, and Actions. The members come a page
 * at a time by name (issue 13); the search asks the server, which pages its matches the same way.
 */
export function UsersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const needle = useDebounced(search.trim());
  const [status, setStatus] = useStatusFilter();
  const users = useInfiniteQuery(
    trpc.admin.users.list.infiniteQueryOptions(
      { search: needle || undefined, status },
      // While a new search loads, the last answer stays on screen instead of 'Loading members…'.
      { getNextPageParam: (last) => last.nextCursor, placeholderData: keepPreviousData },
    ),
  );
  const shown = users.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = users.data?.pages[0]?.counts ?? null;
  const [resetTarget, setResetTarget] = useState<UserView | null>(null);
  const [adminTarget, setAdminTarget] = useState<UserView | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<UserView | null>(null);
  // DECISIONS "Confirm destructive actions": a new type is asked about before it is saved.
  const [privilegeTarget, setPrivilegeTarget] = useState<{ user: UserView; type: AccountType } | null>(null);
  const [profileOf, setProfileOf] = useState<UserView | null>(null);
  const [renewOf, setRenewOf] = useState<UserView | null>(null);
  const [temp, setTemp] = useState<{ name: string; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.admin.users.pathFilter());

  const privilege = useMutation(
    trpc.admin.users.changePrivilege.mutationOptions({
      onSuccess: async (res, input) => {
        const u = shown.find((x) => x.user_id === input.id);
        toast(
          u ? i18n.t('{name} is now {type}.', { name: u.name, type: res.type }) : i18n.t('The member is now {type}.', { type: res.type }),
          'success',
        );
        setPrivilegeTarget(null);
        await refresh();
      },
      onError: async (err) => {
        setPrivilegeTarget(null);
        toast(errorMessage(err, i18n.t('Could not change the privilege.')), 'error');
        await refresh();
      },
    }),
  );
  const setAdmin = useMutation(
    trpc.admin.users.setAdmin.mutationOptions({
      onSuccess: async (res) => {
        const name = adminTarget?.name ?? '';
        toast(res.admin ? i18n.t('{name} is now an admin.', { name }) : i18n.t('{name} is no longer an admin.', { name }), 'success');
        setAdminTarget(null);
        await refresh();
      },
      onError: (err) => {
        setAdminTarget(null);
        toast(errorMessage(err, i18n.t('Could not change admin rights.')), 'error');
      },
    }),
  );
  const resetPassword = useMutation(
    trpc.admin.users.resetPasswordToTemp.mutationOptions({
      onSuccess: async (res) => {
        setTemp({ name: resetTarget?.name ?? '', password: res.temporary_password });
        setResetTarget(null);
        await refresh();
      },
      onError: (err) => {
        setResetTarget(null);
        toast(errorMessage(err, i18n.t('Could not reset the password.')), 'error');
      },
    }),
  );

  const deleteUser = useMutation(
    trpc.admin.users.delete.mutationOptions({
      onSuccess: async () => {
        toast(
          deleteTarget ? i18n.t('{name}’s account was deleted.', { name: deleteTarget.name }) : i18n.t('The member’s account was deleted.'),
          'success',
        );
        setDeleteTarget(null);
        await refresh();
      },
      onError: (err) => {
        setDeleteTarget(null);
        toast(errorMessage(err, i18n.t('Could not delete the account.')), 'error');
      },
    }),
  );

  async function copyTemp() {
    if (!temp) return;
    try {
      await navigator.clipboard.writeText(temp.password);
      toast(i18n.t('Copied.'), 'success');
    } catch {
      toast(i18n.t('Select the password and copy it by hand.'), 'info');
    }
  }

  return (
    <section className="page">
      <AdminHeader title={i18n.t('User Management')} aside={counts ? <MemberTotals counts={counts} /> : null} />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="user-search">{i18n.t('Search members')}</label>
          <input
            id="user-search"
            type="search"
            placeholder={i18n.t('Name or email')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <StatusFilterField value={status} onChange={setStatus} />
        <RosterDownload />
      </div>
      <Loaded
        query={users}
        loading={i18n.t('Loading members…')}
        failed={i18n.t('Could not load the members.')}
        empty={needle || status ? i18n.t('No members match.') : i18n.t('No members yet.')}
        isEmpty={shown.length === 0}
      >
        {() => (
          <StackTable
            columns={[i18n.t('Name'), i18n.t('Email'), i18n.t('Privilege'), i18n.t('Renews on'), i18n.t('Actions')]}
            className="users-table"
          >
            {shown.map((u) => (
              <tr key={u.user_id}>
                <td data-label={i18n.t('Name')}>
                  {/* One element: on a phone the cell is a two-column grid (its label, then this). */}
                  <span>
                    <MemberName id={u.user_id} name={u.name} /> {u.admin ? <span className="badge">{i18n.t('Admin')}</span> : null}{' '}
                    {u.must_change_password ? <span className="badge badge-pending">{i18n.t('Temporary password')}</span> : null}
                    {/* Issue 43: events she joined and missed in 12 months, where the door took attendance. */}
                    {u.no_shows ? (
                      <span className="badge badge-expired" title={i18n.t('Events she joined and did not come to in the last 12 months')}>
                        {i18n.t('{count, plural, one {# no-show} other {# no-shows}}', { count: u.no_shows })}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label={i18n.t('Email')}>{u.email}</td>
                <td data-label={i18n.t('Privilege')}>
                  <select
                    aria-label={i18n.t('Privilege of {name}', { name: u.name })}
                    value={u.type}
                    disabled={privilege.isPending}
                    onChange={(e) => setPrivilegeTarget({ user: u, type: e.target.value as AccountType })}
                  >
                    {ACCOUNT_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label={i18n.t('Renews on')}>
                  <RenewsOnCell member={u} />
                </td>
                <td data-label={i18n.t('Actions')}>
                  <div className="actions">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={i18n.t('Profile of {name}', { name: u.name })}
                      onClick={() => setProfileOf(u)}
                    >
                      {i18n.t('Profile')}
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={i18n.t('Renew {name}', { name: u.name })}
                      onClick={() => setRenewOf(u)}
                    >
                      {i18n.t('Renew')}
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={!u.can_reset_password}
                      title={u.can_reset_password ? undefined : i18n.t('Change your own password in Settings')}
                      onClick={() => setResetTarget(u)}
                    >
                      {i18n.t('Reset password')}
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={!u.can_change_admin}
                      title={u.can_change_admin ? undefined : i18n.t('You cannot remove your own admin rights')}
                      onClick={() => setAdminTarget(u)}
                    >
                      {u.admin ? i18n.t('Remove admin') : i18n.t('Make admin')}
                    </button>
                    <button type="button" className="button button-ghost button-small" onClick={() => setDeleteTarget(u)}>
                      {i18n.t('Delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </Loaded>
      <LoadMore query={users} label={i18n.t('Load more members')} />

      {profileOf ? <MemberProfileDialog member={profileOf} onClose={() => setProfileOf(null)} /> : null}
      {renewOf ? <RenewDialog member={renewOf} onClose={() => setRenewOf(null)} /> : null}
      <ConfirmDialog
        open={privilegeTarget !== null}
        title={i18n.t('Change privilege')}
        message={i18n.t('Change {name}’s membership type from {from} to {to}?', {
          name: privilegeTarget?.user.name ?? '',
          from: privilegeTarget?.user.type ?? '',
          to: privilegeTarget?.type ?? '',
        })}
        confirmLabel={i18n.t('Make {type}', { type: privilegeTarget?.type ?? '' })}
        busy={privilege.isPending}
        onConfirm={() => privilegeTarget && privilege.mutate({ id: privilegeTarget.user.user_id, type: privilegeTarget.type })}
        onCancel={() => setPrivilegeTarget(null)}
      />
      <ConfirmDialog
        open={resetTarget !== null}
        title={i18n.t('Reset password')}
        message={i18n.t(
          'Give {name} a temporary password? They are signed out everywhere and must choose a new password when they next log in.',
          { name: resetTarget?.name ?? '' },
        )}
        confirmLabel={i18n.t('Reset password')}
        danger
        busy={resetPassword.isPending}
        onConfirm={() => resetTarget && resetPassword.mutate({ id: resetTarget.user_id })}
        onCancel={() => setResetTarget(null)}
      />
      <ConfirmDialog
        open={adminTarget !== null}
        title={adminTarget?.admin ? i18n.t('Remove admin rights') : i18n.t('Make admin')}
        message={
          adminTarget?.admin
            ? i18n.t('{name} will no longer see the admin screens.', { name: adminTarget?.name ?? '' })
            : i18n.t('{name} will be able to review applications, manage members and email the club.', { name: adminTarget?.name ?? '' })
        }
        confirmLabel={adminTarget?.admin ? i18n.t('Remove admin') : i18n.t('Make admin')}
        danger={adminTarget?.admin}
        busy={setAdmin.isPending}
        onConfirm={() => adminTarget && setAdmin.mutate({ id: adminTarget.user_id, admin: !adminTarget.admin })}
        onCancel={() => setAdminTarget(null)}
      />
      <ConfirmDialog
        open={deleteTarget !== null}
        title={i18n.t('Delete account')}
        message={i18n.t(
          'Delete {name}’s account? Their profile, sessions, comments, likes, images, participations, properties, homes and stay requests are deleted for good; events they created stay, hosted by ‘Former member’.',
          { name: deleteTarget?.name ?? '' },
        )}
        confirmLabel={i18n.t('Delete account')}
        danger
        busy={deleteUser.isPending}
        onConfirm={() => deleteTarget && deleteUser.mutate({ userId: deleteTarget.user_id })}
        onCancel={() => setDeleteTarget(null)}
      />
      <Modal
        open={temp !== null}
        onClose={() => setTemp(null)}
        title={i18n.t('Temporary password')}
        size="small"
        footer={
          <button type="button" className="button" onClick={() => setTemp(null)}>
            {i18n.t('Done')}
          </button>
        }
      >
        <p>
          {withNodes(
            (m) =>
              i18n.t('Give this temporary password to {name}. It is shown only once; they will choose a new password when they log in.', m),
            { name: <strong>{temp?.name}</strong> },
          )}
        </p>
        <div className="temp-password">
          <span data-testid="temporary-password">{temp?.password}</span>
          <button type="button" className="button button-secondary button-small" onClick={copyTemp}>
            {i18n.t('Copy')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
