import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetStatus } from '@/stores/assetStore';
import { EmptyState, ErrorState, LoadingState } from './PanelStates';

/**
 * The asset lists' states (SPEC §8, `terminal:assets.*`): 'Loading assets...', 'Failed to load assets' with the store's
 * message and Retry, 'No assets found'; else the list itself.
 */
export function AssetsLoadState({
  status,
  error,
  retry,
  empty,
  children,
}: {
  status: AssetStatus;
  error: string | null;
  retry: () => void | Promise<void>;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('terminal');
  if (status === 'error') {
    return <ErrorState title={t('assets.failed')} message={error} onRetry={() => void retry()} />;
  }
  if (status === 'idle' || (status === 'loading' && empty)) {
    return <LoadingState label={t('assets.loading')} />;
  }
  if (empty) return <EmptyState icon={SearchX} message={t('assets.empty')} />;
  return <>{children}</>;
}
