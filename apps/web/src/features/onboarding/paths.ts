/** Registration steps 2 and 3 happen after the account exists, so they live in the signed-in area. */
export const ONBOARDING_PROFILE_PATH = '/onboarding/profile';
export const ONBOARDING_ID_CHECK_PATH = '/onboarding/id-check';
export const VERIFICATION_PATH = '/main/verification';

/**
 * The onboarding pages a pending (not yet approved) customer may use: the awaiting-approval screen
 * would otherwise stop them finishing what approval may wait for.
 */
export function isOnboardingPath(pathname: string): boolean {
  return pathname === '/onboarding' || pathname.startsWith('/onboarding/');
}
