import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASON_MAX } from '../../../shared/schemas/messages';
import { TextAreaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';

/**
 * Report a message to the club's admins, with her reason (at most 500 characters). The admins see
 * the message, the ten before it in its conversation, and who reported it; nothing else of it.
 */
export function ReportDialog({ messageId, authorName, onClose }: { messageId: number | null; authorName: string; onClose: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const report = useMutation(
    trpc.messages.report.mutationOptions({
      onSuccess: () => {
        toast(i18n.t("Thank you. The club's admins will look at it."), 'success');
        close();
      },
      onError: (err) => setError(fieldErrors(err).reason ?? errorMessage(err, i18n.t('The report could not be sent. Please try again.'))),
    }),
  );
  function close() {
    setReason('');
    setError('');
    report.reset();
    onClose();
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    if (messageId === null) return;
    if (!reason.trim()) {
      setError(i18n.t('Say why you report it.'));
      return;
    }
    report.mutate({ id: messageId, reason: reason.trim() });
  }
  return (
    <Modal
      open={messageId !== null}
      onClose={close}
      title={i18n.t('Report this message')}
      size="small"
      footer={
        <ModalActions
          onCancel={close}
          actionLabel={report.isPending ? i18n.t('Sending…') : i18n.t('Report')}
          form={formId}
          disabled={report.isPending}
          danger
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p className="muted">
          {i18n.t('The club’s admins will see this message from {name}, the ten messages before it, your name and your reason.', {
            name: authorName,
          })}
        </p>
        <TextAreaField
          label={i18n.t('Why do you report it?')}
          name="reason"
          rows={4}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint={i18n.t('{count, number} / {max, number} characters', { count: reason.length, max: REPORT_REASON_MAX })}
          error={error || undefined}
          autoFocus
        />
      </form>
    </Modal>
  );
}
