import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';

/** A member's kind of membership, as the invitation list names it. */
const accountTypeLabel = (type: string) =>
  ({ Founding: i18n.t('Founding'), Standard: i18n.t('Standard'), 'Travel Host': i18n.t('Travel Host') })[type] ?? type;

/**
 * Invite Member(s): search, tick members, 'Invite Selected (n)'; each gets an emailed link.
 * Members who already hold a live invitation are marked and cannot be ticked (the server would
 * send nothing new). The server's answer is shown as it says it: who was invited, who already
 * was, or the daily limit's refusal (kept in the modal, so the selection can be trimmed).
 */
export function InviteModal({
  open,
  onClose,
  eventId,
  eventTitle,
}: {
  open: boolean;
  onClose: () => void;
  eventId: number;
  eventTitle: string;
}) {
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  const candidates = useQuery({ ...trpc.events.inviteCandidates.queryOptions({ id: eventId }), enabled: open });
  const invite = useMutation(
    trpc.events.invite.mutationOptions({
      onSuccess: (res) => {
        toast(res.message, res.invited > 0 ? 'success' : 'info');
        // Who holds an invitation now: the next opening marks them.
        void queryClient.invalidateQueries(trpc.events.inviteCandidates.queryFilter({ id: eventId }));
        setSelected(new Set());
        setRefusal(null);
        onClose();
      },
      onError: (err) => setRefusal(errorMessage(err, i18n.t('Failed to send invitations.'))),
    }),
  );
  const needle = search.trim().toLowerCase();
  const shown = (candidates.data ?? []).filter((c) => c.name.toLowerCase().includes(needle));
  const toggle = (id: number) => {
    setRefusal(null);
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={i18n.t('Invite Member(s)')}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {i18n.t('Cancel')}
          </button>
          <button
            type="button"
            className="button"
            disabled={selected.size === 0 || invite.isPending}
            onClick={() => invite.mutate({ eventId, eventTitle, userIds: [...selected] })}
          >
            {i18n.t('Invite Selected ({count})', { count: selected.size })}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={searchId}>{i18n.t('Search members')}</label>
        <input id={searchId} type="search" value={search} placeholder={i18n.t('Type a name')} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {refusal ? (
        <p className="form-message form-message-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {candidates.isPending ? (
        <p className="muted">{i18n.t('Loading members…')}</p>
      ) : candidates.isError ? (
        <p className="form-message form-message-error">{errorMessage(candidates.error, i18n.t('Failed to load members.'))}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{needle ? i18n.t('No member matches that name.') : i18n.t('Everyone is already taking part.')}</p>
      ) : (
        <ul className="invite-list" aria-label={i18n.t('Members')}>
          {shown.map((c) => (
            <li key={c.user_id} className={c.invited ? 'is-invited' : undefined}>
              <label>
                <input
                  type="checkbox"
                  checked={c.invited || selected.has(c.user_id)}
                  disabled={c.invited}
                  onChange={() => toggle(c.user_id)}
                />
                <span>{c.name}</span>
                {c.invited ? (
                  <span className="invited">{i18n.t('Invitation sent')}</span>
                ) : (
                  <span className="muted">{accountTypeLabel(c.type)}</span>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
