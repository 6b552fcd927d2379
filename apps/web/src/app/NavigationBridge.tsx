import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setNavigator } from '@/lib/navigation';

/** Lets non-React code (the API client's 401 handler) navigate through the router. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => {
      void navigate(to, { replace: true });
    });
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
