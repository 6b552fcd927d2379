import { isOnboardingPath, VERIFICATION_PATH } from './paths';
import { useFinancialProfileQuery } from './profileApi';

export type PendingAccess = 'allow' | 'block' | 'loading';

/**
 * Which signed-in pages a pending (not yet approved) customer may open: the onboarding steps
 * always; Verification only while staff make approval wait for it (then the documents are how the
 * customer gets approved, and the server lets a pending customer upload).
 */
export function usePendingAccess(pathname: string, pendingCustomer: boolean): PendingAccess {
  const asksForVerification = pendingCustomer && pathname.replace(/\/+$/, '') === VERIFICATION_PATH;
  const query = useFinancialProfileQuery(asksForVerification);
  if (isOnboardingPath(pathname)) return 'allow';
  if (!asksForVerification) return 'block';
  if (query.isPending) return 'loading';
  return query.data?.approval_requires_verification === true ? 'allow' : 'block';
}
