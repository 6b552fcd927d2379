import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CURRENT_USER_KEY } from '@/app/session/useCurrentUserQuery';
import { fetchCurrentUser } from '@/app/session/userApi';
import { tradingKeys } from '@/features/trading/queries';
import { useSessionStore } from '@/stores/sessionStore';

/**
 * After money moved or an account was opened: the user (its accounts and balances) is read again
 * at once and stored, and the cached user and trading figures are marked stale, so the header,
 * the account dropdown and this page all show the new balances.
 */
export function useRefreshUser(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    const { selectedAccountIndex, setUser } = useSessionStore.getState();
    await Promise.all([
      client.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
      client.invalidateQueries({ queryKey: tradingKeys.all }),
    ]);
    try {
      const user = await fetchCurrentUser(selectedAccountIndex);
      if (user.id === useSessionStore.getState().user?.id) setUser(user);
    } catch {
      // The session bootstrap's own query retries; the action itself has succeeded.
    }
  }, [client]);
}
