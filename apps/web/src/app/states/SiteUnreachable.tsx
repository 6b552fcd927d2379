import { WifiOff } from 'lucide-react';
import { FullScreenState } from './FullScreenState';

export const SITE_UNREACHABLE_TEXT =
  "We're having trouble connecting to the server. This could be due to network issues or the server might be undergoing maintenance.";

interface SiteUnreachableProps {
  onRetry: () => void;
  retrying?: boolean;
}

/** SPEC §2 full-screen state 3. */
export function SiteUnreachable({ onRetry, retrying = false }: SiteUnreachableProps) {
  return (
    <FullScreenState
      testId="site-unreachable"
      icon={WifiOff}
      tone="destructive"
      title="Site Unreachable"
      actionLabel="Try Again"
      onAction={onRetry}
      busy={retrying}
    >
      <p>{SITE_UNREACHABLE_TEXT}</p>
    </FullScreenState>
  );
}
