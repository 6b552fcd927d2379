import { type User, userSchema } from '@openbroker/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The signed-in user as the server describes it (SPEC §3 User; `GET /user`). */
export type SessionUser = User;

export interface SessionState {
  user: SessionUser | null;
  selectedAccountIndex: number;
  isLoading: boolean;
  setUser: (user: SessionUser | null) => void;
  clear: () => void;
  setSelectedAccountIndex: (index: number) => void;
  setLoading: (isLoading: boolean) => void;
}

/** SPEC §3: the session is persisted under this key. */
export const SESSION_STORAGE_KEY = 'user-storage';

interface PersistedSession {
  user: SessionUser | null;
  selectedAccountIndex: number;
}

/**
 * A user stored by an older build (or edited by hand) may not have today's shape; such a user is
 * dropped rather than trusted, and the next `GET /user` on a protected page brings the real one back.
 */
function migrateSession(persisted: unknown): PersistedSession {
  const state = typeof persisted === 'object' && persisted !== null ? persisted : {};
  const parsed = 'user' in state ? userSchema.safeParse(state.user) : null;
  const index =
    'selectedAccountIndex' in state && typeof state.selectedAccountIndex === 'number'
      ? state.selectedAccountIndex
      : 0;
  return { user: parsed?.success ? parsed.data : null, selectedAccountIndex: index };
}

/**
 * The client side of the session. The credential itself is an HttpOnly cookie the page cannot see,
 * so "signed in" here means "the server gave us a user"; nothing secret is ever written to storage.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      selectedAccountIndex: 0,
      isLoading: false,
      setUser: (user) => set({ user }),
      clear: () => set({ user: null, selectedAccountIndex: 0 }),
      setSelectedAccountIndex: (index) => set({ selectedAccountIndex: Math.max(0, Math.trunc(index)) }),
      setLoading: (isLoading) => set({ isLoading }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // isLoading describes this page load only; persisting it could leave a later load stuck.
      partialize: (state): PersistedSession => ({
        user: state.user,
        selectedAccountIndex: state.selectedAccountIndex,
      }),
      // v2: the user follows the domain `User` contract.
      version: 2,
      migrate: (persisted) => migrateSession(persisted),
    },
  ),
);

/** Selector: SPEC §6 "authenticated" is a present user (the cookie is invisible to scripts). */
export const selectIsAuthenticated = (state: SessionState): boolean => state.user !== null;
