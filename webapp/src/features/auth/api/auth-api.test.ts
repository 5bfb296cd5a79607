import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitCredentials } from './auth-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(text, { status, headers: { 'Content-Type': 'application/json' } })));
}

const credentials = { email: 'ada@example.com', password: 'secret-password' };

describe('submitCredentials', () => {
  it('answers the user and token of a successful sign-in', async () => {
    answer(200, { success: true, user: { email: 'ada@example.com', name: null, isPremium: true }, token: 'tok' });
    await expect(submitCredentials('signIn', credentials)).resolves.toEqual({
      user: { email: 'ada@example.com', name: null, isPremium: true },
      token: 'tok',
    });
  });

  it.each([
    ['signIn', 401, { success: false, error: { code: 'LOGIN_FAILED', message: 'Invalid email or password' } }, 'LOGIN_FAILED', 'Invalid email or password'],
    ['register', 409, { success: false, error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists' } }, 'REGISTRATION_FAILED', 'An account with this email already exists'],
    ['signIn', 502, '<html>Bad gateway</html>', 'LOGIN_FAILED', 'Authentication failed (502)'],
    ['register', 503, 'busy', 'REGISTRATION_FAILED', 'Registration failed (503)'],
    ['signIn', 200, { success: true, token: 'tok' }, 'INVALID_RESPONSE', 'Invalid server response'],
    ['register', 201, { success: false, user: { email: 'a@b.c', isPremium: false } }, 'INVALID_RESPONSE', 'Invalid server response'],
  ] as const)('%s answered %i gives %s: %s', async (mode, status, body, code, message) => {
    answer(status, body);
    await expect(submitCredentials(mode, credentials)).rejects.toMatchObject({ name: 'AuthError', code, message });
  });

  it("says 'Network error - please check your connection' when the server cannot be reached", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(submitCredentials('signIn', credentials)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Network error - please check your connection',
    });
  });
});
