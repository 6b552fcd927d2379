/**
 * SPEC §2: "Routes on which user data is not loaded and account status does not block". Wider than
 * the 401-exempt pages (api/unauthorized.ts): sign-up and one-time sign-in need no user either.
 */
export const USER_LOAD_FREE_PATHS = [
  '/register/country-residence',
  '/signup',
  '/',
  '/login',
  '/auto-login',
  '/register',
  '/forgot-password',
] as const;

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True on pages where the current user is neither fetched nor gated by account status. */
export function isUserLoadFreeRoute(pathname: string): boolean {
  return (USER_LOAD_FREE_PATHS as readonly string[]).includes(normalise(pathname));
}
