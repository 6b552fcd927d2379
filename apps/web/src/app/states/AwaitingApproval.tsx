import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenState } from './FullScreenState';

interface AwaitingApprovalProps {
  /** Signs the user out (SPEC §2 state 2: "a Logout button that clears the user"). */
  onLogout: () => void;
  loggingOut?: boolean;
  /** Shown under SPEC's text (which stays as it is): e.g. the way to finish onboarding. */
  children?: ReactNode;
}

/** SPEC §2 full-screen state 2, shown for status 'pending' on non-public routes. */
export function AwaitingApproval({ onLogout, loggingOut = false, children }: AwaitingApprovalProps) {
  const { t } = useTranslation('common');
  return (
    <FullScreenState
      testId="awaiting-approval"
      icon={Hourglass}
      tone="info"
      title={t('states.awaitingApproval.title')}
      actionLabel={t('states.logout')}
      onAction={onLogout}
      busy={loggingOut}
    >
      <p>{t('states.awaitingApproval.text')}</p>
      {children}
    </FullScreenState>
  );
}
