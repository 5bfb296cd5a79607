/**
 * The session every feature may read: the auth state (user and token), persisted under
 * 'auth-storage', with the token also under 'auth-token' where api-client.ts reads it. The auth
 * feature signs in and out through it; other features only read the user (`useSessionUser`) or, like
 * billing after an upgrade, replace it (`setSessionUser`).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { User } from '../../../shared/api/auth.ts';
import { STORAGE_KEYS } from '../../../shared/constants.ts';

interface AuthState {
  user: User | null;
  token: string | null;
}

const signedOut: AuthState = { user: null, token: null };

export const useAuthStore = create<AuthState>()(
  persist(() => signedOut, {
    name: STORAGE_KEYS.authStorage,
    storage: createJSONStorage(() => localStorage),
    // What another version of the app (or a hand) left in storage is checked, not trusted: its
    // outline at once, then against the user schema, which loads after the first paint.
    merge: (persisted, current) => {
      const state = persisted as Partial<AuthState> | undefined;
      const token = typeof state?.token === 'string' && state.token ? state.token : null;
      if (!token || !looksLikeUser(state?.user)) return { ...current, ...signedOut };
      void checkStoredUser(state.user);
      return { ...current, user: state.user, token };
    },
  }),
);

function looksLikeUser(value: unknown): value is User {
  const user = value as Partial<User> | null;
  return typeof user === 'object' && user !== null && typeof user.email === 'string' && typeof user.isPremium === 'boolean';
}

/** The stored member checked by the schema: kept as the schema reads it, or signed out locally. */
async function checkStoredUser(stored: User): Promise<void> {
  const { userSchema } = await import('../../../shared/api/auth.ts');
  const parsed = userSchema.safeParse(stored);
  if (useAuthStore.getState().user !== stored) return;
  if (parsed.success) useAuthStore.setState({ user: parsed.data });
  else clearSession();
}

/** The signed-in member, or null. */
export function useSessionUser(): User | null {
  return useAuthStore((s) => s.user);
}

export function getSession(): AuthState {
  return useAuthStore.getState();
}

/** Signs in locally: keeps the user and the token. */
export function setSession(user: User, token: string): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  useAuthStore.setState({ user, token });
}

/** Replaces the signed-in member's details (after the server says they changed); no-op when signed out. */
export function setSessionUser(user: User): void {
  if (useAuthStore.getState().user) useAuthStore.setState({ user });
}

/** Signs out locally: the user, the token, the stored auth data and session storage. */
export function clearSession(): void {
  useAuthStore.setState(signedOut);
  useAuthStore.persist.clearStorage();
  localStorage.removeItem(STORAGE_KEYS.authToken);
  sessionStorage.clear();
}
