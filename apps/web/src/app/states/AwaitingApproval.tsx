import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { FullScreenState } from './FullScreenState';

export const AWAITING_APPROVAL_TEXT = 'Your account is awaiting approval from the Client Management Team';

interface AwaitingApprovalProps {
  /** Signs the user out (SPEC §2 state 2: "a Logout button that clears the user"). */
  onLogout: () => void;
  loggingOut?: boolean;
  /** Shown under SPEC's text (which stays as it is): e.g. the way to finish onboarding. */
  children?: ReactNode;
}

/** SPEC §2 full-screen state 2, shown for status 'pending' on non-public routes. */
export function AwaitingApproval({ onLogout, loggingOut = false, children }: AwaitingApprovalProps) {
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
      {children}
    </FullScreenState>
  );
}
