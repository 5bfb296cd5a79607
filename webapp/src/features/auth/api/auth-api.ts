/**
 * The auth calls of spec §7 and the errors of §8: LOGIN_FAILED / REGISTRATION_FAILED carry the
 * server's message (or 'Authentication failed (401)' when it gave none), INVALID_RESPONSE an answer
 * without success or user, NETWORK_ERROR a request that never reached the server.
 */
import { authResponseSchema, type Credentials, type User } from '../../../../../shared/api/auth.ts';
import { AUTH_MESSAGES, loginFailedMessage, registrationFailedMessage } from '../../../../../shared/errors.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export type AuthMode = 'signIn' | 'register';
export type AuthErrorCode = 'LOGIN_FAILED' | 'REGISTRATION_FAILED' | 'INVALID_RESPONSE' | 'NETWORK_ERROR' | 'LOGOUT_FAILED';

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

function toAuthError(err: unknown, failedCode: AuthErrorCode, fallback: (status: number) => string): AuthError {
  if (!(err instanceof ApiError)) throw err;
  if (err.code === 'NETWORK_ERROR') return new AuthError(AUTH_MESSAGES.networkError, 'NETWORK_ERROR', 0);
  // INVALID_RESPONSE on a failed status means the server sent no error body of ours.
  const serverMessage = err.code === 'INVALID_RESPONSE' ? null : err.message;
  return new AuthError(serverMessage || fallback(err.status), failedCode, err.status);
}

/** Signs in or registers; answers the user and the session token. */
export async function submitCredentials(mode: AuthMode, credentials: Credentials): Promise<{ user: User; token: string }> {
  const [path, code, fallback] =
    mode === 'signIn'
      ? (['/api/auth/login', 'LOGIN_FAILED', loginFailedMessage] as const)
      : (['/api/auth/register', 'REGISTRATION_FAILED', registrationFailedMessage] as const);
  let data: unknown;
  try {
    data = await apiRequest(path, { method: 'POST', body: credentials });
  } catch (err) {
    throw toAuthError(err, code, fallback);
  }
  const parsed = authResponseSchema.safeParse(data);
  if (!parsed.success || !parsed.data.success || !parsed.data.user || !parsed.data.token) {
    throw new AuthError(AUTH_MESSAGES.invalidResponse, 'INVALID_RESPONSE', 200);
  }
  return { user: parsed.data.user, token: parsed.data.token };
}

/** Revokes the session on the server. The token is passed in: by now it is gone from storage. */
export async function logoutOnServer(token: string | null): Promise<void> {
  try {
    await apiRequest('/api/auth/logout', {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (err) {
    throw toAuthError(err, 'LOGOUT_FAILED', () => AUTH_MESSAGES.logoutFailed);
  }
}

/** The signed-in member as the server sees them now (Premium may have changed). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const data = await apiRequest('/api/auth/me', { schema: authResponseSchema, signal });
  if (!data.success || !data.user) throw new AuthError(AUTH_MESSAGES.invalidResponse, 'INVALID_RESPONSE', 200);
  return data.user;
}
