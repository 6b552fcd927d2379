import { formatPrice, PRICE_DECIMALS, priceDigits, spreadInPips } from '@openbroker/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { AssetIcon } from '@/features/market/AssetIcon';
import { usePrice } from '@/features/market/usePrice';
import { formatPercent, formatPips } from '@/features/order/format';
import { useOrderFormStore } from '@/features/order/orderFormStore';
import { useTradeDialogs } from '@/features/order/tradeDialogsStore';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { cn } from '@/lib/utils';

/** Row height in px: symbol, name and change/spread beside two price buttons a thumb can hit. */
export const INSTRUMENT_ROW_HEIGHT = 64;

interface InstrumentListProps {
  assets: readonly Asset[];
  /** The grid's accessible name ("Forex instruments"). */
  label: string;
  /** Scrolls back to the top and to the first row whenever it changes (a new search or tab). */
  resetKey: string;
}

/**
 * The /trading instruments: a grid, one Tab stop (arrows, Home/End, PageUp/PageDown move between
 * rows; Tab then reaches the row's Sell and Buy), virtualized so thousands of rows stay light.
 * Enter on a row opens the instrument's information. Prices are live but never announced: a screen
 * reader reads them when it reaches them, not on every tick.
 */
export function InstrumentList({ assets, label, resetKey }: InstrumentListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: assets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => INSTRUMENT_ROW_HEIGHT,
    getItemKey: (index) => assets[index]?.id ?? index,
    overscan: 6,
    useFlushSync: false,
  });
  const roving = useRovingFocus<HTMLDivElement>(assets.length, {
    scrollTo: (index) => virtualizer.scrollToIndex(index),
    onActivate: (index) => {
      const asset = assets[index];
      if (asset) useTradeDialogs.getState().openDialog({ kind: 'info', assetId: asset.id });
    },
  });
  const { setActive } = roving;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setActive(0);
  }, [resetKey, setActive]);

  return (
    <div
      ref={scrollRef}
      className="max-h-[min(60dvh,36rem)] overflow-y-auto overscroll-contain rounded-lg border bg-card"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: rows are virtualized cards, which a <table> cannot hold. */}
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={assets.length}
        data-testid="instrument-list"
        {...roving.containerProps}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const asset = assets[item.index];
          if (!asset) return null;
          return (
            <InstrumentRow
              key={item.key}
              asset={asset}
              index={item.index}
              start={item.start}
              tabbable={item.index === roving.active}
              onFocusIndex={setActive}
            />
          );
        })}
      </div>
    </div>
  );
}

interface InstrumentRowProps {
  asset: Asset;
  index: number;
  /** Offset from the top of the list in px (virtualized). */
  start: number;
  tabbable: boolean;
  onFocusIndex: (index: number) => void;
}

/**
 * One instrument: icon, symbol, name, daily change and spread in pips, then Sell at the bid and
 * Buy at the ask, each opening the terminal's order form on that side. It subscribes to its own
 * price, so a tick re-renders this row alone.
 */
export const InstrumentRow = memo(function InstrumentRow({
  asset,
  index,
  start,
  tabbable,
  onFocusIndex,
}: InstrumentRowProps) {
  const { t } = useTranslation('trade');
  const live = usePrice(asset.id);
  const bid = live?.bid ?? asset.sell_price;
  const ask = live?.ask ?? asset.buy_price;
  const change = live?.changePercent ?? asset.change_percent;
  const digits = priceDigits(PRICE_DECIMALS.watchList, asset.decimals);
  const pips = spreadInPips(bid, ask, asset);
  const tone = change > 0 ? 'text-buy' : change < 0 ? 'text-sell' : 'text-muted-foreground';
  const open = (side: 'buy' | 'sell') => useOrderFormStore.getState().openForm(side, asset.id);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Space on the row opens the information, like Enter (a side is only ever chosen on its button).
    if (event.target !== event.currentTarget || event.key !== ' ') return;
    event.preventDefault();
    useTradeDialogs.getState().openDialog({ kind: 'info', assetId: asset.id });
  };
  const priceText = (value: number) => formatPrice(value, digits);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a virtualized card row, positioned absolutely.
    <div
      role="row"
      aria-rowindex={index + 1}
      tabIndex={tabbable ? 0 : -1}
      data-roving-index={index}
      data-testid="instrument-row"
      data-asset-id={asset.id}
      onFocus={() => onFocusIndex(index)}
      onKeyDown={onKeyDown}
      className="absolute inset-x-0 top-0 grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-2 border-b px-3 outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:gap-3"
      style={{ height: INSTRUMENT_ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the row. */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the row is the focus stop; its buttons take focus inside it. */}
      <div role="gridcell" className="flex min-w-0 items-center gap-2.5">
        <span aria-hidden="true" className="shrink-0">
          <AssetIcon symbol={asset.symbol} image={asset.image} size={28} />
        </span>
        <div className="min-w-0 text-sm leading-tight">
          <p className="truncate font-semibold">{asset.sy}</p>
          <p className="truncate text-xs text-muted-foreground">{asset.name}</p>
          <p className="flex min-w-0 gap-2 text-xs tabular-nums">
            <span className={tone} data-testid="instrument-change">
              <span className="sr-only">{t('trading.change')} </span>
              {formatPercent(change)}
            </span>
            <span className="truncate text-muted-foreground" data-testid="instrument-spread">
              <span className="sr-only">{t('trading.spread')} </span>
              {formatPips(pips)}
            </span>
          </p>
        </div>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: see the row. */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the row is the focus stop; its buttons take focus inside it. */}
      <div role="gridcell">
        <PriceButton
          side="sell"
          tabbable={tabbable}
          onClick={() => open('sell')}
          symbol={asset.sy}
          price={priceText(bid)}
        />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: see the row. */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the row is the focus stop; its buttons take focus inside it. */}
      <div role="gridcell">
        <PriceButton
          side="buy"
          tabbable={tabbable}
          onClick={() => open('buy')}
          symbol={asset.sy}
          price={priceText(ask)}
        />
      </div>
    </div>
  );
});

/**
 * "Sell 1.16009" on screen, "Sell EUR/USD at 1.16009" to a screen reader: the name starts with
 * what is shown, so a voice command that says what it sees reaches it.
 */
function PriceButton(props: {
  side: 'buy' | 'sell';
  tabbable: boolean;
  onClick: () => void;
  symbol: string;
  price: string;
}) {
  const { t } = useTranslation('trade');
  const { side, tabbable, onClick, symbol, price } = props;
  return (
    <button
      type="button"
      tabIndex={tabbable ? undefined : -1}
      onClick={onClick}
      data-testid={`${side}-button`}
      className={cn(
        'flex h-12 min-w-[5.5rem] flex-col items-center justify-center rounded-md border px-2 text-xs font-semibold outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:transition-none sm:min-w-[7rem]',
        side === 'buy'
          ? 'border-buy/60 text-buy hover:bg-buy/10'
          : 'border-sell/60 text-sell hover:bg-sell/10',
      )}
    >
      <Trans
        t={t}
        i18nKey={side === 'buy' ? 'trading.buyAt' : 'trading.sellAt'}
        values={{ symbol, price }}
        components={{
          sr: <span className="sr-only" />,
          price: <span className="font-mono text-sm font-normal tabular-nums text-foreground" />,
        }}
      />
    </button>
  );
}
