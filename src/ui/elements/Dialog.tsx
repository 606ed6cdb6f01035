import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  actions: ReactNode;
  /** Extra class, e.g. "wide" for a dialog that holds an editor. */
  className?: string;
}

/** A modal <dialog>: focus is trapped by the browser, Esc closes it. */
export function Dialog({ title, onClose, children, actions, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className={className ? `dialog ${className}` : 'dialog'} aria-label={title} onClose={onClose} onCancel={onClose}>
      <h2>{title}</h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
