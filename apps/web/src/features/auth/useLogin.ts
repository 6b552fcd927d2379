import type { LoginInput } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/stores/sessionStore';
import { login } from './authApi';

/** Where a customer lands after signing in. */
export const AFTER_LOGIN_PATH = '/main/dashboard';

export function useLogin() {
  const setUser = useSessionStore((s) => s.setUser);
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: (user) => {
      setUser(user);
      void navigate(AFTER_LOGIN_PATH, { replace: true });
    },
  });
}
