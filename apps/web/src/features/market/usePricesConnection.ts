import { useEffect, useSyncExternalStore } from 'react';
import { type PricesClient, type PricesConnectionState, pricesClient } from '@/realtime/pricesSocket';
import { bindActiveAssetToPrices } from '@/stores/assetStore';
import { useStandingPriceInterest } from './usePriceInterest';

/**
 * Keeps the live price socket open while `enabled` (a signed-in user), and the active asset in step
 * with it. Closing happens when `enabled` turns false or the caller unmounts.
 */
export function usePricesConnection(enabled: boolean, client: PricesClient = pricesClient): void {
  useStandingPriceInterest(enabled);
  useEffect(() => {
    if (!enabled) return;
    const unbind = bindActiveAssetToPrices();
    client.connect();
    return () => {
      unbind();
      client.disconnect();
    };
  }, [enabled, client]);
}

/** The live price socket's connection state (SPEC §4 Realtime connection). */
export function usePricesStatus(client: PricesClient = pricesClient): PricesConnectionState {
  return useSyncExternalStore(client.subscribeState, client.getState, client.getState);
}
