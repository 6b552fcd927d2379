import { type CandleInterval, DEFAULT_CANDLE_INTERVAL, formatPrice } from '@openbroker/domain';
import { ChartArea, ChartCandlestick, ChartLine, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { usePriceInterest } from '@/features/market/usePriceInterest';
import { flattenTrades, useTradeList } from '@/features/trading/queries';
import { formatNumber } from '@/i18n/format';
import { cn } from '@/lib/utils';
import { type PricesClient, pricesClient } from '@/realtime/pricesSocket';
import { type PriceStore, priceStore } from '@/stores/priceStore';
import { useResolvedTheme } from '@/stores/themeStore';
import { CHART_INTERVALS, useCandles } from './candles';
import { type ChartEngine, type ChartStyle, createChartEngine, formatChartTime } from './chartEngine';
import { positionLines } from './positionLines';

/** The chart types; each label is `terminal:chart.<key>`. */
const STYLES: { key: ChartStyle; icon: LucideIcon }[] = [
  { key: 'candles', icon: ChartCandlestick },
  { key: 'line', icon: ChartLine },
  { key: 'area', icon: ChartArea },
];

export interface ChartPanelProps {
  asset: Asset;
  /** For tests; the app's live price client and price store otherwise. */
  prices?: PricesClient;
  store?: PriceStore;
}

/**
 * The terminal's centre chart (SPEC §2): the server's candles for `asset` in the chosen interval
 * (1 minute by default, SPEC §9), kept live by the price socket's candle stream, drawn as
 * candles, a line or an area, with an OHLC legend under the crosshair and the open positions'
 * entry, take-profit and stop-loss levels as labelled price lines.
 */
export function ChartPanel({ asset, prices = pricesClient, store = priceStore }: ChartPanelProps) {
  const { t, i18n } = useTranslation('terminal');
  const [chartInterval, setChartInterval] = useState<CandleInterval>(DEFAULT_CANDLE_INTERVAL);
  const [style, setStyle] = useState<ChartStyle>('candles');
  const container = useRef<HTMLDivElement>(null);
  const theme = useResolvedTheme();
  // The engine is made once; it starts in the theme of that moment and follows it by setTheme.
  const themeRef = useRef(theme);
  const [engine, setEngine] = useState<ChartEngine | null>(null);
  const candles = useCandles(asset.id, chartInterval);
  const openTrades = useTradeList('open');
  // Labelled in the reader's language: recomputed when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes the labels.
  const lines = useMemo(
    () => positionLines(flattenTrades(openTrades.data), asset.id),
    [openTrades.data, asset.id, i18n.language],
  );
  const fittedFor = useRef<string | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const made = createChartEngine(el, themeRef.current);
    setEngine(made);
    return () => {
      setEngine(null);
      made.destroy();
    };
  }, []);

  useEffect(() => {
    engine?.setTheme(theme);
  }, [engine, theme]);

  useEffect(() => {
    engine?.setStyle(style);
  }, [engine, style]);

  useEffect(() => {
    engine?.setPriceFormat(asset.decimals);
  }, [engine, asset.decimals]);

  const { data } = candles;
  useEffect(() => {
    if (!engine) return;
    const key = `${asset.id}:${chartInterval}`;
    if (!data) {
      engine.reset();
      return;
    }
    engine.setData(data, fittedFor.current !== key);
    fittedFor.current = key;
  }, [engine, data, asset.id, chartInterval]);

  // Issue 17: the chart's instrument stays on the price socket while it is drawn.
  usePriceInterest([asset.id]);

  useEffect(() => {
    if (!engine) return;
    const id = asset.id;
    const offCandles = prices.subscribeCandles(id, chartInterval, (candle) => engine.pushCandle(candle));
    // At most one redraw per frame however fast the instrument ticks: the last price wins.
    let frame = 0;
    const offTicks = store.subscribe(id, () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const live = store.get(id);
        if (live) engine.pushTick(live.rate, live.updatedAt, chartInterval);
      });
    });
    return () => {
      offCandles();
      offTicks();
      cancelAnimationFrame(frame);
    };
  }, [engine, asset.id, chartInterval, prices, store]);

  useEffect(() => {
    engine?.setLines(lines);
  }, [engine, lines]);

  return (
    <div data-testid="chart-panel" className="flex h-full min-h-0 w-full flex-col bg-chart">
      <div className="flex shrink-0 items-center gap-x-2 overflow-x-auto border-b px-1.5 py-1 [scrollbar-width:none] sm:gap-x-3 sm:px-2">
        <fieldset className="m-0 flex shrink-0 items-center gap-0.5 border-0 p-0">
          <legend className="sr-only">{t('chart.interval')}</legend>
          {CHART_INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              aria-pressed={i === chartInterval}
              onClick={() => setChartInterval(i)}
              className={cn(
                'h-7 shrink-0 rounded px-1.5 text-xs font-medium tabular-nums outline-none sm:px-2 transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                i === chartInterval
                  ? 'bg-primary/15 text-primary'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              {i}
            </button>
          ))}
        </fieldset>
        <span aria-hidden="true" className="h-4 w-px shrink-0 bg-border" />
        <fieldset className="m-0 flex shrink-0 items-center gap-0.5 border-0 p-0">
          <legend className="sr-only">{t('chart.type')}</legend>
          {STYLES.map(({ key, icon: Icon }) => (
            <button
              key={key}
              type="button"
              aria-pressed={key === style}
              aria-label={t(`chart.${key}`)}
              title={t(`chart.${key}`)}
              onClick={() => setStyle(key)}
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                key === style
                  ? 'bg-primary/15 text-primary'
                  : 'text-muted-foreground hover:bg-accent hover:text-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
            </button>
          ))}
        </fieldset>
      </div>
      <div className="relative min-h-0 flex-1">
        <div ref={container} data-testid="chart-canvas" className="absolute inset-0" />
        {engine ? <ChartLegend engine={engine} asset={asset} interval={chartInterval} /> : null}
        {candles.isPending ? (
          <Overlay>
            <Spinner /> {t('chart.loading')}
          </Overlay>
        ) : candles.isError && !data ? (
          <Overlay>
            <span role="alert">{t('chart.failed')}</span>
            <Button size="sm" variant="outline" onClick={() => void candles.refetch()}>
              {t('states.retry')}
            </Button>
          </Overlay>
        ) : null}
      </div>
    </div>
  );
}

function Overlay({ children }: { children: ReactNode }) {
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center gap-2 text-sm text-muted-foreground">
      {children}
    </div>
  );
}

/** Open, high, low and close of the bar under the crosshair, else of the latest bar. */
function ChartLegend({
  engine,
  asset,
  interval,
}: {
  engine: ChartEngine;
  asset: Asset;
  interval: CandleInterval;
}) {
  const { t } = useTranslation('terminal');
  const { bar, hovering } = useSyncExternalStore(engine.subscribeLegend, engine.getLegend, engine.getLegend);
  const d = asset.decimals;
  const up = bar ? bar.close >= bar.open : true;
  const change = bar && bar.open !== 0 ? ((bar.close - bar.open) / bar.open) * 100 : null;
  return (
    <div
      data-testid="chart-legend"
      className="pointer-events-none absolute top-1.5 start-2 z-10 flex max-w-[calc(100%-5rem)] flex-wrap items-baseline gap-x-2.5 gap-y-0.5 text-xs tabular-nums"
    >
      <span className="font-semibold text-foreground">
        {asset.symbol_display || asset.symbol} · {interval}
      </span>
      {bar ? (
        <>
          {(['open', 'high', 'low', 'close'] as const).map((k) => (
            <span key={k} className="text-muted-foreground">
              {t(`chart.${k}`)}{' '}
              <span data-ohlc={k} className={up ? 'text-buy' : 'text-sell'}>
                {formatPrice(bar[k], d)}
              </span>
            </span>
          ))}
          {change !== null ? (
            <span dir="ltr" className={up ? 'text-buy' : 'text-sell'}>
              {change >= 0 ? '+' : ''}
              {formatNumber(change / 100, {
                style: 'percent',
                minimumFractionDigits: 2,
                maximumFractionDigits: 2,
              })}
            </span>
          ) : null}
          {hovering ? (
            <span className="text-muted-foreground">{formatChartTime(Math.floor(bar.time / 1000))}</span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
