import { Hourglass } from 'lucide-react';
import { FullScreenState } from './FullScreenState';

export const AWAITING_APPROVAL_TEXT = 'Your account is awaiting approval from the Client Management Team';

interface AwaitingApprovalProps {
  /** Signs the user out (SPEC §2 state 2: "a Logout button that clears the user"). */
  onLogout: () => void;
  loggingOut?: boolean;
}

/** SPEC §2 full-screen state 2, shown for status 'pending' on non-public routes. */
export function AwaitingApproval({ onLogout, loggingOut = false }: AwaitingApprovalProps) {
  return (
    <FullScreenState
      testId="awaiting-approval"
      icon={Hourglass}
      tone="info"
      title="Awaiting Approval"
      actionLabel="Logout"
      onAction={onLogout}
      busy={loggingOut}
    >
      <p>{AWAITING_APPROVAL_TEXT}</p>
    </FullScreenState>
  );
}
