import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '@/stores/sessionStore';
import { isUserLoadFreeRoute } from './publicRoutes';
import { CURRENT_USER_KEY, useCurrentUserQuery } from './useCurrentUserQuery';
import { useHeartbeat } from './useHeartbeat';
import { useInitialAppData } from './useInitialAppData';

/** SPEC §9: the pause between a session appearing and the first user fetch. */
export const USER_FETCH_DELAY_MS = 100;

/**
 * SPEC §4 "Session": once a session user exists, wait 100 ms; then, on a non-public route, fetch
 * the current user and store it, then load app data once. Reset when the session is gone. Also
 * keeps the heartbeat going while signed in.
 */
export function useSessionBootstrap(): void {
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const accountIndex = useSessionStore((s) => s.selectedAccountIndex);
  const setUser = useSessionStore((s) => s.setUser);
  const setLoading = useSessionStore((s) => s.setLoading);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // The user for whom the 100 ms have passed; a different (or no) user starts over.
  const [armedFor, setArmedFor] = useState<number | null>(null);

  useEffect(() => {
    if (userId === null) {
      setArmedFor(null);
      // Whatever was fetched belonged to the session that just ended.
      queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
      return;
    }
    const timer = window.setTimeout(() => setArmedFor(userId), USER_FETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [userId, queryClient]);

  const enabled = userId !== null && armedFor === userId && !isUserLoadFreeRoute(pathname);
  const query = useCurrentUserQuery(userId, accountIndex, enabled);
  const fetched = query.data;

  useEffect(() => {
    if (fetched && fetched.id === useSessionStore.getState().user?.id) setUser(fetched);
  }, [fetched, setUser]);

  const loading = enabled && query.isPending && query.failureCount === 0;
  useEffect(() => {
    setLoading(loading);
  }, [loading, setLoading]);

  useInitialAppData(query.isSuccess);
  useHeartbeat(userId !== null);
}

/** Mount point for the bootstrap inside the router (it needs the current path). */
export function SessionBootstrap() {
  useSessionBootstrap();
  return null;
}
