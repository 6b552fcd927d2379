import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { fetchCurrentUser } from './userApi';

/** Every current-user query lives under this key; it is dropped when the session ends. */
export const CURRENT_USER_KEY = ['session', 'user'] as const;

/** SPEC §4/§9: a failed user refresh retries once, 5 s later. */
export const USER_RETRY_DELAY_MS = 5_000;

export function currentUserKey(userId: number | null, accountIndex: number) {
  return [...CURRENT_USER_KEY, userId, accountIndex] as const;
}

/**
 * The freshly fetched current user. One observer (the session bootstrap) decides when to fetch;
 * others (the account-status gate) pass `enabled: false` and read the same cache entry, so the
 * user is fetched once however many screens look at it.
 */
export function useCurrentUserQuery(userId: number | null, accountIndex: number, enabled: boolean) {
  return useQuery({
    queryKey: currentUserKey(userId, accountIndex),
    queryFn: () => fetchCurrentUser(accountIndex),
    enabled: enabled && userId !== null,
    // A 401 is final: the API client has already ended the session.
    retry: (failureCount, error) =>
      failureCount < 1 && !(isAxiosError(error) && error.response?.status === 401),
    retryDelay: USER_RETRY_DELAY_MS,
    // Switching accounts keeps showing the last answer while the next one loads.
    placeholderData: keepPreviousData,
  });
}
