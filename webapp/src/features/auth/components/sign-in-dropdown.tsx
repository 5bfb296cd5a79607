/**
 * The header's 'Sign In' button and the panel with the form. The panel closes on a click
 * or touch outside it and on Escape, which gives focus back to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { LogIn } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { SignInForm } from './sign-in-form.tsx';

export function SignInDropdown() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLInputElement>('[data-autofocus]')?.focus();
    // pointerdown covers the mouse, touch and pen, and fires before focus moves.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={buttonClasses(open ? 'secondary' : 'outline', 'md', 'w-full sm:w-auto')}
      >
        <LogIn aria-hidden size={16} />
        Sign In
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className="absolute right-0 z-40 mt-2 w-[min(20rem,calc(100vw-2rem))] origin-top-right rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-900/10"
        >
          <SignInForm onSignedIn={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
