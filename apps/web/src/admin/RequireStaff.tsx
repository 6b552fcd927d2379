import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '@/stores/sessionStore';
import { CUSTOMER_HOME } from './landing';

/** The back office is for staff only: a customer who types `/admin` lands on their own dashboard. */
export function RequireStaff() {
  const role = useSessionStore((s) => s.user?.role);
  if (role !== 'staff') return <Navigate to={CUSTOMER_HOME} replace />;
  return <Outlet />;
}
