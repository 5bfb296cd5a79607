import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, setSession, setSessionUser, useAuthStore } from './session.ts';
import { DOM_SAFETY_NET_MS } from '../../../shared/testing/safety-net.ts';

const user = { name: 'Ada', email: 'ada@example.com', isPremium: false };

afterEach(() => {
  clearSession();
  localStorage.clear();
});

describe('the session store', () => {
  it("keeps the user and token under 'auth-storage' and the token under 'auth-token'", () => {
    setSession(user, 'tok-1');
    expect(localStorage.getItem('auth-token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toEqual({ user, token: 'tok-1' });
  });

  it('restores a stored session on load (a reload keeps the member signed in)', async () => {
    setSession(user, 'tok-2');
    useAuthStore.setState({ user: null, token: null }, false);
    localStorage.setItem('auth-storage', JSON.stringify({ state: { user, token: 'tok-2' }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(getSession()).toEqual({ user, token: 'tok-2' });
  });

  it('ignores stored data that is not a session', async () => {
    localStorage.setItem('auth-storage', JSON.stringify({ state: { user: { email: 42 }, token: 'x' }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(getSession()).toEqual({ user: null, token: null });
  });

  it('signs out a stored member the user schema refuses, once the schema has loaded', async () => {
    localStorage.setItem('auth-storage', JSON.stringify({ state: { user: { ...user, subscription: 'yes' }, token: 'x' }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    await expect.poll(() => getSession(), { timeout: DOM_SAFETY_NET_MS }).toEqual({ user: null, token: null });
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });

  it('keeps a stored member as the user schema reads it (fields it does not know dropped)', async () => {
    localStorage.setItem('auth-storage', JSON.stringify({ state: { user: { ...user, stray: 1 }, token: 'tok-5' }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    await expect.poll(() => getSession(), { timeout: DOM_SAFETY_NET_MS }).toEqual({ user, token: 'tok-5' });
  });

  it('sign-out clears the user, the token, the stored auth data and session storage', () => {
    setSession(user, 'tok-3');
    sessionStorage.setItem('draft', 'x');
    clearSession();
    expect(getSession()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('auth-token')).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('setSessionUser updates a signed-in member and does not sign anyone in', () => {
    setSessionUser({ ...user, isPremium: true });
    expect(getSession().user).toBeNull();
    setSession(user, 'tok-4');
    setSessionUser({ ...user, isPremium: true });
    expect(getSession()).toEqual({ user: { ...user, isPremium: true }, token: 'tok-4' });
  });
});
