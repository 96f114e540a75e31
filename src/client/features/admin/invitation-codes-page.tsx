import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { InvitationCodeView } from '../../../shared/schemas/membership';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage, TextField } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { formatInstantDate, localTimeZone, todayInZone } from '../../../shared/date-format';
import './admin.css';

/** The end of a yyyy-mm-dd day in the admin's own time zone, as Unix ms. */
function endOfLocalDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999).toISOString();
}

function CreateCodeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [expires, setExpires] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [error, setError] = useState('');
  const { errors, ...form } = useFormErrors({
    // The server's name for the expiry is expires_at: its message goes under "Expires on".
    values: { code, note, expires_at: expires, max_uses: maxUses },
    validate: (v) => {
      const uses = v.max_uses.trim() ? Number(v.max_uses) : null;
      return {
        max_uses: uses !== null && (!Number.isInteger(uses) || uses < 1) ? 'Maximum uses must be a whole number of at least 1.' : undefined,
      };
    },
  });
  const create = useMutation(
    trpc.membership.codes.create.mutationOptions({
      onSuccess: async (created) => {
        toast(`Code ${created.code} created.`, 'success');
        setCode('');
        setNote('');
        setExpires('');
        setMaxUses('');
        form.clear();
        await queryClient.invalidateQueries(trpc.membership.codes.pathFilter());
      },
      onError: (err) => {
        const fields = fieldErrors(err);
        form.show(fields);
        setError(Object.keys(fields).length ? '' : errorMessage(err, 'Could not create the code.'));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (!form.check()) return;
    const uses = maxUses.trim() ? Number(maxUses) : null;
    create.mutate({
      code: code.trim() || undefined,
      note: note.trim() || undefined,
      expires_at: expires ? endOfLocalDay(expires) : null,
      max_uses: uses,
    });
  }

  // Today in the admin's own zone, once: the expiry picker's earliest day.
  const [minDate] = useState(() => todayInZone(Date.now(), localTimeZone()));
  return (
    <form className="card" onSubmit={submit} {...form.formProps}>
      <h2>New code</h2>
      <div className="code-form">
        <TextField
          label="Code"
          name="code"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          hint="Leave empty for a random code."
          error={errors.code}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <TextField
          label="Note"
          name="note"
          maxLength={200}
          hint="Who it is for, optional."
          error={errors.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <TextField
          label="Expires on"
          name="expires"
          type="date"
          min={minDate}
          hint="Optional; valid through that day."
          error={errors.expires_at}
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <TextField
          label="Maximum uses"
          name="maxUses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Optional; empty means no limit."
          error={errors.max_uses}
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create code'}
          </button>
        </div>
      </div>
      <FormMessage>{error}</FormMessage>
    </form>
  );
}

function CodeUses({ id }: { id: number }) {
  const trpc = useTRPC();
  const uses = useQuery(trpc.membership.codes.uses.queryOptions({ id }));
  if (uses.isPending) return <p className="muted">Loading…</p>;
  if (uses.isError) return <p className="field-error">Could not load the uses.</p>;
  if (uses.data.length === 0) return <p className="muted">Not used yet.</p>;
  return (
    <ul className="code-uses">
      {uses.data.map((u) => (
        <li key={u.application_id}>
          {u.full_name} ({u.email}), {formatInstantDate(u.created_at)},{' '}
          {u.accepted === null ? 'pending' : u.accepted ? 'accepted' : 'rejected'}
        </li>
      ))}
    </ul>
  );
}

/** Admin screen for invitation codes (DECISIONS "Membership pipeline"): list, create, revoke. */
export function InvitationCodesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  // Newest first, a page at a time (issue 13).
  const codes = useInfiniteQuery(trpc.membership.codes.list.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor }));
  const rows = codes.data?.pages.flatMap((p) => p.items) ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<InvitationCodeView | null>(null);
  const revoke = useMutation(
    trpc.membership.codes.revoke.mutationOptions({
      onSuccess: async () => {
        toast(`Code ${revoking?.code} revoked.`, 'success');
        setRevoking(null);
        await queryClient.invalidateQueries(trpc.membership.codes.pathFilter());
      },
      onError: (err) => {
        setRevoking(null);
        toast(errorMessage(err, 'Could not revoke the code.'), 'error');
      },
    }),
  );

  return (
    <section className="page stack">
      <AdminHeader title="Invitation codes" note="An applicant needs a code to apply. A code is used once per submitted application." />
      <CreateCodeForm />
      <Loaded query={codes} loading="Loading codes…" failed="Could not load the codes." empty="No codes yet." isEmpty={rows.length === 0}>
        {() => (
          <StackTable columns={['Code', 'Status', 'Uses', 'Expires', 'Note', 'Actions']}>
            {rows.map((c) => (
              <tr key={c.id}>
                <td data-label="Code" className="code">
                  {c.code}
                </td>
                <td data-label="Status">
                  <span className={`badge badge-status badge-${c.status.replace(' ', '-')}`}>{c.status}</span>
                </td>
                <td data-label="Uses">
                  <div>
                    <button
                      type="button"
                      className="text-link"
                      aria-expanded={open === c.id}
                      aria-label={`${c.use_count} of ${c.max_uses ?? 'unlimited'} uses of ${c.code}: show who`}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {c.use_count} / {c.max_uses ?? '∞'}
                    </button>
                    {open === c.id ? <CodeUses id={c.id} /> : null}
                  </div>
                </td>
                <td data-label="Expires">{c.expires_at ? formatInstantDate(c.expires_at) : 'Never'}</td>
                <td data-label="Note">
                  {/* One element: on a phone the cell is a two-column grid (its label, then this). */}
                  <div>
                    {c.note ?? ''}
                    <div className="muted" style={{ fontSize: 'var(--step--1)' }}>
                      {c.created_by_name ? `by ${c.created_by_name}, ` : ''}
                      {formatInstantDate(c.created_at)}
                    </div>
                  </div>
                </td>
                <td data-label="Actions">
                  {c.status === 'revoked' ? null : (
                    <button type="button" className="button button-ghost button-small" onClick={() => setRevoking(c)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </Loaded>
      <LoadMore query={codes} label="Load more codes" />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke code"
        message={`Revoke ${revoking?.code}? Nobody can apply with it any more. Applications already submitted stay.`}
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
