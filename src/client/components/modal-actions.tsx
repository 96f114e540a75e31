import type { ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

interface ModalActionsProps {
  /** The quiet button that closes without acting ('Cancel', 'Close', 'Done'). */
  cancelLabel?: ReactNode;
  onCancel: () => void;
  cancelDisabled?: boolean;
  /** The dialog's one action. */
  actionLabel: ReactNode;
  /** Without it the action submits the form named by `form`. */
  onAction?: () => void;
  form?: string;
  disabled?: boolean;
  danger?: boolean;
}

/** A modal footer's two buttons: a quiet way out, then the dialog's action (one look everywhere). */
export function ModalActions({
  cancelLabel = i18n.t('Cancel'),
  onCancel,
  cancelDisabled,
  actionLabel,
  onAction,
  form,
  disabled,
  danger,
}: ModalActionsProps) {
  return (
    <>
      <button type="button" className="button button-ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        form={onAction ? undefined : form}
        className={danger ? 'button button-danger' : 'button'}
        onClick={onAction}
        disabled={disabled}
      >
        {actionLabel}
      </button>
    </>
  );
}
