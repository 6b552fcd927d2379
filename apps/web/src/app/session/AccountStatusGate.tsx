import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { MAIN_CONTENT_ID } from '@/components/SkipLink';
import { Spinner } from '@/components/ui/Spinner';
import { useLogout } from '@/features/auth/useLogout';
import { AwaitingApprovalHint } from '@/features/onboarding/AwaitingApprovalHint';
import { usePendingAccess } from '@/features/onboarding/pendingAccess';
import { useSessionStore } from '@/stores/sessionStore';
import { AccountDisabled } from '../states/AccountDisabled';
import { AwaitingApproval } from '../states/AwaitingApproval';
import { useCurrentUserQuery } from './useCurrentUserQuery';

/** A quiet placeholder while the first user fetch of the session is in flight. */
export function SessionLoading() {
  const { t } = useTranslation('common');
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      data-testid="session-loading"
      className="flex min-h-dvh items-center justify-center bg-background outline-none"
    >
      <PageHeading hidden title={t('states.sessionLoading')} />
      <Spinner className="size-6 text-muted-foreground" aria-label={t('states.sessionLoading')} />
    </main>
  );
}

/**
 * SPEC §2/§4/§6 account status, around the protected routes: `deactivated` shows Account Currently
 * Disabled, `pending` shows Awaiting Approval, anything else passes. The decision uses the user
 * fetched for this session, never only the stored copy, so an account disabled since the last visit
 * cannot slip through; until that fetch has answered (or failed once) a loading state is shown.
 */
export function AccountStatusGate({ children }: { children: ReactNode }) {
  const storedUser = useSessionStore((s) => s.user);
  const accountIndex = useSessionStore((s) => s.selectedAccountIndex);
  // Reads the entry the session bootstrap fetches; never starts a fetch of its own.
  const query = useCurrentUserQuery(storedUser?.id ?? null, accountIndex, false);
  const logoutMutation = useLogout();
  const { pathname } = useLocation();
  const known = query.data ?? storedUser;
  const pendingAccess = usePendingAccess(pathname, known?.status === 'pending' && known.role === 'customer');

  // RequireSession has already sent visitors away; nothing to gate without a user.
  if (!storedUser) return children;

  const answered = query.data !== undefined || query.failureCount > 0 || query.isError;
  if (!answered) return <SessionLoading />;

  // After a failed fetch the stored user is the best knowledge there is.
  const user = query.data ?? storedUser;
  if (user.status === 'deactivated') {
    return <AccountDisabled onCheckStatus={() => void query.refetch()} checking={query.isFetching} />;
  }
  // Registration steps 2 and 3 (and Verification, when approval waits for it) are what approval
  // may wait for, so a pending customer may use them.
  if (user.status === 'pending' && pendingAccess === 'loading') return <SessionLoading />;
  if (user.status === 'pending' && pendingAccess !== 'allow') {
    return (
      <AwaitingApproval onLogout={() => logoutMutation.mutate()} loggingOut={logoutMutation.isPending}>
        {user.role === 'customer' ? <AwaitingApprovalHint /> : null}
      </AwaitingApproval>
    );
  }
  return children;
}
