/**
 * The header's account control. Signed out: the Sign In dropdown. Signed in: the display
 * name, which opens /profile, and the sign-out icon, which asks for confirmation first.
 */
import { useState } from 'react';
import { Crown, LogOut } from 'lucide-react';
import { displayName } from '../../../../../shared/display-name.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useSessionUser } from '../../../lib/session.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';
import { SignInDropdown } from './sign-in-dropdown.tsx';
import { SignOutDialog } from './sign-out-dialog.tsx';

export function AccountMenu() {
  const user = useSessionUser();
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);

  if (!user) return <SignInDropdown />;

  const name = displayName(user);
  const initial = name.charAt(0).toUpperCase();
  return (
    <div className="flex items-center gap-2">
      <ButtonLink to="/profile" variant="ghost" className="max-w-[14rem] pl-1.5" title="Your profile">
        <span
          aria-hidden
          className="relative flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-700"
        >
          {initial}
          {user.isPremium && (
            <Crown size={12} className="absolute -top-1.5 -right-1.5 rounded-full bg-amber-400 p-0.5 text-white" />
          )}
        </span>
        <span className="truncate">{name}</span>
      </ButtonLink>
      <button
        type="button"
        aria-label="Sign out"
        title="Sign out"
        onClick={() => setConfirming(true)}
        className="rounded-lg p-2 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
      >
        <LogOut aria-hidden size={18} />
      </button>
      <SignOutDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          signOut();
        }}
      />
    </div>
  );
}
