import { Wrench } from 'lucide-react';
import { FullScreenState } from './FullScreenState';

export const SITE_DISABLED_DEFAULT_MESSAGE = 'This site is currently unavailable. Please check back later.';

interface SiteDisabledProps {
  maintenanceMessage?: string | null;
  contactEmail?: string | null;
  onCheckStatus: () => void;
  checking?: boolean;
}

/** SPEC §2 full-screen state 4. The operator's message is rendered as plain text. */
export function SiteDisabled({
  maintenanceMessage,
  contactEmail,
  onCheckStatus,
  checking = false,
}: SiteDisabledProps) {
  const message = maintenanceMessage?.trim() ? maintenanceMessage : SITE_DISABLED_DEFAULT_MESSAGE;
  return (
    <FullScreenState
      testId="site-disabled"
      icon={Wrench}
      tone="warning"
      title="Site Temporarily Disabled"
      actionLabel="Check Status"
      onAction={onCheckStatus}
      busy={checking}
    >
      <p className="whitespace-pre-line">{message}</p>
      {contactEmail ? (
        <p data-testid="site-disabled-contact">
          If you need immediate assistance, please contact us at{' '}
          <a
            href={`mailto:${contactEmail}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {contactEmail}
          </a>
        </p>
      ) : null}
    </FullScreenState>
  );
}
