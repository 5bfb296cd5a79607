import { describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_TOKEN_HEADER } from '../constants.ts';
import { podcastFixture } from '../testing/podcast-fixture.ts';
import { ApiError } from './api-error.ts';
import type { ClientAuth, FetchFunction } from './http-client.ts';
import { createPagecastClient } from './pagecast-client.ts';

const podcast = podcastFixture();
const user = { email: 'ada@example.com', name: null, isPremium: false };

/** A server answering every request with `answer()`; answers the requests made. */
function serverAnswering(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn<FetchFunction>(async () => answer());
  const request = (i = 0) => {
    const [url, init] = fetch.mock.calls[i]!;
    return { url, init, headers: init.headers as Record<string, string> };
  };
  return { fetch, request };
}

function client(fetch: FetchFunction, auth: ClientAuth = { kind: 'bearer', token: () => 'tok-1' }, extra = {}) {
  return createPagecastClient({ baseUrl: 'http://localhost:8787/', auth, anonymousToken: () => 'anon-1234567890abcdef', fetch, ...extra });
}

describe('who the caller is', () => {
  it('bearer: the token and the anonymous token as headers, and no cookie', async () => {
    const server = serverAnswering(() => Response.json({ podcasts: [podcast] }));
    await expect(client(server.fetch).podcasts.list()).resolves.toEqual([podcast]);
    const { url, init, headers } = server.request();
    expect(url).toBe('http://localhost:8787/api/podcasts');
    expect(init).toMatchObject({ method: 'GET', credentials: 'omit' });
    expect(headers).toMatchObject({ Authorization: 'Bearer tok-1', [ANONYMOUS_TOKEN_HEADER]: 'anon-1234567890abcdef', Accept: 'application/json' });
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('cookie: the browser sends the cookie; a kept token goes along, none when there is none', async () => {
    const server = serverAnswering(() => Response.json({ podcasts: [] }));
    await client(server.fetch, { kind: 'cookie', token: () => 'tok-2' }).podcasts.list();
    await client(server.fetch, { kind: 'cookie' }).podcasts.list();
    expect(server.request(0).init.credentials).toBe('include');
    expect(server.request(0).headers.Authorization).toBe('Bearer tok-2');
    expect(server.request(1).headers.Authorization).toBeUndefined();
  });

  it('a sign-in never sends the older session token', async () => {
    const server = serverAnswering(() => Response.json({ success: true, user, token: 'new' }));
    await expect(client(server.fetch).auth.login({ email: 'ada@example.com', password: 'pw' })).resolves.toEqual({ user, token: 'new' });
    expect(server.request().headers.Authorization).toBeUndefined();
    expect(server.request().init.body).toBe('{"email":"ada@example.com","password":"pw"}');
  });

  it('sign-out can name the session to end', async () => {
    const server = serverAnswering(() => Response.json({ success: true }));
    await client(server.fetch).auth.logout({ token: 'old' });
    await client(server.fetch).auth.logout();
    await client(server.fetch).auth.logout({ token: null });
    expect(server.fetch.mock.calls.map(([, init]) => (init.headers as Record<string, string>).Authorization)).toEqual([
      'Bearer old',
      'Bearer tok-1',
      undefined,
    ]);
  });
});

describe('what is sent', () => {
  it('a PDF as a file: a form whose JSON names each file part, alone and among several sources; no file, JSON', async () => {
    const answer = { words: 10, estimatedSeconds: 4, language: 'en', title: 'Tides' };
    const server = serverAnswering(() => Response.json(answer));
    const pdf = new Blob(['%PDF-1.4 tides'], { type: 'application/pdf' });
    await client(server.fetch).podcasts.estimate({ file: { name: 'tides.pdf', data: pdf }, mode: 'read' });
    await client(server.fetch).podcasts.estimate({ sources: [{ url: 'https://example.com/a' }, { file: { name: 'b.pdf', data: pdf }, sourceUrl: 'https://example.com/b.pdf' }] });
    await client(server.fetch).podcasts.estimate({ url: 'https://example.com/a' });

    const one = server.request(0);
    expect(one.headers['Content-Type']).toBeUndefined();
    const form = one.init.body as FormData;
    expect(JSON.parse(form.get('request') as string)).toEqual({ file: { part: 'file0' }, mode: 'read' });
    const file = form.get('file0') as File;
    expect([file.name, await file.text()]).toEqual(['tides.pdf', '%PDF-1.4 tides']);
    const several = server.request(1).init.body as FormData;
    expect(JSON.parse(several.get('request') as string)).toEqual({
      sources: [{ url: 'https://example.com/a' }, { file: { part: 'file0' }, sourceUrl: 'https://example.com/b.pdf' }],
    });
    expect((several.get('file0') as File).name).toBe('b.pdf');
    expect(server.request(2).init.body).toBe('{"url":"https://example.com/a"}');
    expect(server.request(2).headers['Content-Type']).toBe('application/json');
  });

  it('JSON with its type, kept alive past the page when asked', async () => {
    const server = serverAnswering(() => Response.json({ success: true }));
    await client(server.fetch).podcasts.savePosition('p/1', 12.5, { keepalive: true });
    const { url, init, headers } = server.request();
    expect(url).toBe('http://localhost:8787/api/podcasts/p%2F1/position');
    expect(init).toMatchObject({ method: 'PUT', body: '{"positionSeconds":12.5}', keepalive: true });
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('a POST without a body still says JSON (the server refuses cookie POSTs that are not)', async () => {
    const server = serverAnswering(() => Response.json({ success: true, sessionId: 'pi_secret', subscriptionId: 'sub_1' }));
    await client(server.fetch, { kind: 'cookie' }).billing.createCheckout();
    expect(server.request().init).toMatchObject({ method: 'POST', body: undefined });
    expect(server.request().headers['Content-Type']).toBe('application/json');
  });

  it('the query of verify-session', async () => {
    const server = serverAnswering(() => Response.json({ success: true, user }));
    await expect(client(server.fetch).billing.verifySession('sub_1')).resolves.toEqual(user);
    expect(server.request().url).toBe('http://localhost:8787/api/stripe/verify-session?session_id=sub_1');
  });
});

describe('how it fails', () => {
  const refusal = (status: number, code: string, message: string) => () =>
    Response.json({ success: false, error: { code, message } }, { status });

  it("a refusal is an ApiError with the server's code, message and status", async () => {
    const server = serverAnswering(refusal(404, 'NOT_FOUND', 'Podcast not found'));
    const error = await client(server.fetch).podcasts.get('p9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'Podcast not found', status: 404 });
  });

  it('an answer without the promised shape is INVALID_RESPONSE, in the words of its endpoint', async () => {
    await expect(client(serverAnswering(() => Response.json({ podcasts: [{ id: 1 }] })).fetch).podcasts.list()).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Invalid server response',
    });
    await expect(client(serverAnswering(() => Response.json({})).fetch).billing.createCheckout()).rejects.toMatchObject({
      message: 'Invalid response from server',
    });
    await expect(client(serverAnswering(() => Response.json({ success: true })).fetch).billing.verifySession('s')).rejects.toMatchObject({
      message: 'Invalid verification response',
    });
  });

  it.each([
    ['login', 'Authentication failed (503)'],
    ['register', 'Registration failed (503)'],
  ] as const)('a %s refused without our error body reads %j', async (mode, message) => {
    const server = serverAnswering(() => new Response('<html>Service Unavailable</html>', { status: 503 }));
    await expect(client(server.fetch).auth[mode]({ email: 'a@b.c', password: 'pw' })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message,
      status: 503,
    });
  });

  it("a login refused with our body keeps the server's words", async () => {
    const server = serverAnswering(refusal(401, 'LOGIN_FAILED', 'Invalid email or password'));
    await expect(client(server.fetch).auth.login({ email: 'a@b.c', password: 'pw' })).rejects.toMatchObject({
      code: 'LOGIN_FAILED',
      message: 'Invalid email or password',
    });
  });

  it.each([
    ['without a token', { success: true, user }],
    ['with success false', { success: false, user, token: 't' }],
  ])('a sign-in success %s is INVALID_RESPONSE', async (_, body) => {
    await expect(client(serverAnswering(() => Response.json(body)).fetch).auth.login({ email: 'a@b.c', password: 'p' })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Invalid server response',
    });
  });

  it('no answer at all is NETWORK_ERROR with status 0', async () => {
    const server = serverAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client(server.fetch).podcasts.list()).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });

  it('an answer that never comes is NETWORK_ERROR after the timeout', async () => {
    const hanging: FetchFunction = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    await expect(client(hanging, undefined, { timeoutMs: 20 }).podcasts.list()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('a body that stops arriving is NETWORK_ERROR after the timeout', async () => {
    const stalled: FetchFunction = async (_url, init) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"podcasts":'));
            init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        }),
      );
    await expect(client(stalled, undefined, { timeoutMs: 20 }).podcasts.list()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it("the caller's own abort is not an ApiError", async () => {
    const hanging: FetchFunction = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const controller = new AbortController();
    const listing = client(hanging).podcasts.list({ signal: controller.signal });
    controller.abort();
    const error = await listing.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('tells who listens when a request with a session is refused as unauthenticated, and only then', async () => {
    const onSessionRejected = vi.fn();
    const server = serverAnswering(refusal(401, 'AUTH_REQUIRED', 'Authentication required'));
    await client(server.fetch, { kind: 'bearer', token: () => null }, { onSessionRejected }).auth.me().catch(() => {});
    expect(onSessionRejected).not.toHaveBeenCalled();
    await client(server.fetch, { kind: 'bearer', token: () => 'expired' }, { onSessionRejected }).auth.me().catch(() => {});
    expect(onSessionRejected).toHaveBeenCalledWith(expect.objectContaining({ code: 'AUTH_REQUIRED', status: 401 }), 'expired');
  });
});

describe('streams', () => {
  it('opens the event stream with its media type and answers it as it came', async () => {
    const server = serverAnswering(() => new Response('event: podcast\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } }));
    const res = await client(server.fetch).podcasts.openEvents('p1');
    expect(await res.text()).toBe('event: podcast\ndata: {}\n\n');
    expect(server.request().url).toBe('http://localhost:8787/api/podcasts/p1/events');
    expect(server.request().headers.Accept).toBe('text/event-stream');
  });

  it('a refused download is an ApiError', async () => {
    const server = serverAnswering(() =>
      Response.json({ success: false, error: { code: 'PREMIUM_REQUIRED', message: 'Upgrade to Premium to download podcasts' } }, { status: 403 }),
    );
    await expect(client(server.fetch).podcasts.download('p1')).rejects.toMatchObject({ code: 'PREMIUM_REQUIRED', status: 403 });
  });
});
