import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/client/api-error.ts';
import { ANONYMOUS_TOKEN_HEADER } from '../../../shared/constants.ts';
import { onSessionRejected, pagecast } from './api-client.ts';

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

describe("the web app's client", () => {
  it("carries the member's token, this browser's anonymous token and the cookie, and answers a stream as it came", async () => {
    localStorage.setItem('auth-token', 'tok-1');
    const fetchMock = stubFetch(() => new Response('event: podcast\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
    const res = await pagecast.podcasts.openEvents('1');
    expect(await res.text()).toBe('event: podcast\ndata: {}\n\n');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/podcasts/1/events');
    const headers = sentHeaders(fetchMock);
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.Accept).toBe('text/event-stream');
    expect(headers[ANONYMOUS_TOKEN_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('include');
  });

  it('keeps the same anonymous token for every request of this browser', async () => {
    const fetchMock = stubFetch(() => Response.json({ podcasts: [] }));
    await pagecast.podcasts.list();
    await pagecast.podcasts.list();
    const [first, second] = fetchMock.mock.calls.map((call) => (call[1]!.headers as Record<string, string>)[ANONYMOUS_TOKEN_HEADER]);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it("turns a refusal into an ApiError with the server's message and code", async () => {
    stubFetch(() =>
      Response.json({ success: false, error: { code: 'PREMIUM_REQUIRED', message: 'Upgrade to Premium to download podcasts' } }, { status: 403 }),
    );
    const error = await pagecast.podcasts.download('1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'PREMIUM_REQUIRED', message: 'Upgrade to Premium to download podcasts' });
  });

  it('says the server failed when a 5xx answer has no body of ours', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(pagecast.feed.get()).rejects.toMatchObject({ status: 502, code: 'INVALID_RESPONSE', message: 'Server error occurred. Please try again later.' });
  });

  it('says the network failed when the request never arrived', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(pagecast.feed.get()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('tells the session listeners when a stored token is refused, and only then', async () => {
    const listener = vi.fn();
    const stop = onSessionRejected(listener);
    const unauthorized = () => Response.json({ success: false, error: { code: 'AUTH_REQUIRED', message: 'Authentication required' } }, { status: 401 });
    stubFetch(unauthorized);
    await pagecast.podcasts.list().catch(() => {});
    expect(listener).not.toHaveBeenCalled();
    localStorage.setItem('auth-token', 'expired');
    await pagecast.podcasts.list().catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends JSON, and keeps the request alive past the page when asked', async () => {
    const fetchMock = stubFetch(() => Response.json({ success: true }));
    await pagecast.podcasts.savePosition('1', 12, { keepalive: true });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/podcasts/1/position');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"positionSeconds":12}');
    expect(init.keepalive).toBe(true);
    expect(sentHeaders(fetchMock)['Content-Type']).toBe('application/json');
  });
});
