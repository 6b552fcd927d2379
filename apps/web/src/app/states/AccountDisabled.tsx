import { UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FullScreenState } from './FullScreenState';

interface AccountDisabledProps {
  /** Re-fetches the current user (SPEC §2 state 1); wired when the session bootstrap lands. */
  onCheckStatus: () => void;
  checking?: boolean;
}

/** SPEC §2 full-screen state 1, shown for status 'deactivated' on non-public routes. */
export function AccountDisabled({ onCheckStatus, checking = false }: AccountDisabledProps) {
  const { t } = useTranslation('common');
  return (
    <FullScreenState
      testId="account-disabled"
      icon={UserRoundX}
      tone="destructive"
      title={t('states.accountDisabled.title')}
      actionLabel={t('states.checkStatus')}
      onAction={onCheckStatus}
      busy={checking}
    >
      <p>{t('states.accountDisabled.text')}</p>
    </FullScreenState>
  );
}
