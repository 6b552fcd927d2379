import { formatPrice, priceDigits } from '@openbroker/domain';
import { memo } from 'react';
import type { Asset } from '@/api/assets';
import { InstrumentIcon } from '@/features/market/InstrumentIcon';
import { TICK_TRANSITION, TickArrow, tickColor, useTickDirection } from '@/features/market/PriceTick';
import { usePrice } from '@/features/market/usePrice';
import { cn } from '@/lib/utils';
import type { LivePrice, PriceDirection } from '@/stores/priceStore';
import { signClass, signedPercent } from './format';
import type { VirtualRowProps } from './VirtualList';

/** The live figures of a row, falling back to the catalogue's until the first tick. */
export function rowFigures(asset: Asset, live: LivePrice | undefined) {
  return {
    bid: live?.bid ?? asset.sell_price,
    ask: live?.ask ?? asset.buy_price,
    changePercent: live?.changePercent ?? asset.change_percent,
    direction: live?.direction ?? null,
  };
}

/** SPEC §4: a price flashes green on a rise and red on a fall (with an arrow: see `PriceCell`). */
export function flashClass(direction: PriceDirection | null): string {
  return tickColor(direction);
}

const ROW_BUTTON =
  'grid h-full w-full items-center gap-2 px-3 text-start text-xs transition-colors hover:bg-accent/70 focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring';

interface RowProps {
  asset: Asset;
  active: boolean;
  onPick: (asset: Asset) => void;
  /** The list's roving-focus attributes (see `VirtualList`); rows are options of its listbox. */
  rowProps?: VirtualRowProps;
}

/**
 * A live price cell: the figure, coloured while it flashes, and an up or down arrow beside it so the
 * move never rests on colour alone; under reduced motion both stay, still, until the next move.
 */
export function PriceCell({
  value,
  digits,
  direction,
  className,
}: {
  value: number;
  digits: number;
  direction: PriceDirection | null;
  className?: string;
}) {
  return (
    <span className={cn('flex items-center justify-end gap-0.5', className)}>
      <TickArrow direction={direction} />
      <span dir="ltr" className={cn('tabular-nums', TICK_TRANSITION, tickColor(direction))}>
        {formatPrice(value, digits)}
      </span>
    </span>
  );
}

/**
 * A Market Watch row (SPEC §2 left panel): icon, symbol and name, sell, buy and 24 h change. It
 * subscribes to its own instrument's price, so a tick re-renders this row alone.
 */
export const MarketWatchRow = memo(function MarketWatchRow({ asset, active, onPick, rowProps }: RowProps) {
  const { bid, ask, changePercent, direction: live } = rowFigures(asset, usePrice(asset.id));
  const direction = useTickDirection(live);
  return (
    <button
      type="button"
      role="option"
      {...rowProps}
      onClick={() => onPick(asset)}
      data-symbol={asset.sy}
      aria-selected={active}
      aria-current={active ? 'true' : undefined}
      className={cn(ROW_BUTTON, MARKET_WATCH_COLUMNS, active && 'bg-primary/10')}
    >
      <span className="flex min-w-0 items-center gap-2">
        <InstrumentIcon instrument={asset} size={20} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-foreground">{asset.sy}</span>{' '}
          <span className="flex min-w-0 items-baseline gap-1.5 text-xs">
            <span dir="ltr" className={cn('shrink-0 tabular-nums', signClass(changePercent))}>
              {signedPercent(changePercent)}
            </span>{' '}
            <span className="truncate text-muted-foreground">{asset.name}</span>
          </span>
        </span>
      </span>{' '}
      <PriceCell value={bid} digits={asset.decimals} direction={direction} />{' '}
      <PriceCell value={ask} digits={asset.decimals} direction={direction} />
    </button>
  );
});

/** An add-asset dialog row (SPEC §2): Symbol, Sell, Buy, Spread, Change, live. */
export const AddAssetRow = memo(function AddAssetRow({ asset, active, onPick, rowProps }: RowProps) {
  const { bid, ask, changePercent, direction: live } = rowFigures(asset, usePrice(asset.id));
  const direction = useTickDirection(live);
  return (
    <button
      type="button"
      role="option"
      {...rowProps}
      onClick={() => onPick(asset)}
      data-symbol={asset.sy}
      aria-selected={active}
      aria-current={active ? 'true' : undefined}
      className={cn(ROW_BUTTON, ADD_ASSET_COLUMNS, active && 'bg-primary/10')}
    >
      <span className="flex min-w-0 items-center gap-2">
        <InstrumentIcon instrument={asset} size={20} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-foreground">{asset.sy}</span>{' '}
          <span className="block truncate text-xs text-muted-foreground">{asset.name}</span>
        </span>
      </span>{' '}
      <PriceCell value={bid} digits={asset.decimals} direction={direction} />{' '}
      <PriceCell value={ask} digits={asset.decimals} direction={direction} />{' '}
      <span dir="ltr" className="hidden text-end tabular-nums text-muted-foreground sm:block">
        {formatPrice(ask - bid, asset.decimals)}
      </span>{' '}
      <span dir="ltr" className={cn('text-end tabular-nums', signClass(changePercent))}>
        {signedPercent(changePercent)}
      </span>
    </button>
  );
});

/** Columns of the Market Watch panel. */
export const MARKET_WATCH_COLUMNS = 'grid-cols-[minmax(0,1fr)_4.75rem_4.75rem]';

/** Columns of the add-asset table; the spread column is dropped on phones. */
export const ADD_ASSET_COLUMNS =
  'grid-cols-[minmax(0,1fr)_5rem_5rem_4rem] sm:grid-cols-[minmax(0,1fr)_6rem_6rem_5rem_4.5rem]';

/** A watch-list row (SPEC §2 right sidebar): Symbol, Bid, Ask with at least 3 decimals (SPEC §9). */
export const WatchListRow = memo(function WatchListRow({
  asset,
  active,
  onPick,
  decimals,
  rowProps,
}: RowProps & { decimals: number }) {
  const { bid, ask, direction: live } = rowFigures(asset, usePrice(asset.id));
  const direction = useTickDirection(live);
  const digits = priceDigits(decimals, asset.decimals);
  return (
    <button
      type="button"
      role="option"
      {...rowProps}
      onClick={() => onPick(asset)}
      data-symbol={asset.sy}
      aria-selected={active}
      aria-current={active ? 'true' : undefined}
      className={cn(ROW_BUTTON, WATCH_LIST_COLUMNS, 'px-2', active && 'bg-primary/10')}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <InstrumentIcon instrument={asset} size={16} />
        <span className="truncate font-medium">{asset.sy}</span>
      </span>{' '}
      <PriceCell value={bid} digits={digits} direction={direction} />{' '}
      <PriceCell value={ask} digits={digits} direction={direction} />
    </button>
  );
});

/** Columns of the watch list. */
export const WATCH_LIST_COLUMNS = 'grid-cols-[minmax(0,1fr)_5rem_5rem]';
