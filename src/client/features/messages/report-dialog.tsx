import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASON_MAX } from '../../../shared/schemas/messages';
import { TextAreaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';

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
        toast("Thank you. The club's admins will look at it.", 'success');
        close();
      },
      onError: (err) => setError(fieldErrors(err).reason ?? errorMessage(err, 'The report could not be sent. Please try again.')),
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
      setError('Say why you report it.');
      return;
    }
    report.mutate({ id: messageId, reason: reason.trim() });
  }
  return (
    <Modal
      open={messageId !== null}
      onClose={close}
      title="Report this message"
      size="small"
      footer={
        <ModalActions
          onCancel={close}
          actionLabel={report.isPending ? 'Sending…' : 'Report'}
          form={formId}
          disabled={report.isPending}
          danger
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p className="muted">
          The club&rsquo;s admins will see this message from {authorName}, the ten messages before it, your name and your reason.
        </p>
        <TextAreaField
          label="Why do you report it?"
          name="reason"
          rows={4}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint={`${reason.length} / ${REPORT_REASON_MAX} characters`}
          error={error || undefined}
          autoFocus
        />
      </form>
    </Modal>
  );
}
