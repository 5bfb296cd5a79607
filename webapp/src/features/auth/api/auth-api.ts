/**
 * Signing in and out, with the errors the sign-in form shows: LOGIN_FAILED / REGISTRATION_FAILED
 * carry the server's message (or 'Authentication failed (401)' when it gave none), INVALID_RESPONSE a
 * success without user or token, NETWORK_ERROR a request that never reached the server.
 */
import type { Credentials, User } from '../../../../../shared/api/auth.ts';
import { isApiError } from '../../../../../shared/client/api-error.ts';
import { AUTH_MESSAGES } from '../../../../../shared/errors.ts';
import { pagecast } from '../../../lib/api-client.ts';

export type AuthMode = 'signIn' | 'register';
type AuthErrorCode = 'LOGIN_FAILED' | 'REGISTRATION_FAILED' | 'INVALID_RESPONSE' | 'NETWORK_ERROR' | 'LOGOUT_FAILED';

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    message: string,
    readonly code: AuthErrorCode,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The shared client's error as the form names it: a refusal is the failure of what was asked, with
 * the server's message, or `fallback` when the server sent no error body of ours.
 */
function toAuthError(err: unknown, failedCode: AuthErrorCode, fallback?: string): AuthError {
  if (!isApiError(err)) throw err;
  if (err.code === 'NETWORK_ERROR') return new AuthError(AUTH_MESSAGES.networkError, 'NETWORK_ERROR', 0);
  if (err.status < 400) return new AuthError(AUTH_MESSAGES.invalidResponse, 'INVALID_RESPONSE', err.status);
  const message = err.code === 'INVALID_RESPONSE' && fallback ? fallback : err.message;
  return new AuthError(message, failedCode, err.status);
}

/** Signs in or registers; answers the user and the session token. */
export async function submitCredentials(mode: AuthMode, credentials: Credentials): Promise<{ user: User; token: string }> {
  try {
    return mode === 'signIn' ? await pagecast.auth.login(credentials) : await pagecast.auth.register(credentials);
  } catch (err) {
    throw toAuthError(err, mode === 'signIn' ? 'LOGIN_FAILED' : 'REGISTRATION_FAILED');
  }
}

/** Revokes the session on the server. The token is passed in: by now it is gone from storage. */
export async function logoutOnServer(token: string | null): Promise<void> {
  try {
    await pagecast.auth.logout({ token });
  } catch (err) {
    throw toAuthError(err, 'LOGOUT_FAILED', AUTH_MESSAGES.logoutFailed);
  }
}
