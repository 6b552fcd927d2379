import type { Trade } from '@openbroker/domain';
import { formatPrice } from '@openbroker/domain';
import { memo, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { AssetIcon } from '@/features/market/AssetIcon';
import { pnlClass } from '@/features/money/Money';
import { type MoneyFormatter, useAccountCurrency } from '@/features/money/useMoney';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { useLiveTrade } from '@/features/trading/liveValuation';
import { cn } from '@/lib/utils';
import type { PriceStore } from '@/stores/priceStore';
import { closeReasonLabel, formatLevel, formatLots, formatTime, sideLabel } from './format';
import { OriginBadge } from './OriginBadge';

/**
 * One DOM for both layouts: a table row when the drawer is wide (container ≥ 48rem), a card of
 * labelled figures below that, so a phone sees every figure and both buttons without scrolling.
 */
const ROW_BASE =
  'grid grid-cols-4 gap-x-3 gap-y-2 rounded-lg border bg-background/40 p-3 text-xs @3xl:items-center @3xl:gap-y-0 @3xl:rounded-none @3xl:border-0 @3xl:border-b @3xl:bg-transparent @3xl:px-3 @3xl:py-1.5 @3xl:hover:bg-accent/40';

export const ACTIVE_COLUMNS =
  '@3xl:grid-cols-[minmax(8rem,1.4fr)_3.25rem_3.75rem_repeat(4,minmax(4.5rem,1fr))_minmax(7.5rem,1fr)_minmax(5.5rem,1fr)_8.5rem]';
export const HISTORY_COLUMNS =
  '@3xl:grid-cols-[minmax(8rem,1.4fr)_3.25rem_3.75rem_repeat(2,minmax(4.5rem,1fr))_repeat(2,minmax(7.5rem,1fr))_minmax(6rem,1fr)_minmax(5.5rem,1fr)]';

export const ACTIVE_HEADERS = [
  'Symbol',
  'Side',
  'Volume',
  'Open price',
  'Current price',
  'Take profit',
  'Stop loss',
  'Open time',
  'P/L',
  'Actions',
] as const;
export const HISTORY_HEADERS = [
  'Symbol',
  'Side',
  'Volume',
  'Open price',
  'Close price',
  'Open time',
  'Close time',
  'Reason',
  'P/L',
] as const;

/**
 * Column headings, shown only in the wide (table) layout; hidden from screen readers, as every
 * figure in a row carries its own label.
 */
export function RowsHeader({ columns, headers }: { columns: string; headers: readonly string[] }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'sticky top-0 z-10 hidden gap-x-3 border-b bg-card px-3 py-1.5 text-[11px] font-medium text-muted-foreground uppercase @3xl:grid',
        columns,
      )}
    >
      {headers.map((h, i) => (
        <span key={h} className={cn(i >= 2 && 'text-right')}>
          {h === 'Actions' ? '' : h}
        </span>
      ))}
    </div>
  );
}

interface CellProps {
  label: string;
  className?: string;
  children: ReactNode;
}

/** A figure with its label above it in the card layout; the label is for screen readers only in the table. */
function Cell({ label, className, children }: CellProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5 @3xl:block', className)}>
      <span className="text-[10px] tracking-wide text-muted-foreground uppercase @3xl:sr-only">{label}</span>
      <span className="truncate tabular-nums">{children}</span>
    </div>
  );
}

function SymbolCell({ trade, className }: { trade: Trade; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <AssetIcon symbol={trade.asset_symbol} size={22} />
      <div className="flex min-w-0 flex-col leading-tight">
        <span className="truncate font-semibold">{trade.asset_symbol}</span>
        <span className="truncate text-[11px] text-muted-foreground">{trade.asset_name}</span>
        <OriginBadge trade={trade} className="mt-0.5 self-start" />
      </div>
    </div>
  );
}

function Side({ trade }: { trade: Trade }) {
  return (
    <span className={cn('font-semibold uppercase', trade.trade_type === 'buy' ? 'text-buy' : 'text-sell')}>
      {sideLabel(trade)}
    </span>
  );
}

const right = '@3xl:text-right';
const wide = '@3xl:order-none @3xl:col-span-1';

export interface ActivePositionRowProps {
  trade: Trade;
  /** Price decimals of the instrument. */
  decimals: number;
  format: MoneyFormatter;
  /** For tests; the app's price store otherwise. */
  store?: PriceStore;
}

/**
 * An open position with its live current price and P/L (SPEC §4). It subscribes to its own
 * instrument only (useLiveTrade), so a tick re-renders this row and no other.
 */
export const ActivePositionRow = memo(function ActivePositionRow({
  trade,
  decimals,
  format,
  store,
}: ActivePositionRowProps) {
  // The formatter reads amounts as the selected account's currency; value them in it too.
  const live = useLiveTrade(trade, useAccountCurrency(), store);
  const openDialog = useTradeDialogs((s) => s.openDialog);
  return (
    <li data-testid="position-row" data-trade-id={trade.id} className={cn(ROW_BASE, ACTIVE_COLUMNS)}>
      <SymbolCell trade={trade} className={cn('order-0 col-span-3', wide)} />
      <Cell label="Side" className={cn('order-2', wide)}>
        <Side trade={trade} />
      </Cell>
      <Cell label="Volume" className={cn('order-3', wide, right)}>
        {formatLots(trade.volume)}
      </Cell>
      <Cell label="Open price" className={cn('order-4', wide, right)}>
        {formatPrice(trade.opening_price, decimals)}
      </Cell>
      <Cell label="Current price" className={cn('order-5', wide, right)}>
        <span data-testid="current-price">{formatPrice(live.closingPrice, decimals)}</span>
      </Cell>
      <Cell label="Take profit" className={cn('order-6', wide, right)}>
        {formatLevel(trade.take_profit, decimals)}
      </Cell>
      <Cell label="Stop loss" className={cn('order-7', wide, right)}>
        {formatLevel(trade.stop_loss, decimals)}
      </Cell>
      <Cell label="Open time" className={cn('order-8 col-span-2', wide, right)}>
        {formatTime(trade.open_time)}
      </Cell>
      <Cell label="P/L" className={cn('order-1 text-right', wide)}>
        <span data-testid="position-pnl" className={cn('font-semibold', pnlClass(live.pnl))}>
          {format(live.pnl, { signed: true })}
        </span>
      </Cell>
      <div className={cn('order-9 col-span-4 flex justify-end gap-1.5', wide)}>
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2.5"
          aria-label={`Set take profit and stop loss for ${trade.asset_symbol} position ${trade.trade_id}`}
          onClick={() => openDialog({ kind: 'tpsl', trade })}
        >
          TP/SL
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="h-7 border-sell/50 px-2.5 text-sell hover:bg-sell/10 hover:text-sell"
          aria-label={`Close ${trade.asset_symbol} position ${trade.trade_id}`}
          onClick={() => openDialog({ kind: 'close', trade })}
        >
          Close
        </Button>
      </div>
    </li>
  );
});

export interface HistoryPositionRowProps {
  trade: Trade;
  decimals: number;
  format: MoneyFormatter;
}

/** A closed position: closing price, realised P/L and why it closed (SPEC §4 positions history). */
export const HistoryPositionRow = memo(function HistoryPositionRow({
  trade,
  decimals,
  format,
}: HistoryPositionRowProps) {
  return (
    <li data-testid="position-row" data-trade-id={trade.id} className={cn(ROW_BASE, HISTORY_COLUMNS)}>
      <SymbolCell trade={trade} className={cn('order-0 col-span-3', wide)} />
      <Cell label="Side" className={cn('order-2', wide)}>
        <Side trade={trade} />
      </Cell>
      <Cell label="Volume" className={cn('order-3', wide, right)}>
        {formatLots(trade.volume)}
      </Cell>
      <Cell label="Open price" className={cn('order-4', wide, right)}>
        {formatPrice(trade.opening_price, decimals)}
      </Cell>
      <Cell label="Close price" className={cn('order-5', wide, right)}>
        {formatPrice(trade.closing_price, decimals)}
      </Cell>
      <Cell label="Open time" className={cn('order-6 col-span-2', wide, right)}>
        {formatTime(trade.open_time)}
      </Cell>
      <Cell label="Close time" className={cn('order-7 col-span-2', wide, right)}>
        {formatTime(trade.close_time)}
      </Cell>
      <Cell label="Reason" className={cn('order-8 col-span-4', wide, right)}>
        {closeReasonLabel(trade.close_reason)}
      </Cell>
      <Cell label="P/L" className={cn('order-1 text-right', wide)}>
        <span data-testid="position-pnl" className={cn('font-semibold', pnlClass(trade.pnl))}>
          {format(trade.pnl, { signed: true })}
        </span>
      </Cell>
    </li>
  );
});
