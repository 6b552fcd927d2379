import { Navigate, Outlet } from 'react-router';
import { ADMIN_HOME } from '@/admin/landing';
import { selectIsAuthenticated, useSessionStore } from '@/stores/sessionStore';

/** SPEC §2/§6: someone already signed in has no business on the registration pages. */
export function RedirectIfAuthenticated() {
  const isAuthenticated = useSessionStore(selectIsAuthenticated);
  const staff = useSessionStore((s) => s.user?.role === 'staff');
  if (isAuthenticated) {
    return <Navigate to={staff ? ADMIN_HOME : '/main'} replace />;
  }
  return <Outlet />;
}
