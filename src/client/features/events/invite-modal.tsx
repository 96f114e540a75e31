import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';

/** Invite Member(s): search, tick members, 'Invite Selected (n)'; each gets an emailed link. */
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
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const candidates = useQuery({ ...trpc.events.inviteCandidates.queryOptions({ id: eventId }), enabled: open });
  const invite = useMutation(
    trpc.events.invite.mutationOptions({
      onSuccess: (res) => {
        toast(res.message, 'success');
        setSelected(new Set());
        onClose();
      },
      onError: (err) => toast(errorMessage(err, 'Failed to send invitations.'), 'error'),
    }),
  );
  const needle = search.trim().toLowerCase();
  const shown = (candidates.data ?? []).filter((c) => c.name.toLowerCase().includes(needle));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invite Member(s)"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            disabled={selected.size === 0 || invite.isPending}
            onClick={() => invite.mutate({ eventId, eventTitle, userIds: [...selected] })}
          >
            Invite Selected ({selected.size})
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={searchId}>Search members</label>
        <input id={searchId} type="search" value={search} placeholder="Type a name" onChange={(e) => setSearch(e.target.value)} />
      </div>
      {candidates.isPending ? (
        <p className="muted">Loading members…</p>
      ) : candidates.isError ? (
        <p className="form-message form-message-error">{errorMessage(candidates.error, 'Failed to load members.')}</p>
      ) : shown.length === 0 ? (
        <p className="muted">{needle ? 'No member matches that name.' : 'Everyone is already taking part.'}</p>
      ) : (
        <ul className="invite-list" aria-label="Members">
          {shown.map((c) => (
            <li key={c.user_id}>
              <label>
                <input type="checkbox" checked={selected.has(c.user_id)} onChange={() => toggle(c.user_id)} />
                <span>{c.name}</span>
                <span className="muted">{c.type}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
