import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AssetStatus } from '@/stores/assetStore';
import { EmptyState, ErrorState, LoadingState } from './PanelStates';

/** SPEC §8 assets panel words. */
export const ASSET_MESSAGES = {
  loading: 'Loading assets...',
  failed: 'Failed to load assets',
  empty: 'No assets found',
} as const;

/**
 * The asset lists' states (SPEC §8): 'Loading assets...', 'Failed to load assets' with the store's
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
  if (status === 'error') {
    return <ErrorState title={ASSET_MESSAGES.failed} message={error} onRetry={() => void retry()} />;
  }
  if (status === 'idle' || (status === 'loading' && empty)) {
    return <LoadingState label={ASSET_MESSAGES.loading} />;
  }
  if (empty) return <EmptyState icon={SearchX} message={ASSET_MESSAGES.empty} />;
  return <>{children}</>;
}
