import { UserRoundX } from 'lucide-react';
import { FullScreenState } from './FullScreenState';

export const ACCOUNT_DISABLED_TEXT = 'Your account is currently disabled, please contact support.';

interface AccountDisabledProps {
  /** Re-fetches the current user (SPEC §2 state 1); wired when the session bootstrap lands. */
  onCheckStatus: () => void;
  checking?: boolean;
}

/** SPEC §2 full-screen state 1, shown for status 'deactivated' on non-public routes. */
export function AccountDisabled({ onCheckStatus, checking = false }: AccountDisabledProps) {
  return (
    <FullScreenState
      testId="account-disabled"
      icon={UserRoundX}
      tone="destructive"
      title="Account Currently Disabled"
      actionLabel="Check Status"
      onAction={onCheckStatus}
      busy={checking}
    >
      <p>{ACCOUNT_DISABLED_TEXT}</p>
    </FullScreenState>
  );
}
