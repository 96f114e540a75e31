import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../shared/date-format';
import { addMonths, earliestRenewsOn, TERM_MONTHS } from '../../../shared/membership-term';
import { RENEWAL_NOTE_MAX } from '../../../shared/schemas/membership-terms';
import type { UserView } from '../../../shared/schemas/membership';
import { FormMessage, TextAreaField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';

/**
 * User Management > Renew (issue 24): the admin records a renewal; the new renews-on date starts
 * twelve months after the current one, and a note says how it was paid. The server holds SPEC 9's
 * six-month minimum; the date field's min says it before she submits.
 */
export function RenewDialog({ member, onClose }: { member: UserView; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [renewsOn, setRenewsOn] = useState(addMonths(member.renews_on, TERM_MONTHS));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const renew = useMutation(
    trpc.admin.users.renew.mutationOptions({
      onSuccess: async (term) => {
        toast(i18n.t('{name}’s membership now renews on {date}.', { name: member.name, date: formatDate(term.renews_on) }), 'success');
        await queryClient.invalidateQueries(trpc.admin.users.pathFilter());
        onClose();
      },
      onError: (err) => setError(errorMessage(err, i18n.t('Could not record the renewal.'))),
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    renew.mutate({ id: member.user_id, renews_on: renewsOn, note });
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={i18n.t('Renew {name}', { name: member.name })}
      size="small"
      footer={<ModalActions onCancel={onClose} actionLabel={i18n.t('Record renewal')} form="renew-form" disabled={renew.isPending} />}
    >
      <form id="renew-form" className="stack" onSubmit={submit}>
        <p className="muted">
          {i18n.t('Member since {date}.', { date: formatDate(member.member_since) })}{' '}
          {member.status === 'active'
            ? i18n.t('Her membership renews on {date}.', { date: formatDate(member.renews_on) })
            : member.status === 'grace'
              ? i18n.t('Her renewal was due on {date} (in grace).', { date: formatDate(member.renews_on) })
              : i18n.t('Her renewal was due on {date} (lapsed).', { date: formatDate(member.renews_on) })}
        </p>
        <TextField
          label={i18n.t('New renews-on date')}
          type="date"
          required
          min={earliestRenewsOn(member.member_since)}
          value={renewsOn}
          onChange={(e) => setRenewsOn(e.target.value)}
        />
        <TextAreaField
          label={i18n.t('Note (optional)')}
          hint={i18n.t('For example “Paid 450 EUR by bank transfer”. At most {max} characters.', { max: i18n.number(RENEWAL_NOTE_MAX) })}
          maxLength={RENEWAL_NOTE_MAX}
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <FormMessage>{error}</FormMessage>
      </form>
    </Modal>
  );
}
