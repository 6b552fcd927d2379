import { Navigate, Outlet, useLocation } from 'react-router';
import { selectIsAuthenticated, useSessionStore } from '@/stores/sessionStore';
import { AccountStatusGate } from '../session/AccountStatusGate';

/**
 * Protected routes (SPEC §6: /main, /trading, /mt4, /admin/chat). A visitor without a session user
 * goes to the sign-in page at `/`; the page they wanted rides along in navigation state so sign-in
 * can return them there later. A signed-in user then passes the account-status gate (SPEC §4).
 */
export function RequireSession() {
  const isAuthenticated = useSessionStore(selectIsAuthenticated);
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/" replace state={{ from: location.pathname }} />;
  }
  return (
    <AccountStatusGate>
      <Outlet />
    </AccountStatusGate>
  );
}
