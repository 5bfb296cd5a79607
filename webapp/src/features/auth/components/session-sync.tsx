/**
 * Keeps the stored session honest: asks the server who is signed in (Premium may have changed, the
 * session may have expired or been revoked) on load, on sign-in and when the window regains focus;
 * signs the member out with 'Your session has expired. Please sign in again.' when the server refuses
 * the token; follows sign-ins and sign-outs made in other tabs; and resends a sign-out that could not
 * reach the server.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { STORAGE_KEYS } from '../../../../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../../../../shared/errors.ts';
import { ApiError } from '../../../../../shared/client/api-error.ts';
import { onSessionRejected, pagecast } from '../../../lib/api-client.ts';
import { clearSession, getSession, setSessionUser, useAuthStore } from '../../../lib/session.ts';
import { retryPendingLogout } from '../api/pending-logout.ts';

export function SessionSync() {
  useEffect(
    () =>
      onSessionRejected(() => {
        if (!getSession().token) return;
        clearSession();
        toast.error(AUTH_MESSAGES.sessionExpired, { id: 'session-expired' });
      }),
    [],
  );

  const token = useAuthStore((s) => s.token);
  const member = useQuery({
    queryKey: ['session', 'member', token],
    queryFn: ({ signal }) => pagecast.auth.me({ signal }),
    enabled: token !== null,
  });
  useEffect(() => {
    if (member.data) setSessionUser(member.data);
  }, [member.data]);
  useEffect(() => {
    // A refused token was handled by onSessionRejected; anything else leaves the session as is.
    const err = member.error;
    if (err && !(err instanceof ApiError && err.status === 401)) console.warn('Could not refresh the signed-in member', err);
  }, [member.error]);

  useEffect(() => {
    void retryPendingLogout();
    const retry = () => void retryPendingLogout();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || event.key !== STORAGE_KEYS.authStorage) return;
      if (event.newValue !== null) {
        void useAuthStore.persist.rehydrate();
        return;
      }
      // Signed out in another tab: follow, without writing the cleared state back to storage.
      useAuthStore.setState({ user: null, token: null });
      useAuthStore.persist.clearStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
}
