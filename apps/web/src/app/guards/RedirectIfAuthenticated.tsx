import { Navigate, Outlet } from 'react-router';
import { selectIsAuthenticated, useSessionStore } from '@/stores/sessionStore';

/** SPEC §2/§6: someone already signed in has no business on the registration pages. */
export function RedirectIfAuthenticated() {
  const isAuthenticated = useSessionStore(selectIsAuthenticated);
  if (isAuthenticated) {
    return <Navigate to="/main" replace />;
  }
  return <Outlet />;
}
