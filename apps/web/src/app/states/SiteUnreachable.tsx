import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FullScreenState } from './FullScreenState';

interface SiteUnreachableProps {
  onRetry: () => void;
  retrying?: boolean;
}

/** SPEC §2 full-screen state 3. */
export function SiteUnreachable({ onRetry, retrying = false }: SiteUnreachableProps) {
  const { t } = useTranslation('common');
  return (
    <FullScreenState
      testId="site-unreachable"
      icon={WifiOff}
      tone="destructive"
      title={t('states.siteUnreachable.title')}
      actionLabel={t('states.tryAgain')}
      onAction={onRetry}
      busy={retrying}
    >
      <p>{t('states.siteUnreachable.text')}</p>
    </FullScreenState>
  );
}
