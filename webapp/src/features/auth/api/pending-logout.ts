/**
 * Sign-out never waits for the server, but a session the server did not hear about stays
 * valid, and the HttpOnly cookie, which the page cannot delete, would still carry it. So a logout
 * that failed is remembered, with its token, and sent again on the next visit or when the browser
 * comes back online. The token names the old session only: a newer sign-in is left alone.
 */
import { AuthError, logoutOnServer } from './auth-api.ts';

const PENDING_LOGOUT_KEY = 'pagecast-pending-logout';

/** Tells the server about the sign-out; on failure keeps it for later. */
export async function revokeOnServer(token: string | null): Promise<boolean> {
  try {
    await logoutOnServer(token);
    return true;
  } catch (err) {
    console.warn('Sign-out could not reach the server; it will be retried', err);
    if (token && worthRetrying(err)) localStorage.setItem(PENDING_LOGOUT_KEY, token);
    return false;
  }
}

/** The network or the server failed; a refusal (4xx) would only be refused again. */
function worthRetrying(err: unknown): boolean {
  return !(err instanceof AuthError) || err.code === 'NETWORK_ERROR' || err.status >= 500;
}

let retrying: Promise<void> | null = null;

/** Sends a remembered sign-out again, once at a time. */
export function retryPendingLogout(): Promise<void> {
  const token = localStorage.getItem(PENDING_LOGOUT_KEY);
  if (!token || retrying) return retrying ?? Promise.resolve();
  retrying = logoutOnServer(token)
    .then(
      () => true,
      (err: unknown) => {
        console.warn('A pending sign-out failed again', err);
        return !worthRetrying(err);
      },
    )
    .then((settled) => {
      if (settled && localStorage.getItem(PENDING_LOGOUT_KEY) === token) localStorage.removeItem(PENDING_LOGOUT_KEY);
    })
    .finally(() => {
      retrying = null;
    });
  return retrying;
}
