import type { ReactNode } from 'react';
import { Modal } from './Modal';

type Props = {
  title: string;
  /** What will happen, in words the owner reads before confirming. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The guest's screens pass it in the guest's language (docs/decisions/217); the back office reads English. */
  cancelLabel?: string;
};

/** A destructive action's confirmation: says what will happen; Cancel is focused first. */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, busy = false, cancelLabel = /*i18n*/ 'Cancel' }: Props) {
  return (
    <Modal title={title} onClose={onCancel}>
      <div className="stack">{children}</div>
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" data-autofocus onClick={onCancel}>{cancelLabel}</button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </Modal>
  );
}
