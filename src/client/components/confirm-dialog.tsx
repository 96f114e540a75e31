import type { ReactNode } from 'react';
import { Modal } from './modal';
import { ModalActions } from './modal-actions';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Replaces window.confirm() with an accessible dialog carrying the same text. */
export function ConfirmDialog({ open, title, message, confirmLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="small"
      footer={<ModalActions onCancel={onCancel} actionLabel={confirmLabel} onAction={onConfirm} disabled={busy} danger={danger} />}
    >
      <p>{message}</p>
    </Modal>
  );
}
