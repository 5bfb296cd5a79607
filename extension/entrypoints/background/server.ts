/**
 * Calls to the Pagecast server as the current reader: the saved address, the session's token and the
 * browser's anonymous token. A refused session is dropped here, once, for every caller.
 */
import { browser } from 'wxt/browser';
import type { Capabilities } from '../../../shared/api/capabilities.ts';
import type { PagecastClient } from '../../../shared/client/pagecast-client.ts';
import { AUTH_MESSAGES } from '../../../shared/errors.ts';
import { clientFor, failure, type Reader } from '../../api-client.ts';
import { fail, ok, type Result } from '../../result.ts';
import { permissionPatternFor } from '../../server-address.ts';
import { anonymousTokenItem, serverUrlItem, sessionItem } from '../../storage.ts';

/** The current reader; refused when the server address is outside the host permissions. */
export async function currentReader(): Promise<Result<Reader>> {
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
  return ok({ serverUrl, token: session?.token ?? null, anonymousToken });
}

/** This browser's anonymous token, made the first time it is needed. */
async function browserToken(): Promise<string> {
  const stored = await anonymousTokenItem.getValue();
  if (stored) return stored;
  const token = crypto.randomUUID();
  await anonymousTokenItem.setValue(token);
  return token;
}

/**
 * One call as the current reader, its failure as data. A session the server refuses is signed out
 * and the failure says the session expired.
 */
export async function callServer<T>(call: (client: PagecastClient) => Promise<T>): Promise<Result<T>> {
  const reader = await currentReader();
  if (!reader.ok) return reader;
  let rejected = null as string | null;
  const client = clientFor(reader.value, (token) => (rejected = token));
  try {
    return ok(await call(client));
  } catch (err) {
    const result = failure<T>(err, reader.value.serverUrl);
    if (rejected !== null && !result.ok) {
      await dropSession(rejected);
      return fail(result.error.code, AUTH_MESSAGES.sessionExpired);
    }
    return result;
  }
}

/** Forgets the session, unless another sign-in replaced it meanwhile. */
export async function dropSession(token: string): Promise<void> {
  const session = await sessionItem.getValue();
  if (session?.token === token) await sessionItem.setValue(null);
}

/** What the server can make (an AI writer or not, its default mode), for the popup's mode choice. */
export function serverCapabilities(): Promise<Result<Capabilities>> {
  return callServer((client) => client.server.capabilities());
}
