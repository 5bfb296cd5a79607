/**
 * Signing in, out and checking the session, with the web app's accounts and messages (spec §4, §8).
 */
import { authResponseSchema, type User } from '../../../shared/api/auth.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.ts';
import {
  AUTH_MESSAGES,
  loginFailedMessage,
  registrationFailedMessage,
} from '../../../shared/errors.ts';
import { passwordTooShort, validateCredentialsFields } from '../../../shared/validation.ts';
import { apiRequest } from '../../api-client.ts';
import type { SignInRequest } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { creationItem, recentPodcastsItem, sessionItem } from '../../storage.ts';
import { stopPlayback } from './playback.ts';
import { listPodcasts } from './podcast-list.ts';
import { callServer, currentApi } from './server.ts';

export async function signIn({ mode, email, password }: SignInRequest): Promise<Result<User>> {
  const problem = validateCredentialsFields(email, password);
  if (problem) return fail('VALIDATION_ERROR', problem);
  if (mode === 'register' && passwordTooShort(password)) {
    return fail('VALIDATION_ERROR', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  // A new sign-in never sends an older session's token.
  const api = await currentApi({ anonymous: true });
  if (!api.ok) return api;
  const answer = await apiRequest(api.value, `/api/auth/${mode}`, {
    method: 'POST',
    body: { email: email.trim(), password },
    schema: authResponseSchema,
    fallbackMessage: mode === 'login' ? loginFailedMessage : registrationFailedMessage,
  });
  if (!answer.ok) return answer;
  const { success, user, token } = answer.value;
  if (!success || !user || !token) return fail('INVALID_RESPONSE', AUTH_MESSAGES.invalidResponse);

  await sessionItem.setValue({ token, user });
  // The podcasts made here before signing in have just moved into the account.
  await recentPodcastsItem.setValue([]);
  void listPodcasts();
  return ok(user);
}

/**
 * Signs out here first, then tells the server: the local session goes even when the server or the
 * network fails (spec §4).
 */
export async function signOut(): Promise<Result<{ serverConfirmed: boolean }>> {
  const api = await currentApi();
  await sessionItem.setValue(null);
  await Promise.all([recentPodcastsItem.setValue([]), creationItem.setValue(null), stopPlayback()]);
  if (!api.ok || !api.value.token) return ok({ serverConfirmed: false });
  const answer = await apiRequest(api.value, '/api/auth/logout', {
    method: 'POST',
    schema: authResponseSchema.pick({ success: true }),
  });
  if (!answer.ok) console.warn('[pagecast] the server did not confirm the sign-out', answer.error);
  return ok({ serverConfirmed: answer.ok && answer.value.success });
}

/** Who the session belongs to now (a member may have upgraded since); null when signed out. */
export async function refreshSession(): Promise<Result<User | null>> {
  const session = await sessionItem.getValue();
  if (!session) return ok(null);
  const answer = await callServer('/api/auth/me', { schema: authResponseSchema });
  if (!answer.ok) return answer;
  const { user } = answer.value;
  if (!user) return fail('INVALID_RESPONSE', AUTH_MESSAGES.invalidResponse);
  const current = await sessionItem.getValue();
  if (current?.token === session.token) await sessionItem.setValue({ ...current, user });
  return ok(user);
}
