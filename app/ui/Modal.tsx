import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the body (use the modal-actions layout). */
  actions?: ReactNode;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: the inert page behind cannot
 * take focus, but at either end a browser would hand it to its own toolbar.
 */
function wrapTab(e: KeyboardEvent<HTMLDialogElement>, dialog: HTMLDialogElement | null, box: HTMLElement | null) {
  const controls = [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.getClientRects().length > 0);
  if (controls.length === 0) return;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  const at = document.activeElement;
  if (!e.shiftKey && at === last) { e.preventDefault(); first.focus(); }
  else if (e.shiftKey && (at === first || at === box)) { e.preventDefault(); last.focus(); }
}

/**
 * A modal dialog on the native `<dialog>` (docs/decisions/199): opened with showModal, so the page behind it is
 * inert, and Tab wraps inside it; labelled by its title; Escape or a click on the backdrop asks the owner to close it
 * (the owner unmounts it, or keeps it open to ask first); focus moves in on open and back where it was on close.
 */
export function Modal({ title, onClose, children, actions }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => { closeRef.current = onClose; });

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    (boxRef.current?.querySelector<HTMLElement>('[data-autofocus]') ?? boxRef.current)?.focus();
    // Escape is the owner's to act on, once: held back from the browser's own close (the cancel event below).
    const onKey = (e: globalThis.KeyboardEvent) => { if (e.key === 'Escape') { e.preventDefault(); closeRef.current(); } };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (dialog?.open) dialog.close();
      before?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef} className="modal-dialog" aria-labelledby={titleId}
      onKeyDown={(e) => { if (e.key === /*i18n*/ 'Tab') wrapTab(e, dialogRef.current, boxRef.current); }}
      onCancel={(e) => e.preventDefault()}
    >
      <div className="modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
        <div ref={boxRef} className="modal" tabIndex={-1}>
          <h2 id={titleId}>{title}</h2>
          {children}
          {actions && <div className="modal-actions">{actions}</div>}
        </div>
      </div>
    </dialog>
  );
}
