import { formatPrice, PRICE_DECIMALS, priceDigits } from '@openbroker/domain';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { useTickDirection } from '@/features/market/PriceTick';
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

/** The live bid or ask on a coloured button, with an arrow while the price flashes (still under reduced motion). */
function ButtonPrice({ asset, field, compact }: { asset: Asset; field: 'bid' | 'ask'; compact: boolean }) {
  const live = usePrice(asset.id);
  const value = live ? live[field] : field === 'bid' ? asset.sell_price : asset.buy_price;
  const direction = useTickDirection(live?.direction ?? null);
  const Arrow = direction === 'up' ? ArrowUp : direction === 'down' ? ArrowDown : null;
  return (
    <span
      data-direction={direction ?? undefined}
      dir="ltr"
      className={cn(
        'mt-1 flex items-center gap-0.5 leading-none tabular-nums',
        compact ? 'text-sm' : 'text-base',
      )}
    >
      {formatPrice(value, priceDigits(PRICE_DECIMALS.chartButtons, asset.decimals))}
      {Arrow ? <Arrow aria-hidden="true" className="size-3" /> : null}
    </span>
  );
}

/**
 * SELL at the bid and BUY at the ask of `asset`, live with 4 decimals (SPEC §9 chart buttons); each
 * opens the order form on that side for this instrument (SPEC §2 centre).
 */
export function TradeButtons({ asset, testIds, size = 'default', onOpened, className }: TradeButtonsProps) {
  const { t } = useTranslation('terminal');
  const openForm = useOrderFormStore((s) => s.openForm);
  const open = (side: 'buy' | 'sell') => {
    openForm(side, asset.id);
    onOpened?.();
  };
  const compact = size === 'compact';
  const base = cn(
    'flex min-w-0 flex-1 flex-col items-center justify-center rounded-md font-semibold shadow-sm transition-colors focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
    compact ? 'h-10 px-2' : 'h-11 px-3',
  );
  return (
    <div className={cn('flex gap-2', className)}>
      <button
        type="button"
        data-testid={testIds?.sell}
        onClick={() => open('sell')}
        aria-keyshortcuts="S"
        className={cn(base, 'bg-sell text-sell-foreground hover:bg-sell/90')}
      >
        <span className="text-xs leading-none tracking-widest">{t('trade.sell')}</span>{' '}
        <ButtonPrice asset={asset} field="bid" compact={compact} />
      </button>
      <button
        type="button"
        data-testid={testIds?.buy}
        onClick={() => open('buy')}
        aria-keyshortcuts="B"
        className={cn(base, 'bg-buy text-buy-foreground hover:bg-buy/90')}
      >
        <span className="text-xs leading-none tracking-widest">{t('trade.buy')}</span>{' '}
        <ButtonPrice asset={asset} field="ask" compact={compact} />
      </button>
    </div>
  );
}
