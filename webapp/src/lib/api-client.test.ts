import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_TOKEN_HEADER } from '../../../shared/constants.ts';
import { apiFetch, ApiError, apiRequest, onSessionRejected } from './api-client.ts';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function stubFetch(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentHeaders = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;

describe('apiFetch', () => {
  it("carries the member's token and this browser's anonymous token, and answers a stream as it came", async () => {
    localStorage.setItem('auth-token', 'tok-1');
    const fetchMock = stubFetch(() => new Response('event: podcast\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
    const res = await apiFetch('/api/podcasts/1/events', { accept: 'text/event-stream' });
    expect(await res.text()).toBe('event: podcast\ndata: {}\n\n');
    const headers = sentHeaders(fetchMock);
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers[ANONYMOUS_TOKEN_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('include');
  });

  it("turns a refusal into an ApiError with the server's message and code", async () => {
    stubFetch(() =>
      Response.json({ success: false, error: { code: 'PREMIUM_REQUIRED', message: 'Upgrade to Premium to download podcasts' } }, { status: 403 }),
    );
    const error = await apiFetch('/api/podcasts/1/download', { accept: 'audio/mpeg' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'PREMIUM_REQUIRED', message: 'Upgrade to Premium to download podcasts' });
  });

  it('says the server failed when a 5xx answer has no body of ours', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/feed')).rejects.toMatchObject({ status: 502, code: 'INVALID_RESPONSE', message: 'Server error occurred. Please try again later.' });
  });

  it('says the network failed when the request never arrived', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiFetch('/api/feed')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('tells the session listeners when a stored token is refused, and only then', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    const unauthorized = () => Response.json({ success: false, error: { code: 'AUTH_REQUIRED', message: 'Authentication required' } }, { status: 401 });
    stubFetch(unauthorized);
    await apiFetch('/api/podcasts').catch(() => {});
    expect(listener).not.toHaveBeenCalled();
    localStorage.setItem('auth-token', 'expired');
    await apiFetch('/api/podcasts').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('apiRequest', () => {
  it('sends JSON, and keeps the request alive past the page when asked', async () => {
    const fetchMock = stubFetch(() => Response.json({ success: true }));
    await apiRequest('/api/podcasts/1/position', { method: 'PUT', body: { positionSeconds: 12 }, keepalive: true });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"positionSeconds":12}');
    expect(init.keepalive).toBe(true);
    expect(sentHeaders(fetchMock)['Content-Type']).toBe('application/json');
  });
});
