import { isAxiosError } from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Set on calls whose 401 is an answer, not the end of a session: exchanging a one-time sign-in
     * link (`POST /auth/auto-login`) answers 401 for a spent link, and the page must show that.
     */
    keepSessionOn401?: boolean;
  }
}

/**
 * SPEC §8: a 401 on these pages is expected (nobody is signed in yet) and must not bounce the
 * visitor anywhere; anywhere else it means the session has ended.
 */
export const UNAUTHORIZED_EXEMPT_PATHS = ['/', '/login', '/register', '/forgot-password'] as const;

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when a 401 received while on `pathname` should end the local session. */
export function shouldEndSessionOn401(pathname: string): boolean {
  const path = normalise(pathname);
  return !(UNAUTHORIZED_EXEMPT_PATHS as readonly string[]).includes(path);
}

export interface UnauthorizedDeps {
  currentPathname: () => string;
  clearSession: () => void;
  navigate: (to: string) => void;
}

/**
 * The response-error interceptor: on a 401 outside the exempt pages, clear the session and send the
 * user to `/`. The request is never retried; the error still reaches the caller, so a mutation or
 * query settles instead of hanging.
 */
export function createUnauthorizedHandler(deps: UnauthorizedDeps) {
  return (error: unknown): Promise<never> => {
    if (
      isAxiosError(error) &&
      error.response?.status === 401 &&
      error.config?.keepSessionOn401 !== true &&
      shouldEndSessionOn401(deps.currentPathname())
    ) {
      deps.clearSession();
      deps.navigate('/');
    }
    return Promise.reject(error);
  };
}
