import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '@/stores/sessionStore';
import { ADMIN_HOME } from './landing';

/**
 * The customer areas (/main, /trading, /mt4) are not for staff: they hold no trading account, so
 * those pages would show $0.00 and errors. A staff member who opens one goes to the back office.
 */
export function CustomersOnly() {
  const staff = useSessionStore((s) => s.user?.role === 'staff');
  if (staff) return <Navigate to={ADMIN_HOME} replace />;
  return <Outlet />;
}
