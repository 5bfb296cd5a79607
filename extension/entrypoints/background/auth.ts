/**
 * Signing in, out and checking the session, with the web app's accounts and messages. Fields are
 * checked here before anything is sent, as the web app's form does. Signed out here while signed in
 * on the web app at the same server in this browser, the extension takes up the web app's session
 * (its cookie, which the `cookies` permission lets the extension read for the server's address);
 * a web page cannot read the extension's storage, so the other way round stays a second sign-in.
 */
import { browser } from 'wxt/browser';
import type { User } from '../../../shared/api/auth.ts';
import { AUTH_COOKIE, MIN_PASSWORD_LENGTH } from '../../../shared/constants.ts';
import { clientFor } from '../../api-client.ts';
import { passwordTooShort, validateCredentialsFields } from '../../../shared/validation.ts';
import type { SignInRequest } from '../../messaging.ts';
import { fail, ok, type Result } from '../../result.ts';
import { creationItem, declinedWebSessionItem, recentPodcastsItem, sessionItem } from '../../storage.ts';
import { stopPlayback } from './playback.ts';
import { listPodcasts } from './podcast-list.ts';
import { callServer, currentReader } from './server.ts';

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
  // Signed out here on purpose: the web app's session is not taken up again.
  const reader = await currentReader();
  if (reader.ok) await declinedWebSessionItem.setValue(await webAppToken(reader.value.serverUrl));
  await Promise.all([recentPodcastsItem.setValue([]), creationItem.setValue(null), stopPlayback()]);
  if (!session) return ok({ serverConfirmed: false });
  const answer = await callServer((client) => client.auth.logout({ token: session.token }));
  if (!answer.ok) console.warn('[pagecast] the server did not confirm the sign-out', answer.error);
  return ok({ serverConfirmed: answer.ok });
}

/** Who the session belongs to now (a member may have upgraded since); null when signed out. */
export async function refreshSession(): Promise<Result<User | null>> {
  const session = await sessionItem.getValue();
  if (!session) return ok(await takeUpWebAppSession());
  const answer = await callServer((client) => client.auth.me());
  if (!answer.ok) return answer;
  const current = await sessionItem.getValue();
  if (current?.token === session.token) await sessionItem.setValue({ ...current, user: answer.value });
  return ok(answer.value);
}

/** The web app's session token at `serverUrl` in this browser, when the extension may read it. */
async function webAppToken(serverUrl: string): Promise<string | null> {
  try {
    const cookie = await browser.cookies?.get({ url: serverUrl, name: AUTH_COOKIE.name });
    return cookie?.value || null;
  } catch {
    return null;
  }
}

/** Signs in here with the web app's session, when there is one the reader did not sign out of here. */
async function takeUpWebAppSession(): Promise<User | null> {
  const reader = await currentReader();
  if (!reader.ok || reader.value.token) return null;
  const token = await webAppToken(reader.value.serverUrl);
  if (!token || token === (await declinedWebSessionItem.getValue())) return null;
  let user: User;
  try {
    user = await clientFor({ ...reader.value, token }).auth.me();
  } catch {
    return null; // expired or revoked: the reader signs in here
  }
  if (await sessionItem.getValue()) return null; // signed in here meanwhile
  await sessionItem.setValue({ token, user });
  await recentPodcastsItem.setValue([]);
  void listPodcasts();
  return user;
}
