import type { LoginInput } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CUSTOMER_HOME, landingPathFor } from '@/admin/landing';
import { useSessionStore } from '@/stores/sessionStore';
import { login } from './authApi';

/** Where a customer lands after signing in (staff land on the back office: landingPathFor). */
export const AFTER_LOGIN_PATH = CUSTOMER_HOME;

export function useLogin() {
  const setUser = useSessionStore((s) => s.setUser);
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (user) => {
      setUser(user);
      void navigate(landingPathFor(user), { replace: true });
    },
  });
}
