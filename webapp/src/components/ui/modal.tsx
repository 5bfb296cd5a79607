/**
 * A modal dialog on the native <dialog>: the browser traps focus, closes it on Escape, makes the page
 * behind it inert and gives focus back to the button that opened it. A click on the backdrop closes
 * it too.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'lg';
}

export function Modal({ open, onClose, title, children, footer, size = 'lg' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // The dialog box fills the element, so a click whose target is the element itself landed on
        // the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'sm' ? 'max-w-md' : 'max-w-2xl'} max-h-[85vh] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm open:flex open:flex-col`}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X aria-hidden size={20} />
        </button>
      </div>
      {/* Focusable, so a long body (a transcript) scrolls with the keyboard too. */}
      <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-6 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500">
        {children}
      </div>
      {footer && <div className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4">{footer}</div>}
    </dialog>
  );
}
