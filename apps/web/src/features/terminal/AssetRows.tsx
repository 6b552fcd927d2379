import { formatPrice, priceDigits } from '@openbroker/domain';
import { memo } from 'react';
import type { Asset } from '@/api/assets';
import { AssetIcon } from '@/features/market/AssetIcon';
import { usePrice } from '@/features/market/usePrice';
import { cn } from '@/lib/utils';
import type { LivePrice, PriceDirection } from '@/stores/priceStore';
import { signClass, signedPercent } from './format';

/** The live figures of a row, falling back to the catalogue's until the first tick. */
export function rowFigures(asset: Asset, live: LivePrice | undefined) {
  return {
    bid: live?.bid ?? asset.sell_price,
    ask: live?.ask ?? asset.buy_price,
    changePercent: live?.changePercent ?? asset.change_percent,
    direction: live?.direction ?? null,
  };
}

/** SPEC §4: a price flashes green on a rise and red on a fall. */
export function flashClass(direction: PriceDirection | null): string {
  if (direction === 'up') return 'text-buy';
  if (direction === 'down') return 'text-sell';
  return '';
}

const ROW_BUTTON =
  'grid h-full w-full items-center gap-2 px-3 text-left text-xs transition-colors hover:bg-accent/70 focus-visible:bg-accent focus-visible:outline-none';

interface RowProps {
  asset: Asset;
  active: boolean;
  onPick: (asset: Asset) => void;
}

/**
 * A Market Watch row (SPEC §2 left panel): icon, symbol and name, sell, buy and 24 h change. It
 * subscribes to its own instrument's price, so a tick re-renders this row alone.
 */
export const MarketWatchRow = memo(function MarketWatchRow({ asset, active, onPick }: RowProps) {
  const { bid, ask, changePercent, direction } = rowFigures(asset, usePrice(asset.id));
  return (
    <button
      type="button"
      onClick={() => onPick(asset)}
      aria-label={`${asset.sy} ${asset.name}`}
      aria-current={active ? 'true' : undefined}
      className={cn(ROW_BUTTON, MARKET_WATCH_COLUMNS, active && 'bg-primary/10')}
    >
      <span className="flex min-w-0 items-center gap-2">
        <AssetIcon symbol={asset.symbol} image={asset.image} size={20} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-foreground">{asset.sy}</span>
          <span className="flex min-w-0 items-baseline gap-1.5 text-[11px]">
            <span className={cn('shrink-0 tabular-nums', signClass(changePercent))}>
              {signedPercent(changePercent)}
            </span>
            <span className="truncate text-muted-foreground">{asset.name}</span>
          </span>
        </span>
      </span>
      <span className={cn('text-right tabular-nums', flashClass(direction))}>
        {formatPrice(bid, asset.decimals)}
      </span>
      <span className={cn('text-right tabular-nums', flashClass(direction))}>
        {formatPrice(ask, asset.decimals)}
      </span>
    </button>
  );
});

/** An add-asset dialog row (SPEC §2): Symbol, Sell, Buy, Spread, Change, live. */
export const AddAssetRow = memo(function AddAssetRow({ asset, active, onPick }: RowProps) {
  const { bid, ask, changePercent, direction } = rowFigures(asset, usePrice(asset.id));
  return (
    <button
      type="button"
      onClick={() => onPick(asset)}
      aria-label={`Add ${asset.sy}`}
      aria-current={active ? 'true' : undefined}
      className={cn(ROW_BUTTON, ADD_ASSET_COLUMNS, active && 'bg-primary/10')}
    >
      <span className="flex min-w-0 items-center gap-2">
        <AssetIcon symbol={asset.symbol} image={asset.image} size={20} />
        <span className="min-w-0">
          <span className="block truncate font-medium text-foreground">{asset.sy}</span>
          <span className="block truncate text-[11px] text-muted-foreground">{asset.name}</span>
        </span>
      </span>
      <span className={cn('text-right tabular-nums', flashClass(direction))}>
        {formatPrice(bid, asset.decimals)}
      </span>
      <span className={cn('text-right tabular-nums', flashClass(direction))}>
        {formatPrice(ask, asset.decimals)}
      </span>
      <span className="hidden text-right tabular-nums text-muted-foreground sm:block">
        {formatPrice(ask - bid, asset.decimals)}
      </span>
      <span className={cn('text-right tabular-nums', signClass(changePercent))}>
        {signedPercent(changePercent)}
      </span>
    </button>
  );
});

/** Columns of the Market Watch panel. */
export const MARKET_WATCH_COLUMNS = 'grid-cols-[minmax(0,1fr)_4.25rem_4.25rem]';

/** Columns of the add-asset table; the spread column is dropped on phones. */
export const ADD_ASSET_COLUMNS =
  'grid-cols-[minmax(0,1fr)_4.5rem_4.5rem_4rem] sm:grid-cols-[minmax(0,1fr)_5.5rem_5.5rem_5rem_4.5rem]';

/** A watch-list row (SPEC §2 right sidebar): Symbol, Bid, Ask with at least 3 decimals (SPEC §9). */
export const WatchListRow = memo(function WatchListRow({
  asset,
  active,
  onPick,
  decimals,
}: RowProps & { decimals: number }) {
  const { bid, ask, direction } = rowFigures(asset, usePrice(asset.id));
  const digits = priceDigits(decimals, asset.decimals);
  return (
    <button
      type="button"
      onClick={() => onPick(asset)}
      aria-label={asset.sy}
      aria-current={active ? 'true' : undefined}
      className={cn(ROW_BUTTON, 'grid-cols-[minmax(0,1fr)_4.75rem_4.75rem] px-2', active && 'bg-primary/10')}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <span
          aria-hidden="true"
          className={cn(
            'size-1.5 shrink-0 rounded-full',
            direction === 'up' ? 'bg-buy' : direction === 'down' ? 'bg-sell' : 'bg-muted-foreground/40',
          )}
        />
        <span className="truncate font-medium">{asset.sy}</span>
      </span>
      <span className={cn('text-right tabular-nums', flashClass(direction))}>{formatPrice(bid, digits)}</span>
      <span className={cn('text-right tabular-nums', flashClass(direction))}>{formatPrice(ask, digits)}</span>
    </button>
  );
});
