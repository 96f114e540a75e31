import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { InvitationCodeStatus, InvitationCodeView } from '../../../shared/schemas/membership';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage, TextField } from '../../components/field';
import { LoadMore } from '../../components/load-more';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { AdminHeader, Loaded, StackTable } from './admin-list';
import { formatInstantDate, localTimeZone, todayInZone } from '../../../shared/date-format';
import { i18n } from './locales/i18n';
import './admin.css';

/** A code's status in the page's language (the badge's class keeps the API's word). */
const codeStatusLabel = (status: InvitationCodeStatus) =>
  ({ active: i18n.t('active'), expired: i18n.t('expired'), 'used up': i18n.t('used up'), revoked: i18n.t('revoked') })[status];

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
        max_uses:
          uses !== null && (!Number.isInteger(uses) || uses < 1) ? i18n.t('Maximum uses must be a whole number of at least 1.') : undefined,
      };
    },
  });
  const create = useMutation(
    trpc.membership.codes.create.mutationOptions({
      onSuccess: async (created) => {
        toast(i18n.t('Code {code} created.', { code: created.code }), 'success');
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
        setError(Object.keys(fields).length ? '' : errorMessage(err, i18n.t('Could not create the code.')));
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
      <h2>{i18n.t('New code')}</h2>
      <div className="code-form">
        <TextField
          label={i18n.t('Code')}
          name="code"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          hint={i18n.t('Leave empty for a random code.')}
          error={errors.code}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <TextField
          label={i18n.t('Note')}
          name="note"
          maxLength={200}
          hint={i18n.t('Who it is for, optional.')}
          error={errors.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <TextField
          label={i18n.t('Expires on')}
          name="expires"
          type="date"
          min={minDate}
          hint={i18n.t('Optional; valid through that day.')}
          error={errors.expires_at}
          value={expires}
          onChange={(e) => setExpires(e.target.value)}
        />
        <TextField
          label={i18n.t('Maximum uses')}
          name="maxUses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint={i18n.t('Optional; empty means no limit.')}
          error={errors.max_uses}
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? i18n.t('Creating…') : i18n.t('Create code')}
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
  if (uses.isPending) return <p className="muted">{i18n.t('Loading…')}</p>;
  if (uses.isError) return <p className="field-error">{i18n.t('Could not load the uses.')}</p>;
  if (uses.data.length === 0) return <p className="muted">{i18n.t('Not used yet.')}</p>;
  return (
    <ul className="code-uses">
      {uses.data.map((u) => (
        <li key={u.application_id}>
          {i18n.t('{name} ({email}), {date}, {status}', {
            name: u.full_name,
            email: u.email,
            date: formatInstantDate(u.created_at),
            status: u.accepted === null ? i18n.t('pending') : u.accepted ? i18n.t('accepted') : i18n.t('rejected'),
          })}
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
        toast(i18n.t('Code {code} revoked.', { code: revoking?.code ?? '' }), 'success');
        setRevoking(null);
        await queryClient.invalidateQueries(trpc.membership.codes.pathFilter());
      },
      onError: (err) => {
        setRevoking(null);
        toast(errorMessage(err, i18n.t('Could not revoke the code.')), 'error');
      },
    }),
  );

  return (
    <section className="page stack">
      <AdminHeader
        title={i18n.t('Invitation codes')}
        note={i18n.t('An applicant needs a code to apply. A code is used once per submitted application.')}
      />
      <CreateCodeForm />
      <Loaded
        query={codes}
        loading={i18n.t('Loading codes…')}
        failed={i18n.t('Could not load the codes.')}
        empty={i18n.t('No codes yet.')}
        isEmpty={rows.length === 0}
      >
        {() => (
          <StackTable columns={[i18n.t('Code'), i18n.t('Status'), i18n.t('Uses'), i18n.t('Expires'), i18n.t('Note'), i18n.t('Actions')]}>
            {rows.map((c) => (
              <tr key={c.id}>
                <td data-label={i18n.t('Code')} className="code">
                  {c.code}
                </td>
                <td data-label={i18n.t('Status')}>
                  <span className={`badge badge-status badge-${c.status.replace(' ', '-')}`}>{codeStatusLabel(c.status)}</span>
                </td>
                <td data-label={i18n.t('Uses')}>
                  <div>
                    <button
                      type="button"
                      className="text-link"
                      aria-expanded={open === c.id}
                      aria-label={
                        c.max_uses === null
                          ? i18n.t('{count} of unlimited uses of {code}: show who', { count: c.use_count, code: c.code })
                          : i18n.t('{count} of {max} uses of {code}: show who', { count: c.use_count, max: c.max_uses, code: c.code })
                      }
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {c.use_count} / {c.max_uses ?? '∞'}
                    </button>
                    {open === c.id ? <CodeUses id={c.id} /> : null}
                  </div>
                </td>
                <td data-label={i18n.t('Expires')}>{c.expires_at ? formatInstantDate(c.expires_at) : i18n.t('Never')}</td>
                <td data-label={i18n.t('Note')}>
                  {/* One element: on a phone the cell is a two-column grid (its label, then this). */}
                  <div>
                    {c.note ?? ''}
                    <div className="muted" style={{ fontSize: 'var(--step--1)' }}>
                      {c.created_by_name
                        ? i18n.t('by {name}, {date}', { name: c.created_by_name, date: formatInstantDate(c.created_at) })
                        : formatInstantDate(c.created_at)}
                    </div>
                  </div>
                </td>
                <td data-label={i18n.t('Actions')}>
                  {c.status === 'revoked' ? null : (
                    <button type="button" className="button button-ghost button-small" onClick={() => setRevoking(c)}>
                      {i18n.t('Revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </StackTable>
        )}
      </Loaded>
      <LoadMore query={codes} label={i18n.t('Load more codes')} />
      <ConfirmDialog
        open={revoking !== null}
        title={i18n.t('Revoke code')}
        message={i18n.t('Revoke {code}? Nobody can apply with it any more. Applications already submitted stay.', {
          code: revoking?.code ?? '',
        })}
        confirmLabel={i18n.t('Revoke')}
        danger
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
