import { REGISTRATION_MESSAGES } from '@openbroker/domain';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import { localizeMessage } from '@/lib/validationMessage';

export const SIGNUP_PATH = '/signup';

/** SPEC §2/§8: steps 2 and 3 without a stored draft send the visitor back to the start. */
export function RedirectToSignup() {
  useEffect(() => {
    // A fixed id: StrictMode's double effect (and a quick second visit) shows one toast, not two.
    toast.error(localizeMessage(REGISTRATION_MESSAGES.completeFirst), { id: 'registration-incomplete' });
  }, []);
  return <Navigate to={SIGNUP_PATH} replace />;
}
