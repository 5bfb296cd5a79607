import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Crown, Menu, X } from 'lucide-react';
import { useBillingConfig } from '../../lib/billing-config.ts';
import { useSessionUser } from '../../lib/session.ts';
import { Logo } from './logo.tsx';

/**
 * The header: logo, the upgrade button and the account control (the app passes the auth
 * feature's); below the small breakpoint a menu toggle reveals the last two. 'Upgrade to Premium'
 * hides for Premium members, and for everyone on a server without billing.
 */
export function Header({ accountControl, showUpgrade }: { accountControl?: ReactNode; showUpgrade?: boolean }) {
  const user = useSessionUser();
  const billing = useBillingConfig();
  const upgrade = showUpgrade ?? (billing.enabled && user?.isPremium !== true);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  const actions = (
    <>
      {upgrade && (
        <Link
          to="/subscription/register"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-brand-600 to-purple-600 px-4 py-2 text-center text-sm font-semibold text-white shadow-sm transition hover:from-brand-700 hover:to-purple-700"
        >
          <Crown aria-hidden size={16} />
          Upgrade to Premium
        </Link>
      )}
      {accountControl}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo />
        <nav aria-label="Account" className="hidden items-center gap-3 sm:flex">
          {actions}
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 sm:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden size={22} /> : <Menu aria-hidden size={22} />}
        </button>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="flex flex-col gap-3 border-t border-slate-200 px-4 py-4 sm:hidden">
          {actions}
        </nav>
      )}
    </header>
  );
}
