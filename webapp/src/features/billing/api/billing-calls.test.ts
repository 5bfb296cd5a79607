import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '../../../../../shared/errors.ts';
import { pagecast } from '../../../lib/api-client.ts';

const { createCheckout, verifySession } = pagecast.billing;

/** The server answering every request with this status and body; answers the requests made. */
function serverAnswers(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createCheckout', () => {
  it('posts with no body and answers the client secret and the subscription to verify', async () => {
    const fetchMock = serverAnswers(200, { success: true, sessionId: 'pi_1_secret_2', subscriptionId: 'sub_1' });
    await expect(createCheckout()).resolves.toEqual({ success: true, sessionId: 'pi_1_secret_2', subscriptionId: 'sub_1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/stripe/create-checkout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it.each([
    ['without a sessionId', { success: true, subscriptionId: 'sub_1' }],
    ['with success false', { success: false, sessionId: 'pi_1_secret_2', subscriptionId: 'sub_1' }],
    ['empty', {}],
  ])('refuses an answer %s with "Invalid response from server"', async (_name, body) => {
    serverAnswers(200, body);
    await expect(createCheckout()).rejects.toThrow(PAYMENT_MESSAGES.invalidResponse);
  });

  it("passes the server's refusal on", async () => {
    serverAnswers(401, { success: false, error: { code: 'AUTH_REQUIRED', message: PAYMENT_MESSAGES.signInToUpgrade } });
    await expect(createCheckout()).rejects.toThrow(PAYMENT_MESSAGES.signInToUpgrade);
  });
});

describe('verifySession', () => {
  it('asks for the session given and answers the member', async () => {
    const fetchMock = serverAnswers(200, { success: true, user: { email: 'a@example.com', isPremium: true } });
    await expect(verifySession('sub_1')).resolves.toMatchObject({ email: 'a@example.com', isPremium: true });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/stripe/verify-session?session_id=sub_1');
  });

  it.each([
    ['without a user', { success: true }],
    ['with success false', { success: false, user: { email: 'a@example.com', isPremium: true } }],
  ])('refuses an answer %s with "Invalid verification response"', async (_name, body) => {
    serverAnswers(200, body);
    await expect(verifySession('sub_1')).rejects.toThrow(PAYMENT_MESSAGES.invalidVerification);
  });
});
