import { formatPrice } from '@openbroker/domain';
import { memo } from 'react';
import { cn } from '@/lib/utils';
import type { PriceStore } from '@/stores/priceStore';
import { TICK_TRANSITION, TickArrow, tickColor, useTickDirection } from './PriceTick';
import { usePrice } from './usePrice';

/** Which figure of the live price to show: the mid rate, the bid (sell) or the ask (buy). */
export type PriceField = 'rate' | 'bid' | 'ask';

export interface FlashPriceProps {
  id: number;
  /** SPEC §9: `PRICE_DECIMALS.watchList` (3), `.chartButtons` (4) or `.orderForm` (5). */
  decimals: number;
  field?: PriceField;
  /** Shown until the first live price arrives (e.g. the rate the catalogue was loaded with). */
  fallback?: number | null;
  className?: string;
  /** For tests and previews; the app's price store otherwise. */
  store?: PriceStore;
}

/**
 * A live price that flashes green on a rise and red on a fall for 2.2 s (SPEC §4, §9), with an up or
 * down arrow beside it so the change does not rest on colour alone; under reduced motion the arrow and
 * colour stay, without animation, until the next change. It reads its own instrument from the price
 * store, so a tick re-renders this element and nothing around it.
 */
export const FlashPrice = memo(function FlashPrice({
  id,
  decimals,
  field = 'rate',
  fallback = null,
  className,
  store,
}: FlashPriceProps) {
  const price = usePrice(id, store);
  const value = price ? price[field] : fallback;
  const direction = useTickDirection(price?.direction ?? null);
  return (
    <span className="inline-flex items-center gap-0.5" dir="ltr">
      <span
        data-direction={direction ?? undefined}
        className={cn('tabular-nums', TICK_TRANSITION, tickColor(direction), className)}
      >
        {formatPrice(value, decimals)}
      </span>
      <TickArrow direction={direction} />
    </span>
  );
});
