import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { clearDraft } from './draft';
import type { RegistrationPayload } from './payload';
import { registerAccount } from './registrationApi';

/** SPEC §8 registration failure fallback. */
export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const REGISTRATION_SUCCEEDED = 'Your account has been created. Please sign in.';

/**
 * `POST /auth/register`. On success the draft (which holds the password) is removed at once and the
 * customer goes to the sign-in page (SPEC §2 "After success the user goes to /").
 */
export function useRegistration() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (payload: RegistrationPayload) => registerAccount(payload),
    onSuccess: () => {
      clearDraft();
      toast.success(REGISTRATION_SUCCEEDED);
      void navigate('/', { replace: true });
    },
  });
}
