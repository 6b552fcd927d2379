import { Wrench } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { FullScreenState } from './FullScreenState';

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
  const { t } = useTranslation('common');
  // The operator's own message is shown as written; only the default is ours to translate.
  const message = maintenanceMessage?.trim() ? maintenanceMessage : t('states.siteDisabled.defaultMessage');
  return (
    <FullScreenState
      testId="site-disabled"
      icon={Wrench}
      tone="warning"
      title={t('states.siteDisabled.title')}
      actionLabel={t('states.checkStatus')}
      onAction={onCheckStatus}
      busy={checking}
    >
      <p className="whitespace-pre-line">{message}</p>
      {contactEmail ? (
        <p data-testid="site-disabled-contact">
          <Trans
            t={t}
            i18nKey="states.siteDisabled.contact"
            values={{ email: contactEmail }}
            components={{
              email: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside.
                <a
                  href={`mailto:${contactEmail}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                />
              ),
            }}
          />
        </p>
      ) : null}
    </FullScreenState>
  );
}
