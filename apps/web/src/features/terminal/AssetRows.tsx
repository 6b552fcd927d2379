import { formatPrice, priceDigits } from '@openbroker/domain';
import { memo, useMemo } from 'react';
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

/*
 * Every mounted row re-renders on each price frame (10 a second per instrument under load), so the
 * rows keep that render small (issue 17): the parts that never tick (icon, symbol, name, the
 * button's classes) are built once per asset and reused as the same elements, which React skips;
 * the arrow re-renders only when the direction flips; class names of ticking cells are worked out
 * once here instead of through `cn` (tailwind-merge) on every tick.
 */
const PriceArrow = memo(TickArrow);

const PRICE_TEXT: Record<PriceDirection | 'flat', string> = {
  up: cn('tabular-nums', TICK_TRANSITION, tickColor('up')),
  down: cn('tabular-nums', TICK_TRANSITION, tickColor('down')),
  flat: cn('tabular-nums', TICK_TRANSITION, tickColor(null)),
};

const PRICE_CELL = 'flex items-center justify-end gap-0.5';

/** The row's button classes, for its columns and whether it is the active instrument. */
function useRowClass(columns: string, active: boolean, extra?: string): string {
  return useMemo(() => cn(ROW_BUTTON, columns, extra, active && 'bg-primary/10'), [columns, extra, active]);
}

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
export const PriceCell = memo(function PriceCell({
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
    <span className={className ? cn(PRICE_CELL, className) : PRICE_CELL}>
      <PriceArrow direction={direction} />
      <span dir="ltr" className={PRICE_TEXT[direction ?? 'flat']}>
        {formatPrice(value, digits)}
      </span>
    </span>
  );
});

/**
 * A Market Watch row (SPEC §2 left panel): icon, symbol and name, sell, buy and 24 h change. It
 * subscribes to its own instrument's price, so a tick re-renders this row alone.
 */
export const MarketWatchRow = memo(function MarketWatchRow({ asset, active, onPick, rowProps }: RowProps) {
  const { bid, ask, changePercent, direction: live } = rowFigures(asset, usePrice(asset.id));
  const direction = useTickDirection(live);
  const className = useRowClass(MARKET_WATCH_COLUMNS, active);
  const icon = useMemo(() => <InstrumentIcon instrument={asset} size={20} />, [asset]);
  const symbol = useMemo(
    () => <span className="block truncate font-medium text-foreground">{asset.sy}</span>,
    [asset.sy],
  );
  const name = useMemo(
    () => <span className="truncate text-muted-foreground">{asset.name}</span>,
    [asset.name],
  );
  return (
    <button
      type="button"
      role="option"
      {...rowProps}
      onClick={() => onPick(asset)}
      data-symbol={asset.sy}
      aria-selected={active}
      aria-current={active ? 'true' : undefined}
      className={className}
    >
      <span className="flex min-w-0 items-center gap-2">
        {icon}
        <span className="min-w-0">
          {symbol}{' '}
          <span className="flex min-w-0 items-baseline gap-1.5 text-xs">
            <span dir="ltr" className={cn('shrink-0 tabular-nums', signClass(changePercent))}>
              {signedPercent(changePercent)}
            </span>{' '}
            {name}
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
  const className = useRowClass(ADD_ASSET_COLUMNS, active);
  const identity = useMemo(
    () => (
      <span className="flex min-w-0 items-center gap-2">
        <InstrumentIcon instrument={asset} size={20} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-foreground">{asset.sy}</span>{' '}
          <span className="block truncate text-xs text-muted-foreground">{asset.name}</span>
        </span>
      </span>
    ),
    [asset],
  );
  return (
    <button
      type="button"
      role="option"
      {...rowProps}
      onClick={() => onPick(asset)}
      data-symbol={asset.sy}
      aria-selected={active}
      aria-current={active ? 'true' : undefined}
      className={className}
    >
      {identity} <PriceCell value={bid} digits={asset.decimals} direction={direction} />{' '}
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
  const className = useRowClass(WATCH_LIST_COLUMNS, active, 'px-2');
  const identity = useMemo(
    () => (
      <span className="flex min-w-0 items-center gap-1.5">
        <InstrumentIcon instrument={asset} size={16} />
        <span className="truncate font-medium">{asset.sy}</span>
      </span>
    ),
    [asset],
  );
  return (
    <button
      type="button"
      role="option"
      {...rowProps}
      onClick={() => onPick(asset)}
      data-symbol={asset.sy}
      aria-selected={active}
      aria-current={active ? 'true' : undefined}
      className={className}
    >
      {identity} <PriceCell value={bid} digits={digits} direction={direction} />{' '}
      <PriceCell value={ask} digits={digits} direction={direction} />
    </button>
  );
});

/** Columns of the watch list. */
export const WATCH_LIST_COLUMNS = 'grid-cols-[minmax(0,1fr)_5rem_5rem]';
