/**
 * Requests apiRequest cannot make because their answer is not JSON: the progress stream and the MP3
 * download. They carry the same identity as every API call (the session token when one is stored,
 * the anonymous browser token) and turn a refusal into the same ApiError.
 */
import { errorBodySchema } from '../../../../../shared/api/error.ts';
import { ANONYMOUS_TOKEN_HEADER, STORAGE_KEYS } from '../../../../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../../../../shared/errors.ts';
import { anonymousToken, ApiError } from '../../../lib/api-client.ts';

export async function rawRequest(path: string, accept: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept, [ANONYMOUS_TOKEN_HEADER]: anonymousToken() };
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers, credentials: 'include', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(AUTH_MESSAGES.network, 0, 'NETWORK_ERROR');
  }
  if (res.ok) return res;
  const parsed = errorBodySchema.safeParse(await res.json().catch(() => undefined));
  throw parsed.success
    ? new ApiError(parsed.data.error.message, res.status, parsed.data.error.code)
    : new ApiError(res.status >= 500 ? AUTH_MESSAGES.server : `Request failed (${res.status})`, res.status, 'INVALID_RESPONSE');
}
