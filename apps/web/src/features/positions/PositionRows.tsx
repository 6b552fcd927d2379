import type { Trade } from '@openbroker/domain';
import { formatPrice } from '@openbroker/domain';
import { type KeyboardEvent, memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { AssetIcon } from '@/features/market/AssetIcon';
import { pnlClass } from '@/features/money/Money';
import { type MoneyFormatter, useAccountCurrency } from '@/features/money/useMoney';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { useLiveTrade } from '@/features/trading/liveValuation';
import type en from '@/i18n/locales/en/trade';
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

/** A selectable row: a visible focus ring, and the selection marked by more than colour (a bar at its start). */
const SELECTABLE =
  'cursor-default outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset aria-selected:border-s-4 aria-selected:border-s-primary aria-selected:bg-primary/10 @3xl:aria-selected:bg-primary/10';

export const ACTIVE_COLUMNS =
  '@3xl:grid-cols-[minmax(8rem,1.4fr)_3.25rem_3.75rem_repeat(4,minmax(4.5rem,1fr))_minmax(7.5rem,1fr)_minmax(5.5rem,1fr)_8.5rem]';
export const HISTORY_COLUMNS =
  '@3xl:grid-cols-[minmax(8rem,1.4fr)_3.25rem_3.75rem_repeat(2,minmax(4.5rem,1fr))_repeat(2,minmax(7.5rem,1fr))_minmax(6rem,1fr)_minmax(5.5rem,1fr)]';

/** Column keys (`trade:positions.columns.*`), in the order of the cells. */
export type ColumnKey = keyof typeof en.positions.columns;

export const ACTIVE_HEADERS = [
  'symbol',
  'side',
  'volume',
  'openPrice',
  'currentPrice',
  'takeProfit',
  'stopLoss',
  'openTime',
  'pnl',
  'actions',
] as const satisfies readonly ColumnKey[];
export const HISTORY_HEADERS = [
  'symbol',
  'side',
  'volume',
  'openPrice',
  'closePrice',
  'openTime',
  'closeTime',
  'reason',
  'pnl',
] as const satisfies readonly ColumnKey[];

/**
 * Column headings, shown only in the wide (table) layout; hidden from screen readers, as every
 * figure in a row carries its own label.
 */
export function RowsHeader({ columns, headers }: { columns: string; headers: readonly ColumnKey[] }) {
  const { t } = useTranslation('trade');
  return (
    <div
      aria-hidden="true"
      className={cn(
        'sticky top-0 z-10 hidden gap-x-3 border-b bg-card px-3 py-1.5 text-xs font-medium text-muted-foreground uppercase @3xl:grid',
        columns,
      )}
    >
      {headers.map((h, i) => (
        <span key={h} className={cn(i >= 2 && 'text-end')}>
          {h === 'actions' ? '' : t(`positions.columns.${h}`)}
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
function Cell({ label, className, children, grid }: CellProps & { grid?: boolean }) {
  return (
    <div
      role={grid ? 'gridcell' : undefined}
      className={cn('flex min-w-0 flex-col gap-0.5 @3xl:block', className)}
    >
      <span className="text-xs tracking-wide text-muted-foreground uppercase @3xl:sr-only">{label}</span>
      <span className="truncate tabular-nums">{children}</span>
    </div>
  );
}

function SymbolCell({ trade, className, grid }: { trade: Trade; className?: string; grid?: boolean }) {
  return (
    <div role={grid ? 'gridcell' : undefined} className={cn('flex min-w-0 items-center gap-2', className)}>
      <AssetIcon symbol={trade.asset_symbol} size={22} />
      <div className="flex min-w-0 flex-col leading-tight">
        <span className="truncate font-semibold">{trade.asset_symbol}</span>
        <span className="truncate text-xs text-muted-foreground">{trade.asset_name}</span>
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

const right = '@3xl:text-end';
const wide = '@3xl:order-none @3xl:col-span-1';

export interface ActivePositionRowProps {
  trade: Trade;
  /** Price decimals of the instrument. */
  decimals: number;
  format: MoneyFormatter;
  /** For tests; the app's price store otherwise. */
  store?: PriceStore;
  /** Its place in the list (one Tab stop, arrows move: `useRovingFocus`). */
  index?: number;
  /** The list's Tab stop is this row; its buttons are reachable by Tab only then. */
  tabbable?: boolean;
  selected?: boolean;
  onSelect?: (id: Trade['id']) => void;
  onFocusIndex?: (index: number) => void;
}

/**
 * An open position with its live current price and P/L (SPEC §4). It subscribes to its own
 * instrument only (useLiveTrade), so a tick re-renders this row and no other. It is a row of a
 * `role="grid"` list: selected by a click, Enter or Space (then `C` closes it), its buttons in the Tab order
 * only while the row is the list's Tab stop.
 */
export const ActivePositionRow = memo(function ActivePositionRow({
  trade,
  decimals,
  format,
  store,
  index = 0,
  tabbable = true,
  selected = false,
  onSelect,
  onFocusIndex,
}: ActivePositionRowProps) {
  const { t } = useTranslation('trade');
  // The formatter reads amounts as the selected account's currency; value them in it too.
  const live = useLiveTrade(trade, useAccountCurrency(), store);
  const openDialog = useTradeDialogs((s) => s.openDialog);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.key !== ' ') return;
    event.preventDefault();
    onSelect?.(trade.id);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a card on narrow screens, a table row when wide.
    <div
      role="row"
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-roving-index={index}
      onFocus={() => onFocusIndex?.(index)}
      onClick={() => onSelect?.(trade.id)}
      onKeyDown={onKeyDown}
      data-testid="position-row"
      data-trade-id={trade.id}
      className={cn(ROW_BASE, ACTIVE_COLUMNS, SELECTABLE)}
    >
      <SymbolCell grid trade={trade} className={cn('order-0 col-span-3', wide)} />
      <Cell grid label={t('positions.columns.side')} className={cn('order-2', wide)}>
        <Side trade={trade} />
      </Cell>
      <Cell grid label={t('positions.columns.volume')} className={cn('order-3', wide, right)}>
        {formatLots(trade.volume)}
      </Cell>
      <Cell grid label={t('positions.columns.openPrice')} className={cn('order-4', wide, right)}>
        {formatPrice(trade.opening_price, decimals)}
      </Cell>
      <Cell grid label={t('positions.columns.currentPrice')} className={cn('order-5', wide, right)}>
        <span data-testid="current-price">{formatPrice(live.closingPrice, decimals)}</span>
      </Cell>
      <Cell grid label={t('positions.columns.takeProfit')} className={cn('order-6', wide, right)}>
        {formatLevel(trade.take_profit, decimals)}
      </Cell>
      <Cell grid label={t('positions.columns.stopLoss')} className={cn('order-7', wide, right)}>
        {formatLevel(trade.stop_loss, decimals)}
      </Cell>
      <Cell grid label={t('positions.columns.openTime')} className={cn('order-8 col-span-2', wide, right)}>
        {formatTime(trade.open_time)}
      </Cell>
      <Cell grid label={t('positions.columns.pnl')} className={cn('order-1 text-end', wide)}>
        <span data-testid="position-pnl" className={cn('font-semibold', pnlClass(live.pnl))}>
          {format(live.pnl, { signed: true })}
        </span>
      </Cell>
      {/* biome-ignore lint/a11y/useSemanticElements: see the row. */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the row is the focus stop; its buttons take focus inside it. */}
      <div role="gridcell" className={cn('order-9 col-span-4 flex justify-end gap-1.5', wide)}>
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2.5"
          tabIndex={tabbable ? undefined : -1}
          aria-label={t('positions.tpslLabel', { symbol: trade.asset_symbol, id: trade.trade_id })}
          onClick={(event) => {
            event.stopPropagation();
            openDialog({ kind: 'tpsl', trade });
          }}
        >
          {t('positions.tpslButton')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="h-7 border-sell/50 px-2.5 text-sell hover:bg-sell/10 hover:text-sell"
          tabIndex={tabbable ? undefined : -1}
          aria-label={t('positions.closeLabel', { symbol: trade.asset_symbol, id: trade.trade_id })}
          onClick={(event) => {
            event.stopPropagation();
            onSelect?.(trade.id);
            openDialog({ kind: 'close', trade });
          }}
        >
          {t('positions.closeButton')}
        </Button>
      </div>
    </div>
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
  const { t } = useTranslation('trade');
  return (
    <li data-testid="position-row" data-trade-id={trade.id} className={cn(ROW_BASE, HISTORY_COLUMNS)}>
      <SymbolCell trade={trade} className={cn('order-0 col-span-3', wide)} />
      <Cell label={t('positions.columns.side')} className={cn('order-2', wide)}>
        <Side trade={trade} />
      </Cell>
      <Cell label={t('positions.columns.volume')} className={cn('order-3', wide, right)}>
        {formatLots(trade.volume)}
      </Cell>
      <Cell label={t('positions.columns.openPrice')} className={cn('order-4', wide, right)}>
        {formatPrice(trade.opening_price, decimals)}
      </Cell>
      <Cell label={t('positions.columns.closePrice')} className={cn('order-5', wide, right)}>
        {formatPrice(trade.closing_price, decimals)}
      </Cell>
      <Cell label={t('positions.columns.openTime')} className={cn('order-6 col-span-2', wide, right)}>
        {formatTime(trade.open_time)}
      </Cell>
      <Cell label={t('positions.columns.closeTime')} className={cn('order-7 col-span-2', wide, right)}>
        {formatTime(trade.close_time)}
      </Cell>
      <Cell label={t('positions.columns.reason')} className={cn('order-8 col-span-4', wide, right)}>
        {closeReasonLabel(trade.close_reason)}
      </Cell>
      <Cell label={t('positions.columns.pnl')} className={cn('order-1 text-end', wide)}>
        <span data-testid="position-pnl" className={cn('font-semibold', pnlClass(trade.pnl))}>
          {format(trade.pnl, { signed: true })}
        </span>
      </Cell>
    </li>
  );
});
