import type { User } from '@openbroker/domain';
import { landingPathFor } from '@/admin/landing';
import { ONBOARDING_PROFILE_PATH } from './paths';
import { fetchFinancialProfile } from './profileApi';

/**
 * Where someone lands after signing in: a customer who has not answered the financial profile is
 * taken to registration step 2 first; otherwise (or when the profile cannot be read) the usual page.
 */
export async function landingAfterLogin(user: Pick<User, 'role'>): Promise<string> {
  const usual = landingPathFor(user);
  if (user.role === 'staff') return usual;
  try {
    const status = await fetchFinancialProfile();
    return status.completed ? usual : ONBOARDING_PROFILE_PATH;
  } catch {
    return usual;
  }
}
