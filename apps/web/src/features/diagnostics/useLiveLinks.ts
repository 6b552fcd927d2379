import { REALTIME_EVENTS } from '@openbroker/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceInterest } from '@/features/market/usePriceInterest';
import { usePricesStatus } from '@/features/market/usePricesConnection';
import type { PricesClient } from '@/realtime/pricesSocket';
import { type ChannelEvent, onRealtimeEvent, useRealtimeStore } from '@/realtime/realtimeSocket';
import { useAssetStore } from '@/stores/assetStore';
import type { PriceStore } from '@/stores/priceStore';
import type { CheckResult } from './checkTypes';
import { PRICES_QUIET_AFTER_MS, summarizeSocket } from './socketCheck';

/** The realtime events anyone may listen to; the user's own (trade, notification) go to the session. */
const OBSERVABLE_REALTIME_EVENTS: readonly ChannelEvent[] = [
  REALTIME_EVENTS.messageSent,
  REALTIME_EVENTS.messageRead,
  REALTIME_EVENTS.adminChanged,
];

/** Ages are shown to the second, so a later message within this window changes nothing on screen. */
const RESOLUTION_MS = 500;

type Last = { prices: number | null; realtime: number | null };

/** Records a message on `link`, returning the same object (no re-render) when the age barely moved. */
const seen =
  (link: keyof Last) =>
  (last: Last): Last => {
    const t = Date.now();
    const before = last[link];
    return before !== null && t - before < RESOLUTION_MS ? last : { ...last, [link]: t };
  };

/**
 * The app's own two live links, watched rather than reopened: a second socket would test a
 * connection the terminal does not use, and count against the per-address socket limit.
 */
export function useLiveLinks(prices: PricesClient, store: PriceStore, now: number): CheckResult[] {
  const { t } = useTranslation('account');
  const priceState = usePricesStatus(prices);
  const realtime = useRealtimeStore();
  const [watchingSince] = useState(() => Date.now());
  const [last, setLast] = useState<Last>({
    prices: null,
    realtime: null,
  });
  // The socket carries only what a page shows (issue 17): the active asset keeps frames coming
  // here (BTC/USD by default, which trades around the clock).
  const activeId = useAssetStore((s) => s.activeAsset?.id);
  usePriceInterest([activeId]);

  useEffect(() => {
    // Batches arrive many times a second; `seen` keeps that to about two renders a second.
    const stopPrices = store.subscribeAll(() => setLast(seen('prices')));
    const stopRealtime = OBSERVABLE_REALTIME_EVENTS.map((event) =>
      onRealtimeEvent(event, () => setLast(seen('realtime'))),
    );
    return () => {
      stopPrices();
      for (const stop of stopRealtime) stop();
    };
  }, [store]);

  return [
    summarizeSocket({
      key: 'prices',
      title: t('diagnostics.socket.prices'),
      ...priceState,
      lastMessageAt: last.prices,
      watchingSince,
      now,
      quietAfterMs: PRICES_QUIET_AFTER_MS,
    }),
    summarizeSocket({
      key: 'realtime',
      title: t('diagnostics.socket.realtime'),
      ...realtime,
      lastMessageAt: last.realtime,
      watchingSince,
      now,
      quietAfterMs: null,
    }),
  ];
}
