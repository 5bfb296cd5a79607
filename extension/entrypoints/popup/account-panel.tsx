/** The signed-in member: who, which plan, the web app's profile, and signing out. */
import { useState } from 'react';
import { Crown, ExternalLink, LogOut } from 'lucide-react';
import { toast } from '../../../shared/ui/toast.tsx';
import type { User } from '../../../shared/api/auth.ts';
import { displayName } from '../../../shared/display-name.ts';
import { AUTH_TOASTS } from '../../../shared/errors.ts';
import { sendMessage, settle } from './hooks.ts';
import { Button } from './ui.tsx';

export function AccountPanel({ user, serverUrl, onSignedOut }: { user: User; serverUrl: string; onSignedOut: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = displayName(user);

  async function signOut() {
    setBusy(true);
    const result = await settle(sendMessage('signOut'));
    setBusy(false);
    setConfirming(false);
    // Signing out never waits for the server: the local session is gone either way.
    if (result.ok) toast.success(AUTH_TOASTS.signedOut);
    else toast.error(result.error.message || AUTH_TOASTS.signOutFallback);
    onSignedOut();
  }

  return (
    <div className="account">
      <div className="card account-card">
        <span className="avatar avatar-lg" aria-hidden>
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="account-who">
          <p className="account-name">{name}</p>
          <p className="muted account-email">{user.email}</p>
          <span className={`plan-badge${user.isPremium ? ' plan-premium' : ''}`}>
            {user.isPremium ? <Crown size={12} aria-hidden /> : null}
            {user.isPremium ? 'Premium Member' : 'Free Member'}
          </span>
        </div>
      </div>
      <a className="btn btn-secondary btn-block" href={`${serverUrl}/profile`} target="_blank" rel="noreferrer">
        <ExternalLink size={16} aria-hidden />
        <span>Open your profile</span>
      </a>
      {user.isPremium ? null : (
        <a className="btn btn-upgrade btn-block" href={`${serverUrl}/subscription/register`} target="_blank" rel="noreferrer">
          <Crown size={16} aria-hidden />
          <span>Upgrade to Premium</span>
        </a>
      )}
      <Button variant="ghost" className="btn-block btn-signout" icon={<LogOut size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        Sign Out
      </Button>
      {confirming ? (
        <div className="dialog-backdrop">
          <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="sign-out-title" aria-describedby="sign-out-text">
            <h2 id="sign-out-title">Sign Out</h2>
            <p id="sign-out-text">Are you sure you want to sign out?</p>
            <div className="dialog-actions">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy} autoFocus>
                Cancel
              </Button>
              <Button variant="danger" loading={busy} onClick={() => void signOut()}>
                Sign Out
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
