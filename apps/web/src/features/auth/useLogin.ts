import type { LoginInput, LoginSecondStep, TwoFactorChallenge, User } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CUSTOMER_HOME } from '@/admin/landing';
import { landingAfterLogin } from '@/features/onboarding/landing';
import { useSessionStore } from '@/stores/sessionStore';
import { login, loginSecondStep } from './authApi';

/** Where a customer lands after signing in (staff land on the back office: landingPathFor). */
export const AFTER_LOGIN_PATH = CUSTOMER_HOME;

const isChallenge = (answer: User | TwoFactorChallenge): answer is TwoFactorChallenge =>
  'two_factor_required' in answer;

/** A signed-in user and the page they go to. */
interface SignedIn {
  user: User;
  landing: string;
}

/**
 * The landing is decided before the session is stored (once it is, the sign-in page itself sends a
 * signed-in user on): a customer who has not answered the financial profile goes to registration
 * step 2 first.
 */
async function withLanding(user: User): Promise<SignedIn> {
  return { user, landing: await landingAfterLogin(user) };
}

/**
 * Email and password; when the account has two-factor on, `challenge` is set and `secondStep`
 * completes the sign-in with a code or a recovery code.
 */
export function useLogin() {
  const setUser = useSessionStore((s) => s.setUser);
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = ({ user, landing }: SignedIn) => {
    setUser(user);
    void navigate(landing, { replace: true });
  };
  const mutation = useMutation({
    mutationFn: async (input: LoginInput): Promise<SignedIn | TwoFactorChallenge> => {
      const answer = await login(input);
      return isChallenge(answer) ? answer : withLanding(answer);
    },
    onSuccess: (answer) => {
      if ('two_factor_required' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      signedIn(answer);
    },
  });
  const secondStep = useMutation({
    mutationFn: async (input: Omit<LoginSecondStep, 'challenge'>) =>
      withLanding(await loginSecondStep({ ...input, challenge: challenge ?? '' })),
    onSuccess: signedIn,
  });
  return {
    ...mutation,
    challenge,
    secondStep,
    /** Back to email and password (the challenge is dropped). */
    restart: () => {
      setChallenge(null);
      secondStep.reset();
      mutation.reset();
    },
  };
}
