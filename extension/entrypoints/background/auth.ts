/**
 * Signing in, out and checking the session, with the web app's accounts and messages. Fields are
 * checked here before anything is sent, as the web app's form does.
 */
import type { User } from '../../../shared/api/auth.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.ts';
import { passwordTooShort, validateCredentialsFields } from '../../../shared/validation.ts';
import type { SignInRequest } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { creationItem, recentPodcastsItem, sessionItem } from '../../storage.ts';
import { stopPlayback } from './playback.ts';
import { listPodcasts } from './podcast-list.ts';
import { callServer } from './server.ts';

export async function signIn({ mode, email, password }: SignInRequest): Promise<Result<User>> {
  const problem = validateCredentialsFields(email, password);
  if (problem) return fail('VALIDATION_ERROR', problem);
  if (mode === 'register' && passwordTooShort(password)) {
    return fail('VALIDATION_ERROR', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const answer = await callServer((client) => client.auth[mode]({ email: email.trim(), password }));
  if (!answer.ok) return answer;
  const { user, token } = answer.value;

  await sessionItem.setValue({ token, user });
  // The podcasts made here before signing in have just moved into the account.
  await recentPodcastsItem.setValue([]);
  void listPodcasts();
  return ok(user);
}

/**
 * Signs out here first, then tells the server: the local session goes even when the server or the
 * network fails.
 */
export async function signOut(): Promise<Result<{ serverConfirmed: boolean }>> {
  const session = await sessionItem.getValue();
  await sessionItem.setValue(null);
  await Promise.all([recentPodcastsItem.setValue([]), creationItem.setValue(null), stopPlayback()]);
  if (!session) return ok({ serverConfirmed: false });
  const answer = await callServer((client) => client.auth.logout({ token: session.token }));
  if (!answer.ok) console.warn('[pagecast] the server did not confirm the sign-out', answer.error);
  return ok({ serverConfirmed: answer.ok });
}

/** Who the session belongs to now (a member may have upgraded since); null when signed out. */
export async function refreshSession(): Promise<Result<User | null>> {
  const session = await sessionItem.getValue();
  if (!session) return ok(null);
  const answer = await callServer((client) => client.auth.me());
  if (!answer.ok) return answer;
  const current = await sessionItem.getValue();
  if (current?.token === session.token) await sessionItem.setValue({ ...current, user: answer.value });
  return ok(answer.value);
}
