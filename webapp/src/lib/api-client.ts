/**
 * The web app's instance of the shared Pagecast client. It calls the page's own server, sends the
 * session cookie and, when one is stored, the bearer token, and sends this browser's anonymous token
 * so podcasts made before signing in can move into the account.
 */
import type { ApiError } from '../../../shared/client/api-error.ts';
import { createPagecastClient } from '../../../shared/client/pagecast-client.ts';
import { STORAGE_KEYS } from '../../../shared/constants.ts';

const ANONYMOUS_TOKEN_KEY = 'pagecast-anonymous-token';

/** A random token that ties this browser's anonymous podcasts together. */
function anonymousToken(): string {
  let token = localStorage.getItem(ANONYMOUS_TOKEN_KEY);
  if (!token) {
    token = crypto.randomUUID();
    localStorage.setItem(ANONYMOUS_TOKEN_KEY, token);
  }
  return token;
}

type Listener = (error: ApiError) => void;
const sessionRejectedListeners = new Set<Listener>();

/** Called when a request that carried a session is refused as unauthenticated (expired or revoked). */
export function onSessionRejected(listener: Listener): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

export const pagecast = createPagecastClient({
  auth: { kind: 'cookie', token: () => localStorage.getItem(STORAGE_KEYS.authToken) },
  anonymousToken,
  onSessionRejected: (error) => {
    for (const listener of sessionRejectedListeners) listener(error);
  },
});
