import { useEffect, useState } from 'react';
import { usePricesConnection } from '@/features/market/usePricesConnection';
import { useAssetStore } from '@/stores/assetStore';
import { selectIsAuthenticated, useSessionStore } from '@/stores/sessionStore';
import { useSiteDataStore } from '@/stores/siteDataStore';
import { useRealtimeConnection } from './useRealtimeConnection';

/**
 * SPEC §4: once the current user has been fetched, app data loads once: site data (`GET /data`,
 * per-category leverage) and the asset catalogue (`GET /assets`); failures are recorded in their
 * stores and not retried here. The live price socket then stays open until the session ends.
 */
export function useInitialAppData(userLoaded: boolean): void {
  const signedIn = useSessionStore(selectIsAuthenticated);
  // Once started, prices keep flowing through later user refetches (e.g. an account switch).
  const [streaming, setStreaming] = useState(false);

  useEffect(() => {
    if (!userLoaded) return;
    setStreaming(true);
    const site = useSiteDataStore.getState();
    if (site.status === 'idle' || site.status === 'error') void site.fetchSiteData();
    const assets = useAssetStore.getState();
    if (assets.status === 'idle' || assets.status === 'error') void assets.fetchAssets();
  }, [userLoaded]);

  useEffect(() => {
    if (!signedIn) setStreaming(false);
  }, [signedIn]);

  usePricesConnection(streaming && signedIn);
  useRealtimeConnection(streaming && signedIn);
}
