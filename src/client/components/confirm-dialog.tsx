import type { ReactNode } from 'react';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The quiet way out; 'Cancel' unless said otherwise. */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Replaces window.confirm() with an accessible dialog carrying the same text. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="small"
      footer={
        <ModalActions
          onCancel={onCancel}
          cancelLabel={cancelLabel}
          actionLabel={confirmLabel}
          onAction={onConfirm}
          disabled={busy}
          danger={danger}
        />
      }
    >
      {/* A sentence is a paragraph; a message with its own structure (a list) comes as it is. */}
      {typeof message === 'string' ? <p>{message}</p> : message}
    </Modal>
  );
}
