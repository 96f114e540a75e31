import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormMessage, TextAreaField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { useFormErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { EmailPreview } from '../../shared/email-preview';
import { subjectAndBodyErrors, subjectAndBodySummary } from '../../shared/mail-form-rules';
import { i18n } from './locales/i18n';

/** Draft Announcement Email: subject, a 15-row HTML body and a live preview; sent to the participants. */
export function AnnouncementComposer({
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
  const [subject, setSubject] = useState(() => i18n.t('About {title}', { title: eventTitle }));
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const form = useFormErrors({ values: { subject, body }, validate: (v) => subjectAndBodyErrors(v.subject, v.body) });
  const send = useMutation(
    trpc.events.announce.mutationOptions({
      onSuccess: (res) => {
        toast(
          i18n.t('{message} ({count, plural, one {# recipient} other {# recipients}})', { message: res.message, count: res.recipients }),
          'success',
        );
        setBody('');
        onClose();
      },
      onError: (err) => {
        const fields = fieldErrors(err);
        form.show(fields);
        setError(Object.keys(fields).length ? '' : errorMessage(err, i18n.t('Failed to send email.')));
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (form.check()) send.mutate({ eventId, subject, body });
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={i18n.t('Draft Announcement Email')}
      size="large"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            {i18n.t('Cancel')}
          </button>
          <button type="submit" form="announcement-form" className="button" disabled={send.isPending}>
            {send.isPending ? i18n.t('Sending…') : i18n.t('Send to Participants')}
          </button>
        </>
      }
    >
      <div className="composer">
        <form id="announcement-form" onSubmit={submit} {...form.formProps}>
          <TextField
            label={i18n.t('Subject')}
            name="subject"
            required
            maxLength={200}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={form.errors.subject}
          />
          <TextAreaField
            label={i18n.t('Body (HTML allowed)')}
            name="body"
            required
            rows={15}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            error={form.errors.body}
          />
          <FormMessage>{subjectAndBodySummary(form.errors) || error}</FormMessage>
        </form>
        <EmailPreview subject={subject} html={body} />
      </div>
    </Modal>
  );
}
