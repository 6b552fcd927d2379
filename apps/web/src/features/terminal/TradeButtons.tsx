import { formatPrice, PRICE_DECIMALS, priceDigits } from '@openbroker/domain';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { Asset } from '@/api/assets';
import { usePrice } from '@/features/market/usePrice';
import { useOrderFormStore } from '@/features/order/orderFormStore';
import { cn } from '@/lib/utils';

interface TradeButtonsProps {
  asset: Asset;
  /** `data-testid`s for the two buttons (the chart's are "sell-button" and "buy-button"). */
  testIds?: { sell: string; buy: string };
  size?: 'default' | 'compact';
  /** Called after either button opened the form (e.g. to close the popover holding them). */
  onOpened?: () => void;
  className?: string;
}

/** The live bid or ask on a coloured button: white figures, with an arrow while the price flashes. */
function ButtonPrice({ asset, field, compact }: { asset: Asset; field: 'bid' | 'ask'; compact: boolean }) {
  const live = usePrice(asset.id);
  const value = live ? live[field] : field === 'bid' ? asset.sell_price : asset.buy_price;
  const direction = live?.direction ?? null;
  const Arrow = direction === 'up' ? ArrowUp : direction === 'down' ? ArrowDown : null;
  return (
    <span
      data-direction={direction ?? undefined}
      className={cn(
        'mt-1 flex items-center gap-0.5 leading-none tabular-nums',
        compact ? 'text-sm' : 'text-base',
      )}
    >
      {formatPrice(value, priceDigits(PRICE_DECIMALS.chartButtons, asset.decimals))}
      {Arrow ? <Arrow aria-hidden="true" className="size-3 opacity-80" /> : null}
    </span>
  );
}

/**
 * SELL at the bid and BUY at the ask of `asset`, live with 4 decimals (SPEC §9 chart buttons); each
 * opens the order form on that side for this instrument (SPEC §2 centre).
 */
export function TradeButtons({ asset, testIds, size = 'default', onOpened, className }: TradeButtonsProps) {
  const openForm = useOrderFormStore((s) => s.openForm);
  const open = (side: 'buy' | 'sell') => {
    openForm(side, asset.id);
    onOpened?.();
  };
  const compact = size === 'compact';
  const base = cn(
    'flex min-w-0 flex-1 flex-col items-center justify-center rounded-md font-semibold text-white shadow-sm transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    compact ? 'h-10 px-2' : 'h-11 px-3',
  );
  return (
    <div className={cn('flex gap-2', className)}>
      <button
        type="button"
        data-testid={testIds?.sell}
        onClick={() => open('sell')}
        className={cn(base, 'bg-sell hover:bg-sell/90')}
      >
        <span className="text-[10px] leading-none tracking-widest opacity-90">SELL</span>{' '}
        <ButtonPrice asset={asset} field="bid" compact={compact} />
      </button>
      <button
        type="button"
        data-testid={testIds?.buy}
        onClick={() => open('buy')}
        className={cn(base, 'bg-buy hover:bg-buy/90')}
      >
        <span className="text-[10px] leading-none tracking-widest opacity-90">BUY</span>{' '}
        <ButtonPrice asset={asset} field="ask" compact={compact} />
      </button>
    </div>
  );
}
