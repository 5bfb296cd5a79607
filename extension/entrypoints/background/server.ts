/**
 * Calls to the Pagecast server as the current reader: the saved address, the session's token and the
 * browser's anonymous token. A refused session is dropped here, once, for every caller.
 */
import { browser } from 'wxt/browser';
import { AUTH_MESSAGES } from '../../../shared/errors.ts';
import { apiRequest, type ApiContext, type ApiRequest } from '../../api-client.ts';
import { fail, ok, type Result } from '../../result.ts';
import { permissionPatternFor } from '../../server-address.ts';
import { anonymousTokenItem, serverUrlItem, sessionItem } from '../../storage.ts';

/** Codes the server answers a missing, expired or revoked session with. */
const SESSION_REFUSALS = new Set(['AUTH_REQUIRED', 'INVALID_TOKEN', 'AUTH_ERROR']);

/** Whom to call and as whom; refused when the address is outside the host permissions. */
export async function currentApi(options: { anonymous?: boolean } = {}): Promise<Result<ApiContext>> {
  const [serverUrl, session, anonymousToken] = await Promise.all([
    serverUrlItem.getValue(),
    sessionItem.getValue(),
    browserToken(),
  ]);
  const pattern = permissionPatternFor(serverUrl);
  if (pattern && !(await browser.permissions.contains({ origins: [pattern] }))) {
    return fail(
      'PERMISSION_REQUIRED',
      `Pagecast needs your permission to reach ${serverUrl}`,
      'Open Settings and save the server address again to allow it.',
    );
  }
  return ok({ serverUrl, token: options.anonymous ? null : (session?.token ?? null), anonymousToken });
}

/** This browser's anonymous token, made the first time it is needed. */
async function browserToken(): Promise<string> {
  const stored = await anonymousTokenItem.getValue();
  if (stored) return stored;
  const token = crypto.randomUUID();
  await anonymousTokenItem.setValue(token);
  return token;
}

/** One request as the current reader. A session the server refuses is signed out. */
export async function callServer<T>(path: string, request: ApiRequest<T>): Promise<Result<T>> {
  const api = await currentApi();
  if (!api.ok) return api;
  const result = await apiRequest(api.value, path, request);
  if (!result.ok && api.value.token && SESSION_REFUSALS.has(result.error.code)) {
    await dropSession(api.value.token);
    return fail(result.error.code, AUTH_MESSAGES.sessionExpired);
  }
  return result;
}

/** Forgets the session, unless another sign-in replaced it meanwhile. */
async function dropSession(token: string): Promise<void> {
  const session = await sessionItem.getValue();
  if (session?.token === token) await sessionItem.setValue(null);
}
