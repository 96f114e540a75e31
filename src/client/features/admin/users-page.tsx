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
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { MemberProfileDialog } from './member-profile';
import { MemberName } from '../../shared/members/member-name';
import { RenewDialog } from './renew-dialog';
import { RenewsOnCell, RosterDownload, StatusFilterField, useStatusFilter } from './users-terms';
import './admin.css';

/** "42 members", then "5 Founding · 30 Standard · 7 Travel Host": the server's counts. */
function MemberTotals({ counts }: { counts: MemberCounts }) {
  const parts = ACCOUNT_TYPES.filter((t) => counts[t] > 0).map((t) => `${counts[t]} ${t}`);
  return (
    <p className="muted admin-totals">
      <strong>
        {counts.total} {counts.total === 1 ? 'member' : 'members'}
      </strong>
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
        toast(`${u?.name ?? 'The member'} is now ${res.type}.`, 'success');
        setPrivilegeTarget(null);
        await refresh();
      },
      onError: async (err) => {
        setPrivilegeTarget(null);
        toast(errorMessage(err, 'Could not change the privilege.'), 'error');
        await refresh();
      },
    }),
  );
  const setAdmin = useMutation(
    trpc.admin.users.setAdmin.mutationOptions({
      onSuccess: async (res) => {
        toast(res.admin ? `${adminTarget?.name} is now an admin.` : `${adminTarget?.name} is no longer an admin.`, 'success');
        setAdminTarget(null);
        await refresh();
      },
      onError: (err) => {
        setAdminTarget(null);
        toast(errorMessage(err, 'Could not change admin rights.'), 'error');
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
        toast(errorMessage(err, 'Could not reset the password.'), 'error');
      },
    }),
  );

  const deleteUser = useMutation(
    trpc.admin.users.delete.mutationOptions({
      onSuccess: async () => {
        toast(`${deleteTarget?.name ?? 'The member'}’s account was deleted.`, 'success');
        setDeleteTarget(null);
        await refresh();
      },
      onError: (err) => {
        setDeleteTarget(null);
        toast(errorMessage(err, 'Could not delete the account.'), 'error');
      },
    }),
  );

  async function copyTemp() {
    if (!temp) return;
    try {
      await navigator.clipboard.writeText(temp.password);
      toast('Copied.', 'success');
    } catch {
      toast('Select the password and copy it by hand.', 'info');
    }
  }

  return (
    <section className="page">
      <AdminHeader title="User Management" aside={counts ? <MemberTotals counts={counts} /> : null} />
      <div className="toolbar">
        <div className="field">
          <label htmlFor="user-search">Search members</label>
          <input id="user-search" type="search" placeholder="Name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <StatusFilterField value={status} onChange={setStatus} />
        <RosterDownload />
      </div>
      <Loaded
        query={users}
        loading="Loading members…"
        failed="Could not load the members."
        empty={needle || status ? 'No members match.' : 'No members yet.'}
        isEmpty={shown.length === 0}
      >
        {() => (
          <StackTable columns={['Name', 'Email', 'Privilege', 'Renews on', 'Actions']} className="users-table">
            {shown.map((u) => (
              <tr key={u.user_id}>
                <td data-label="Name">
                  {/* One element: on a phone the cell is a two-column grid (its label, then this). */}
                  <span>
                    <MemberName id={u.user_id} name={u.name} /> {u.admin ? <span className="badge">Admin</span> : null}{' '}
                    {u.must_change_password ? <span className="badge badge-pending">Temporary password</span> : null}
                    {/* Issue 43: events she joined and missed in 12 months, where the door took attendance. */}
                    {u.no_shows ? (
                      <span className="badge badge-expired" title="Events she joined and did not come to in the last 12 months">
                        {u.no_shows} no-show{u.no_shows === 1 ? '' : 's'}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-label="Email">{u.email}</td>
                <td data-label="Privilege">
                  <select
                    aria-label={`Privilege of ${u.name}`}
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
                <td data-label="Renews on">
                  <RenewsOnCell member={u} />
                </td>
                <td data-label="Actions">
                  <div className="actions">
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={`Profile of ${u.name}`}
                      onClick={() => setProfileOf(u)}
                    >
                      Profile
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Renew ${u.name}`}
                      onClick={() => setRenewOf(u)}
                    >
                      Renew
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={!u.can_reset_password}
                      title={u.can_reset_password ? undefined : 'Change your own password in Settings'}
                      onClick={() => setResetTarget(u)}
                    >
                      Reset password
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={!u.can_change_admin}
                      title={u.can_change_admin ? undefined : 'You cannot remove your own admin rights'}
                      onClick={() => setAdminTarget(u)}
                    >
                      {u.admin ? 'Remove admin' : 'Make admin'}
                    </button>
                    <button type="button" className="button button-ghost button-small" onClick={() => setDeleteTarget(u)}>
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </Loaded>
      <LoadMore query={users} label="Load more members" />

      {profileOf ? <MemberProfileDialog member={profileOf} onClose={() => setProfileOf(null)} /> : null}
      {renewOf ? <RenewDialog member={renewOf} onClose={() => setRenewOf(null)} /> : null}
      <ConfirmDialog
        open={privilegeTarget !== null}
        title="Change privilege"
        message={`Change ${privilegeTarget?.user.name}’s membership type from ${privilegeTarget?.user.type} to ${privilegeTarget?.type}?`}
        confirmLabel={`Make ${privilegeTarget?.type}`}
        busy={privilege.isPending}
        onConfirm={() => privilegeTarget && privilege.mutate({ id: privilegeTarget.user.user_id, type: privilegeTarget.type })}
        onCancel={() => setPrivilegeTarget(null)}
      />
      <ConfirmDialog
        open={resetTarget !== null}
        title="Reset password"
        message={`Give ${resetTarget?.name} a temporary password? They are signed out everywhere and must choose a new password when they next log in.`}
        confirmLabel="Reset password"
        danger
        busy={resetPassword.isPending}
        onConfirm={() => resetTarget && resetPassword.mutate({ id: resetTarget.user_id })}
        onCancel={() => setResetTarget(null)}
      />
      <ConfirmDialog
        open={adminTarget !== null}
        title={adminTarget?.admin ? 'Remove admin rights' : 'Make admin'}
        message={
          adminTarget?.admin
            ? `${adminTarget?.name} will no longer see the admin screens.`
            : `${adminTarget?.name} will be able to review applications, manage members and email the club.`
        }
        confirmLabel={adminTarget?.admin ? 'Remove admin' : 'Make admin'}
        danger={adminTarget?.admin}
        busy={setAdmin.isPending}
        onConfirm={() => adminTarget && setAdmin.mutate({ id: adminTarget.user_id, admin: !adminTarget.admin })}
        onCancel={() => setAdminTarget(null)}
      />
      <ConfirmDialog
        open={deleteTarget !== null}
        title="Delete account"
        message={`Delete ${deleteTarget?.name}’s account? Their profile, sessions, comments, likes, images, participations, properties, homes and stay requests are deleted for good; events they created stay, hosted by ‘Former member’.`}
        confirmLabel="Delete account"
        danger
        busy={deleteUser.isPending}
        onConfirm={() => deleteTarget && deleteUser.mutate({ userId: deleteTarget.user_id })}
        onCancel={() => setDeleteTarget(null)}
      />
      <Modal
        open={temp !== null}
        onClose={() => setTemp(null)}
        title="Temporary password"
        size="small"
        footer={
          <button type="button" className="button" onClick={() => setTemp(null)}>
            Done
          </button>
        }
      >
        <p>
          Give this temporary password to <strong>{temp?.name}</strong>. It is shown only once; they will choose a new password when they
          log in.
        </p>
        <div className="temp-password">
          <span data-testid="temporary-password">{temp?.password}</span>
          <button type="button" className="button button-secondary button-small" onClick={copyTemp}>
            Copy
          </button>
        </div>
      </Modal>
    </section>
  );
}
