import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/stores/sessionStore';
import { logout } from './authApi';

/**
 * Signs out: asks the server to end the session, then forgets the user locally whatever the
 * answer (SPEC §7 "Logout clears the local user and navigates to /"). A failed call must not
 * leave someone stuck signed in on a shared computer.
 */
export function useLogout() {
  const clear = useSessionStore((s) => s.clear);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clear();
      // Cached server data belongs to the user who just left.
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
