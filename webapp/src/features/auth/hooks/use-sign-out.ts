import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { AUTH_TOASTS } from '../../../../../shared/errors.ts';
import { clearSession, getSession } from '../../../lib/session.ts';
import { revokeOnServer } from '../api/pending-logout.ts';

/**
 * Sign-out: the session is cleared here first, so it succeeds whatever the server or the
 * network does; the server is told afterwards (and again later if it could not be reached).
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { token } = getSession();
    let cleared = true;
    try {
      clearSession();
    } catch (err) {
      cleared = false;
      console.error('Clearing the stored session failed', err);
      toast.error(AUTH_TOASTS.signOutFallback);
    }
    void navigate('/');
    if (cleared) toast.success(AUTH_TOASTS.signedOut);
    void revokeOnServer(token);
  }, [navigate]);
}
