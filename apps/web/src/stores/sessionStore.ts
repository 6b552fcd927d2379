import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** One trading account of a customer (SPEC §3 User.accounts[]). */
export interface SessionAccount {
  id?: number | string;
  title: string;
  balance: number;
}

/** The customer's plan as sent with the user (SPEC §3 User.account_type). */
export interface SessionAccountType {
  id: number | string;
  title: string;
  color?: string | null;
  icon?: string | null;
  image?: string | null;
  leverage?: number | null;
}

/**
 * The signed-in user as the client keeps it (SPEC §3 User). Typed loosely on purpose until the
 * server's user contract lands in `@openbroker/domain`; fields the UI does not read yet are optional.
 */
export interface SessionUser {
  id: number | string;
  first_name: string;
  last_name: string;
  email: string;
  /** SPEC §4: 'deactivated' and 'pending' block the app; other values pass. */
  status: string;
  account_id?: string | number | null;
  avatar?: string | null;
  is_online?: boolean;
  unread_count?: number;
  balance?: number;
  credit_balance?: number;
  notifications?: unknown[];
  accounts?: SessionAccount[];
  selectedAccountIndex?: number;
  account_type?: SessionAccountType | null;
  autotrader?: boolean;
  eas?: Array<number | string>;
  role?: string;
}

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
      partialize: (state) => ({ user: state.user, selectedAccountIndex: state.selectedAccountIndex }),
      version: 1,
    },
  ),
);

/** Selector: SPEC §6 "authenticated" is a present user (the cookie is invisible to scripts). */
export const selectIsAuthenticated = (state: SessionState): boolean => state.user !== null;
