import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { CIRCLE_DESCRIPTION_MAX, CIRCLE_NAME_MAX, PROPOSAL_REASON_MAX, ProposeCircleInputSchema } from '../../../shared/schemas/circles';
import { FormMessage, TextAreaField, TextField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ModalActions } from '../../components/modal-actions';
import { useToast } from '../../components/toast';
import { useFormErrors, zodFieldErrors } from '../../components/use-form-errors';
import { errorMessage, fieldErrors, useTRPC } from '../../lib/trpc';
import { i18n } from './locales/i18n';

/** Any member proposes a circle: its name, what it is, and why the club needs it; an admin decides. */
export function ProposeCircleDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const toast = useToast();
  const formId = useId();
  const [form, setForm] = useState({ name: '', description: '', reason: '' });
  const [message, setMessage] = useState('');
  const { errors, ...errorState } = useFormErrors({
    values: form,
    validate: (v) => zodFieldErrors(ProposeCircleInputSchema.safeParse(v).error),
  });
  const propose = useMutation(
    trpc.circles.propose.mutationOptions({
      onSuccess: () => {
        toast(i18n.t('Thank you: an administrator will look at your proposal.'), 'success');
        onClose();
      },
      onError: (error) => {
        const fe = fieldErrors(error);
        errorState.show(fe);
        setMessage(Object.keys(fe).length ? '' : errorMessage(error, i18n.t('The proposal could not be sent.')));
      },
    }),
  );
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage('');
    if (errorState.check()) propose.mutate(form);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={i18n.t('Propose a circle')}
      footer={
        <ModalActions
          onCancel={onClose}
          actionLabel={propose.isPending ? i18n.t('Sending…') : i18n.t('Send the proposal')}
          form={formId}
          disabled={propose.isPending}
        />
      }
    >
      <form id={formId} className="stack" onSubmit={submit} {...errorState.formProps}>
        <p className="muted">{i18n.t('If an administrator accepts it, the circle opens and you host it.')}</p>
        <TextField
          label={i18n.t('Name')}
          name="name"
          maxLength={CIRCLE_NAME_MAX}
          value={form.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextAreaField
          label={i18n.t('What is it about?')}
          name="description"
          rows={3}
          maxLength={CIRCLE_DESCRIPTION_MAX}
          value={form.description}
          error={errors.description}
          onChange={set('description')}
        />
        <TextAreaField
          label={i18n.t('Why should the club have it?')}
          name="reason"
          rows={3}
          maxLength={PROPOSAL_REASON_MAX}
          value={form.reason}
          error={errors.reason}
          onChange={set('reason')}
        />
        {message ? <FormMessage>{message}</FormMessage> : null}
      </form>
    </Modal>
  );
}
